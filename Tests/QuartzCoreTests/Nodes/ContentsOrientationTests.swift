import XCTest
@testable import QuartzCore
import LaminaTesting

/// Contents under flipped geometry, as Apple shows them (`ContentsOrientation`): an image stays
/// upright on screen whatever flips apply, gravity names are y up in the layer's geometry,
/// `draw(in:)` gets a context in that geometry, masks and text layers follow. Each scene is
/// checked in both renderers: the window compositor and the layer renderer (`RenderTree.draw`,
/// what `CARenderer` draws with), and `render(in:)` where it differs. Each fails without the
/// rules (the images showed upside down under an odd number of flips).
final class ContentsOrientationTests: CompositingTestCase {
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A 20-pixel-wide image, `top` rows red from its top row down, then blue to `height`.
    private func image(top: Int = 10, height: Int = 20, clearBelow: Bool = false) -> CGImage {
        let ctx = CGContext(data: nil, width: 20, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        // Core Graphics' own space is y up: the image's top rows are the larger y.
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: height - top, width: 20, height: top))
        if !clearBelow {
            ctx.setFillColor(blue)
            ctx.fill(CGRect(x: 0, y: 0, width: 20, height: height - top))
        }
        return ctx.makeImage()!
    }

    /// A 240×160 black root holding a chain of layers (0, 0, 100, 100), the first flipped and the
    /// others as `flips` says, the last holding `leaf`.
    private func scene(flips: [Bool], leaf: CALayer) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)    // black: empty is zero in every picture
        var parent = root
        for flipped in flips {
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            layer.isGeometryFlipped = flipped
            parent.addSublayer(layer)
            parent = layer
        }
        parent.addSublayer(leaf)
        return root
    }

    /// The pictures of `root` by the compositor, the layer renderer and `render(in:)`, named.
    private func pictures(of root: CALayer) -> [(String, CGImage)] {
        let window = target()
        XCTAssertNotNil(composited(root, with: Compositor(), into: window))
        let drawn = target()
        drawn.translateBy(x: 0, y: CGFloat(size.height))
        drawn.scaleBy(x: 1, y: -1)
        root.render(in: drawn)
        return [("compositor", window.makeImage()!), ("layer renderer", rendered(root)), ("render(in:)", drawn.makeImage()!)]
    }

    private func rgb(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        let p = SnapshotComparison.rgba(image)
        let i = (y * image.width + x) * 4
        return [p[i], p[i + 1], p[i + 2]]
    }

    private func assertColor(_ image: CGImage, _ x: Int, _ y: Int, _ expected: [UInt8], _ what: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        let got = rgb(image, x, y)
        XCTAssertTrue(zip(got, expected).allSatisfy { abs(Int($0) - Int($1)) <= 8 }, "\(what) at (\(x), \(y)): \(got), not \(expected)",
                      file: file, line: line)
    }

    private let isRed: [UInt8] = [255, 0, 0], isBlue: [UInt8] = [0, 0, 255]

    func testAnImageStaysUprightUnderAFlippedSuperlayer() {
        let picture = CALayer()
        picture.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        picture.contents = image()
        // Placed from the bottom: rows 70 to 90 on screen, the image's red top half above.
        for (name, shown) in pictures(of: scene(flips: [true], leaf: picture)) {
            assertColor(shown, 20, 74, isRed, name)
            assertColor(shown, 20, 86, isBlue, name)
        }
    }

    func testTwoFlipsCancelAndAnImageIsUprightAtEveryDepth() {
        let picture = CALayer()
        picture.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        picture.contents = image()
        // Two flips: placed from the top again (rows 10 to 30); upright either way.
        for (name, shown) in pictures(of: scene(flips: [true, true], leaf: picture)) {
            assertColor(shown, 20, 14, isRed, name)
            assertColor(shown, 20, 26, isBlue, name)
        }
        let deeper = CALayer()
        deeper.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        deeper.contents = image()
        for (name, shown) in pictures(of: scene(flips: [true, false, true, true], leaf: deeper)) {
            assertColor(shown, 20, 74, isRed, name + ", three flips")
            assertColor(shown, 20, 86, isBlue, name + ", three flips")
        }
    }

    func testTheLayersOwnFlipLeavesItsImageAsItWas() {
        let picture = CALayer()
        picture.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        picture.contents = image()
        picture.isGeometryFlipped = true
        for (name, shown) in pictures(of: scene(flips: [false], leaf: picture)) {
            assertColor(shown, 20, 14, isRed, name)
            assertColor(shown, 20, 26, isBlue, name)
        }
    }

    func testGravityNamesAreYUpInTheLayersGeometry() {
        // Under one flip the layer's geometry runs y up: `.top` is the top of the screen, and
        // `contentsAreFlipped()` is false, as Apple's contentsGravity page pairs them.
        let picture = CALayer()
        picture.frame = CGRect(x: 10, y: 10, width: 40, height: 40)     // rows 50 to 90 on screen
        picture.contents = image()
        picture.contentsGravity = .top
        let root = scene(flips: [true], leaf: picture)
        XCTAssertFalse(picture.contentsAreFlipped())
        for (name, shown) in pictures(of: root) {
            assertColor(shown, 30, 54, isRed, name)
            assertColor(shown, 30, 66, isBlue, name)
            XCTAssertEqual(SnapshotComparison.rgba(shown)[(80 * shown.width + 30) * 4 + 2], 0, "\(name): nothing below the image")
        }
    }

    func testContentsRectAndCenterAreMeasuredFromTheImagesTopRow() {
        // The top half of the image (red) fills the layer.
        let half = CALayer()
        half.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        half.contents = image()
        half.contentsRect = CGRect(x: 0, y: 0, width: 1, height: 0.5)
        for (name, shown) in pictures(of: scene(flips: [true], leaf: half)) {
            assertColor(shown, 20, 72, isRed, name + ", contentsRect")
            assertColor(shown, 20, 88, isRed, name + ", contentsRect")
        }
        // Nine parts: a 5-row red cap at the image's top stays 5 rows at the top of the screen.
        let stretched = CALayer()
        stretched.frame = CGRect(x: 10, y: 10, width: 20, height: 60)    // rows 30 to 90 on screen
        stretched.contents = image(top: 5)
        stretched.contentsCenter = CGRect(x: 0, y: 0.25, width: 1, height: 0.75)
        for (name, shown) in pictures(of: scene(flips: [true], leaf: stretched)) {
            assertColor(shown, 20, 32, isRed, name + ", contentsCenter")
            assertColor(shown, 20, 40, isBlue, name + ", contentsCenter")
            assertColor(shown, 20, 88, isBlue, name + ", contentsCenter")
        }
    }

    func testDrawInContextSeesTheLayersGeometry() {
        // The drawing code Apple's documentation asks for: flip when the contents are flipped,
        // then draw y up. Its "top half" must be the top of the screen under any flips.
        final class Drawing: NSObject, CALayerDelegate {
            func draw(_ layer: CALayer, in ctx: CGContext) {
                if layer.contentsAreFlipped() {
                    ctx.translateBy(x: 0, y: layer.bounds.height)
                    ctx.scaleBy(x: 1, y: -1)
                }
                ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
                ctx.fill(CGRect(x: 0, y: layer.bounds.height / 2, width: layer.bounds.width, height: layer.bounds.height / 2))
            }
        }
        let delegate = Drawing()
        for flips in [[true], [true, true], [false]] {
            let drawn = CALayer()
            drawn.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            drawn.delegate = delegate
            let root = scene(flips: flips, leaf: drawn)
            drawn.setNeedsDisplay()
            drawn.displayIfNeeded()
            let top = flips.filter { $0 }.count % 2 == 1 ? 70 : 10
            for (name, shown) in pictures(of: root) {
                assertColor(shown, 20, top + 4, isRed, "\(name), flips \(flips)")
                XCTAssertEqual(SnapshotComparison.rgba(shown)[((top + 16) * shown.width + 20) * 4 + 1], 0,
                               "\(name), flips \(flips): the lower half is empty")
            }
        }
    }

    func testAContextIsYUpWhereTheContentsAreNotFlipped() {
        final class Probe: CALayer, @unchecked Sendable {
            var ctmD: CGFloat = 0
            override func draw(in ctx: CGContext) { ctmD = ctx.ctm.d }
        }
        let plain = Probe(), under = Probe()
        plain.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        under.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        _ = scene(flips: [true], leaf: under)
        plain.display()
        under.display()
        XCTAssertLessThan(plain.ctmD, 0, "y down: the contents are flipped")
        XCTAssertGreaterThan(under.ctmD, 0, "y up under one flip")
    }

    func testATextLayerReadsFromTheTopUnderAFlip() {
        let text = CATextLayer()
        text.frame = CGRect(x: 0, y: 0, width: 100, height: 60)          // rows 40 to 100 on screen
        text.string = "TTTT"
        text.fontSize = 20
        text.foregroundColor = red
        text.contentsScale = 1
        let root = scene(flips: [true], leaf: text)
        text.display()
        for (name, shown) in pictures(of: root) {
            let p = SnapshotComparison.rgba(shown)
            func ink(_ rows: Range<Int>) -> Int { rows.reduce(0) { sum, y in sum + (0..<100).filter { p[(y * shown.width + $0) * 4] > 96 }.count } }
            XCTAssertGreaterThan(ink(40..<70), 50, "\(name): the line is at the top of the layer")
            XCTAssertEqual(ink(70..<100), 0, "\(name): nothing at the bottom")
            // A T's bar is its top: more ink in the line's first rows than its last.
            let rows = (40..<70).filter { ink($0..<($0 + 1)) > 0 }
            if let first = rows.first, let last = rows.last {
                XCTAssertGreaterThan(ink(first..<(first + 2)), ink((last - 1)..<(last + 1)), "\(name): upright")
            }
        }
    }

    func testAMasksContentsStayUprightUnderAFlip() {
        let masked = CALayer()
        masked.frame = CGRect(x: 10, y: 10, width: 20, height: 20)      // rows 70 to 90 on screen
        masked.backgroundColor = blue
        let mask = CALayer()
        mask.frame = masked.bounds
        mask.contents = image(clearBelow: true)                          // opaque top half only
        masked.mask = mask
        for (name, shown) in pictures(of: scene(flips: [true], leaf: masked)) {
            assertColor(shown, 20, 74, isBlue, name)
            XCTAssertEqual(SnapshotComparison.rgba(shown)[(86 * shown.width + 20) * 4 + 2], 0, "\(name): masked out below")
        }
    }

    func testAShapeIsGeometryAndFlipsWithItsSuperlayer() {
        // Not contents: a path at y 0…10 of the shape's bounds is drawn where that geometry puts
        // it, the bottom of the shape on screen under one flip (rows 80…90 of 70…90).
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 10), transform: nil)
        shape.fillColor = red
        for (name, shown) in pictures(of: scene(flips: [true], leaf: shape)) {
            assertColor(shown, 20, 86, isRed, name)
            XCTAssertEqual(SnapshotComparison.rgba(shown)[(74 * shown.width + 20) * 4], 0, "\(name): nothing above")
        }
    }

    func testATransitionsOldLookIsUprightUnderAFlip() {
        let picture = CALayer()
        picture.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        picture.contents = image()
        let root = scene(flips: [true], leaf: picture)
        let fade = CATransition()
        fade.type = .fade
        fade.duration = 1
        picture.add(fade, forKey: kCATransition)
        picture.contents = image(top: 20)                                // the new look: all red
        // At the transition's start the old look shows alone, upright.
        for (name, shown) in pictures(of: root).prefix(2) {
            assertColor(shown, 20, 74, isRed, name)
            assertColor(shown, 20, 86, isBlue, name)
        }
    }

    func testChangingAFlipAboveRedrawsTheWindowsContents() {
        let picture = CALayer()
        picture.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        picture.contents = image()
        let root = scene(flips: [false], leaf: picture)
        let flipper = root.sublayers![0]
        let compositor = Compositor(), window = target()
        XCTAssertNotNil(composited(root, with: compositor, into: window))
        assertColor(window.makeImage()!, 20, 14, isRed, "unflipped")
        flipper.isGeometryFlipped = true
        XCTAssertNotNil(composited(root, with: compositor, into: window))
        let shown = window.makeImage()!
        assertColor(shown, 20, 74, isRed, "flipped: the same texture would be upside down")
        assertColor(shown, 20, 86, isBlue, "flipped")
    }
}
