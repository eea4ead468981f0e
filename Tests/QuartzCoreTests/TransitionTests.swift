import XCTest
import QuartzCore
import LaminaTesting

final class TransitionTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    /// A 100×20 layer: green on the left half, red on the right.
    func twoTone() -> (CALayer, CALayer) {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        let left = CALayer()
        left.frame = CGRect(x: 0, y: 0, width: 50, height: 20)
        left.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        layer.addSublayer(left)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        return (layer, left)
    }

    /// The pixel at (x, 10) of the layer rendered at `t` seconds.
    func pixel(_ layer: CALayer, at t: Double, x: Int) -> [UInt8] {
        let renderer = CARenderer(size: CGSize(width: 100, height: 20))
        renderer.layer = layer
        let pixels = SnapshotComparison.rgba(renderer.makeImage(atTime: 1000 + t)!)
        let i = (10 * 100 + x) * 4
        return Array(pixels[i..<i + 4])
    }

    func transition(_ type: CATransitionType, _ subtype: CATransitionSubtype? = nil) -> (CALayer, CATransition) {
        let (layer, left) = twoTone()
        let t = CATransition()
        t.type = type
        t.subtype = subtype
        t.duration = 1
        layer.add(t, forKey: kCATransition)
        left.removeFromSuperlayer()                                    // the new look: all blue
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        return (layer, t)
    }

    func testFade() {
        let (layer, _) = transition(.fade)
        XCTAssertEqual(pixel(layer, at: 0, x: 75), [255, 0, 0, 255])
        let mid = pixel(layer, at: 0.5, x: 75)
        XCTAssertEqual(Int(mid[0]), 128, accuracy: 3)
        XCTAssertEqual(Int(mid[2]), 128, accuracy: 3)
        XCTAssertEqual(pixel(layer, at: 1.5, x: 75), [0, 0, 255, 255])
    }

    func testDirectionalTypes() {
        let (push, _) = transition(.push)                               // from the right: the old look leaves left
        XCTAssertEqual(pixel(push, at: 0.5, x: 25), [255, 0, 0, 255])   // the old right half, pushed left
        XCTAssertEqual(pixel(push, at: 0.5, x: 75), [0, 0, 255, 255])
        let (moveIn, _) = transition(.moveIn)
        XCTAssertEqual(pixel(moveIn, at: 0.5, x: 25), [0, 255, 0, 255]) // the old look stays put
        XCTAssertEqual(pixel(moveIn, at: 0.5, x: 75), [0, 0, 255, 255])
        let (reveal, _) = transition(.reveal, .fromLeft)                // the old look slides right
        XCTAssertEqual(pixel(reveal, at: 0.5, x: 25), [0, 0, 255, 255])
        XCTAssertEqual(pixel(reveal, at: 0.5, x: 75), [0, 255, 0, 255]) // the old left half, moved right
    }

    func testProgressRange() {
        let (layer, _) = twoTone()
        let fade = CATransition()
        fade.duration = 1
        fade.startProgress = 0.5
        fade.endProgress = 0.5                                          // frozen half way
        layer.add(fade, forKey: kCATransition)
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        XCTAssertEqual(Int(pixel(layer, at: 0.9, x: 75)[0]), 128, accuracy: 3)
    }
}
