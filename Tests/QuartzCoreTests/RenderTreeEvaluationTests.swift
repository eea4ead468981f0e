import XCTest
@testable import QuartzCore
import LaminaTesting

/// The render-tree evaluator (snapshots, any thread) against `presentation()` (layer copies,
/// main thread): one animation code path, so the two must agree.
final class RenderTreeEvaluationTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    func scene() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        root.speed = 0.5                                               // the tree's time runs slow
        let card = CALayer()
        card.frame = CGRect(x: 20, y: 20, width: 50, height: 40)
        card.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        card.cornerRadius = 6
        root.addSublayer(card)
        let move = CAKeyframeAnimation(keyPath: "position")
        move.values = [CGPoint(x: 45, y: 40), CGPoint(x: 120, y: 40), CGPoint(x: 120, y: 90)]
        move.duration = 1
        card.add(move, forKey: "move")
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.toValue = CGFloat.pi / 3
        spin.duration = 1
        spin.autoreverses = true
        card.add(spin, forKey: "spin")
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 90, y: 10, width: 60, height: 40)
        gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        let slide = CABasicAnimation(keyPath: "locations")
        slide.fromValue = [0, 0.2]
        slide.toValue = [0.8, 1]
        slide.duration = 1
        gradient.add(slide, forKey: "slide")
        let fade = CASpringAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = fade.settlingDuration
        gradient.add(fade, forKey: "fade")
        root.addSublayer(gradient)
        return root
    }

    func testSnapshotsAndPresentationLayersAgree() throws {
        let root = scene()
        for t in [0.2, 0.7, 1.3, 2.5] {
            let media = 1000 + t
            let viaPresentation = LayerSnapshot(root.presentationTree(at: media))
            let viaSnapshot = LayerSnapshot(root).presented(atParentTime: media)
            XCTAssertFalse(LayerSnapshot(root).needsDisplayWhenAnimated)
            for (a, b) in zip(viaPresentation.sublayers, viaSnapshot.sublayers) {
                XCTAssertEqual(a.position, b.position, "t = \(t)")
                XCTAssertEqual(a.transform, b.transform, "t = \(t)")
                XCTAssertEqual(a.opacity, b.opacity, accuracy: 1e-9, "t = \(t)")
                if case .gradient(let g)? = a.content, case .gradient(let h)? = b.content {
                    XCTAssertEqual(g.locations, h.locations, "t = \(t)")
                }
            }
        }
    }

    func testTheRenderTreeEvaluatesOffTheMainThread() throws {
        let root = scene()
        let snapshot = LayerSnapshot(root)
        let expected = snapshot.presented(atParentTime: 1000.6).sublayers[0].position
        let done = expectation(description: "evaluated")
        DispatchQueue.global().async {
            let position = snapshot.presented(atParentTime: 1000.6).sublayers[0].position
            XCTAssertEqual(position, expected)
            XCTAssertFalse(Thread.isMainThread)
            done.fulfill()
        }
        wait(for: [done], timeout: 5)
    }
}

final class PresentationCopyTests: XCTestCase {
    /// `init(layer:)` copies CALayer's own properties directly: every key must make it across.
    func testCopiesEveryBuiltInProperty() {
        let layer = CALayer()
        let values: [String: Any] = [
            "bounds": CGRect(x: 1, y: 2, width: 3, height: 4), "position": CGPoint(x: 5, y: 6), "zPosition": 7,
            "anchorPoint": CGPoint(x: 0.1, y: 0.9), "anchorPointZ": 2, "transform": CATransform3DMakeScale(2, 3, 4),
            "sublayerTransform": CATransform3DMakeTranslation(1, 2, 3), "geometryFlipped": true, "masksToBounds": true,
            "contentsRect": CGRect(x: 0.1, y: 0.1, width: 0.5, height: 0.5), "contentsCenter": CGRect(x: 0.2, y: 0.2, width: 0.1, height: 0.1),
            "contentsGravity": "top", "contentsScale": 3, "minificationFilter": "nearest", "magnificationFilter": "trilinear",
            "minificationFilterBias": 0.5, "opaque": true, "needsDisplayOnBoundsChange": true, "drawsAsynchronously": true,
            "backgroundColor": CGColor(red: 1, green: 0, blue: 0, alpha: 1), "cornerRadius": 9, "maskedCorners": 5,
            "cornerCurve": "continuous", "borderWidth": 2, "borderColor": CGColor(gray: 0.5, alpha: 1), "opacity": 0.4,
            "hidden": true, "doubleSided": false, "allowsGroupOpacity": false, "allowsEdgeAntialiasing": true,
            "edgeAntialiasingMask": 3, "shouldRasterize": true, "rasterizationScale": 2,
            "shadowColor": CGColor(gray: 0.2, alpha: 1), "shadowOpacity": 0.8, "shadowOffset": CGSize(width: 3, height: 4),
            "shadowRadius": 6, "shadowPath": CGPath(rect: CGRect(x: 0, y: 0, width: 5, height: 5), transform: nil),
            "name": "copied", "style": ["k": 1],
            "contents": CGContext(data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!.makeImage()!,
        ]
        for (key, value) in values { layer.setValue(value, forKey: key) }
        let copy = CALayer(layer: layer)
        for key in LayerProperty.builtIn.keys where !LayerProperty.notCopied.contains(key) {
            XCTAssertEqual(String(describing: copy.value(forKey: key)), String(describing: layer.value(forKey: key)), key)
            XCTAssertNotEqual(String(describing: DefaultLayer.shared.value(forKey: key)), String(describing: layer.value(forKey: key)),
                              "\(key): give it a non-default value in this test")
        }
    }
}
