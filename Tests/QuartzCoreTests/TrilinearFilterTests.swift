import XCTest
@testable import QuartzCore
import LaminaTesting

/// `minificationFilter = .trilinear` samples between the two nearest mipmap levels of the
/// contents (`MipmapCache`), and `minificationFilterBias` moves the level: in the layer renderer
/// and in the compositor, which draws a layer's contents into its texture the same way.
final class TrilinearFilterTests: CompositingTestCase {
    /// A `size`-pixel opaque image whose pixel (x, y) is white when `white(x, y)`, else black.
    func pattern(_ size: Int, white: (Int, Int) -> Bool) -> CGImage {
        var pixels = [UInt32](repeating: 0, count: size * size)
        for y in 0..<size { for x in 0..<size { pixels[y * size + x] = white(x, y) ? 0xFFFF_FFFF : 0xFF00_0000 } }
        return pixels.withUnsafeMutableBytes { raw in
            CGContext(data: raw.baseAddress, width: size, height: size, bitsPerComponent: 8, bytesPerRow: size * 4,
                      space: CGColorSpaceCreateDeviceRGB(),
                      bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!.makeImage()!
        }
    }

    /// A root with one layer showing `image` over `frame` (resized to fill it).
    func scene(_ image: CGImage, frame: CGRect, _ configure: (CALayer) -> Void) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let layer = CALayer()
        layer.frame = frame
        layer.contents = image
        layer.contentsGravity = .resize
        configure(layer)
        root.addSublayer(layer)
        return root
    }

    /// The red channel of the pixels inside `rect` (whole pixels) in the renderer's and the
    /// compositor's pictures of `root`.
    func samples(of root: CALayer, in rect: CGRect) throws -> [(name: String, values: [Double])] {
        let ctx = target()
        _ = try XCTUnwrap(composited(root, with: Compositor(), into: ctx))
        let pictures = [("renderer", rendered(root)), ("compositor", try XCTUnwrap(ctx.makeImage()))]
        return pictures.map { name, image in
            let rgba = SnapshotComparison.rgba(image)
            var values: [Double] = []
            for y in Int(rect.minY)..<Int(rect.maxY) {
                for x in Int(rect.minX)..<Int(rect.maxX) { values.append(Double(rgba[(y * size.width + x) * 4])) }
            }
            return (name, values)
        }
    }

    func mean(_ v: [Double]) -> Double { v.reduce(0, +) / Double(v.count) }
    func variance(_ v: [Double]) -> Double { let m = mean(v); return v.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(v.count) }

    /// A one-pixel checkerboard shown at 1/8 of its size: trilinear filtering shows its average
    /// (a uniform mid gray), nearest-neighbour sampling does not.
    func testTrilinearShowsTheAverageOfAMinifiedCheckerboard() throws {
        let checkerboard = pattern(256) { ($0 + $1) % 2 == 0 }
        let frame = CGRect(x: 40, y: 40, width: 32, height: 32)
        let inside = frame.insetBy(dx: 1, dy: 1)
        for (name, values) in try samples(of: scene(checkerboard, frame: frame) { $0.minificationFilter = .trilinear }, in: inside) {
            XCTAssertEqual(mean(values), 127.5, accuracy: 3, name)
            XCTAssertLessThan(variance(values), 4, "\(name): near-uniform gray")
        }
        for (name, values) in try samples(of: scene(checkerboard, frame: frame) { $0.minificationFilter = .nearest }, in: inside) {
            XCTAssertGreaterThan(values.filter { abs($0 - 127.5) > 100 }.count, values.count * 9 / 10, "\(name): black or white, not gray")
        }
    }

    /// Columns two pixels wide shown at half size: level 1 holds one-pixel columns, level 2 is
    /// gray; a bias of +1 picks level 2 (blurrier), a bias of 0.5 lies between.
    func testBiasMovesTheLevelOfDetail() throws {
        let columns = pattern(128) { x, _ in (x / 2) % 2 == 0 }
        let frame = CGRect(x: 40, y: 40, width: 64, height: 64)
        let inside = frame.insetBy(dx: 2, dy: 2)
        func variances(_ bias: Float) throws -> [Double] {
            try samples(of: scene(columns, frame: frame) { $0.minificationFilter = .trilinear; $0.minificationFilterBias = bias },
                        in: inside).map { variance($0.values) }
        }
        let sharp = try variances(0), between = try variances(0.5), blurred = try variances(1)
        for k in 0..<2 {
            XCTAssertGreaterThan(sharp[k], 3000, "level 1: black and white columns")
            XCTAssertLessThan(blurred[k], 10, "level 2: gray")
            XCTAssertLessThan(between[k], sharp[k] * 0.5)
            XCTAssertGreaterThan(between[k], blurred[k] + 100)
        }
    }

    /// Levels are built once per image and kept by the renderer's context.
    func testMipmapsAreBuiltOncePerImage() throws {
        let image = pattern(64) { ($0 + $1) % 2 == 0 }
        let context = RenderContext()
        let chain = context.mipmaps.chain(of: image)
        XCTAssertEqual(chain.levels.map(\.width), [64, 32, 16, 8, 4, 2, 1])
        XCTAssertTrue(context.mipmaps.chain(of: image) === chain)
        XCTAssertEqual(context.mipmaps.built, 1)
        // Drawn twice through the same context: still one chain.
        let root = scene(image, frame: CGRect(x: 10, y: 10, width: 8, height: 8)) { $0.minificationFilter = .trilinear }
        let ctx = target()
        for _ in 0..<2 { RenderTree(root)!.draw(atMediaTime: CACurrentMediaTime(), in: ctx, context: context) }
        XCTAssertEqual(context.mipmaps.built, 1)
        // An odd side averages what there is.
        let odd = MipmapCache.halvings(of: pattern(3) { x, _ in x == 2 })
        XCTAssertEqual(odd.map(\.width), [2, 1])
    }
}
