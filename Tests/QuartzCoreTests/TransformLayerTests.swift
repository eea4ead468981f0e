import XCTest
@testable import QuartzCore
import LaminaTesting

/// CATransformLayer: its sublayers keep their 3D places (sorted by depth, back faces culled),
/// its own look is ignored and its opacity fades each sublayer alone — in windows and in
/// `CARenderer`; Apple's `render(in:)` draws it as a plain layer.
final class TransformLayerTests: CompositingTestCase {
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    private func square(_ frame: CGRect, _ color: CGColor, z: CGFloat) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        layer.transform = CATransform3DMakeTranslation(0, 0, z)
        return layer
    }

    /// Red 20 points nearer than blue, blue listed after it and overlapping it.
    private func scene(_ container: CALayer) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        container.frame = CGRect(x: 20, y: 20, width: 200, height: 120)
        container.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        container.addSublayer(square(CGRect(x: 10, y: 10, width: 60, height: 60), red, z: 20))
        container.addSublayer(square(CGRect(x: 40, y: 40, width: 60, height: 60), blue, z: -20))
        root.addSublayer(container)
        return root
    }

    private func rgb(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] { Array(pixel(image, x, y)[0..<3]) }

    func testSublayersAreSortedByDepthAndItsOwnLookIgnored() throws {
        let root = scene(CATransformLayer())
        let ctx = target()
        let compositor = Compositor()
        _ = try XCTUnwrap(composited(root, with: compositor, into: ctx))
        let image = try XCTUnwrap(ctx.makeImage())
        XCTAssertEqual(rgb(image, 75, 75), [255, 0, 0], "the nearer red covers blue where they overlap")
        XCTAssertEqual(rgb(image, 110, 110), [0, 0, 255], "blue elsewhere")
        XCTAssertEqual(rgb(image, 200, 130), [255, 255, 255], "no background of its own")
        XCTAssertEqual(compositor.lastFallbacks, [])
        let drawn = rendered(root)
        XCTAssertEqual(rgb(drawn, 75, 75), [255, 0, 0], "CARenderer's rules are the compositor's")
        XCTAssertEqual(rgb(drawn, 200, 130), [255, 255, 255])

        // A plain layer flattens: the later sublayer is on top, and its background shows.
        let plain = scene(CALayer())
        let ctx2 = target()
        _ = try XCTUnwrap(composited(plain, with: Compositor(), into: ctx2))
        let flat = try XCTUnwrap(ctx2.makeImage())
        XCTAssertEqual(rgb(flat, 75, 75), [0, 0, 255])
        XCTAssertEqual(rgb(flat, 200, 130), [0, 255, 0])
    }

    /// Apple's `render(in:)` (measured) draws a transform layer as a plain layer.
    func testRenderInContextDrawsItAsAPlainLayer() throws {
        let transformLayer = CATransformLayer()
        let root = scene(transformLayer)
        transformLayer.borderWidth = 3
        transformLayer.borderColor = red
        transformLayer.masksToBounds = true
        transformLayer.sublayers![1].position.x += 140      // half past the bounds
        let ctx = CGContext(data: nil, width: 240, height: 160, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.translateBy(x: 0, y: 160)
        ctx.scaleBy(x: 1, y: -1)
        root.render(in: ctx)
        let image = try XCTUnwrap(ctx.makeImage())
        XCTAssertEqual(rgb(image, 200, 130), [0, 255, 0], "its background")
        XCTAssertEqual(rgb(image, 21, 60), [255, 0, 0], "its border")
        XCTAssertEqual(rgb(image, 210, 90), [0, 0, 255], "a sublayer inside the bounds")
        XCTAssertEqual(pixel(image, 225, 90), [0, 0, 0, 0], "clipped to the bounds")
    }

    /// A face turned away is hidden when not double-sided; its opacity fades each sublayer alone.
    func testBackFacesAreCulledAndOpacityFadesEachSublayer() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        let t = CATransformLayer()
        t.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        let back = square(CGRect(x: 10, y: 10, width: 50, height: 50), red, z: 0)
        back.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        back.isDoubleSided = false
        t.addSublayer(back)
        let a = square(CGRect(x: 100, y: 40, width: 60, height: 60), red, z: 0)
        let b = square(CGRect(x: 130, y: 70, width: 60, height: 60), blue, z: 10)
        t.addSublayer(a)
        t.addSublayer(b)
        t.opacity = 0.5
        root.addSublayer(t)
        let ctx = target()
        _ = try XCTUnwrap(composited(root, with: Compositor(), into: ctx))
        let image = try XCTUnwrap(ctx.makeImage())
        XCTAssertEqual(rgb(image, 35, 35), [255, 255, 255], "the turned-away face is hidden")
        back.isDoubleSided = true
        let ctx2 = target()
        _ = try XCTUnwrap(composited(root, with: Compositor(), into: ctx2))
        let shown = rgb(try XCTUnwrap(ctx2.makeImage()), 35, 35)
        for (k, expected) in [255, 128, 128].enumerated() { XCTAssertLessThanOrEqual(abs(Int(shown[k]) - expected), 1, "double-sided, it shows (faded)") }
        // Not a group: blue at half over red at half over white (a group would show blue at half over white: 127, 127, 255).
        let overlap = rgb(image, 145, 85)
        for (k, expected) in [127, 64, 191].enumerated() { XCTAssertLessThanOrEqual(abs(Int(overlap[k]) - expected), 2, "\(overlap)") }
        for (k, expected) in [255, 128, 128].enumerated() { XCTAssertLessThanOrEqual(abs(Int(rgb(image, 110, 50)[k]) - expected), 2) }
    }

    /// The cube demo's kind of scene, in perspective: windows and the renderer agree, and the
    /// face toward the viewer is the one seen.
    func testACubeInPerspectiveLooksTheSameInWindowsAndTheRenderer() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 400
        root.sublayerTransform = perspective
        let cube = CATransformLayer()
        cube.position = CGPoint(x: 120, y: 80)
        let colors = [red, blue, CGColor(red: 0, green: 1, blue: 0, alpha: 1), CGColor(red: 1, green: 1, blue: 0, alpha: 1),
                      CGColor(red: 0, green: 1, blue: 1, alpha: 1), CGColor(red: 1, green: 0, blue: 1, alpha: 1)]
        let turns: [(CGFloat, CGFloat, CGFloat)] = [(0, 0, 1), (.pi, 0, 1), (.pi / 2, 0, 1), (-.pi / 2, 0, 1), (.pi / 2, 1, 0), (-.pi / 2, 1, 0)]
        for (i, turn) in turns.enumerated() {
            let face = CALayer()
            face.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
            face.backgroundColor = colors[i]
            face.isDoubleSided = false
            face.transform = CATransform3DTranslate(CATransform3DMakeRotation(turn.0, turn.1, turn.2, 0), 0, 0, 40)
            cube.addSublayer(face)
        }
        cube.sublayerTransform = CATransform3DRotate(CATransform3DMakeRotation(0.5, 0, 1, 0), -0.4, 1, 0, 0)
        root.addSublayer(cube)
        let ctx = target()
        let compositor = Compositor()
        _ = try XCTUnwrap(composited(root, with: compositor, into: ctx))
        let image = try XCTUnwrap(ctx.makeImage())
        XCTAssertLessThan(differing(image, rendered(root)), size.width * size.height / 100)
        XCTAssertEqual(compositor.lastFallbacks, [])
        XCTAssertEqual(rgb(image, 125, 95), [255, 0, 0], "the front face, in front")
        XCTAssertEqual(rgb(image, 5, 5), [255, 255, 255])
    }
}
