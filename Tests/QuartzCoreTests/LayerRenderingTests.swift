import XCTest
import QuartzCore
import LaminaTesting

/// Pixels of rendered layer trees: what each style property does, checked where it shows.
final class LayerRenderingTests: XCTestCase {
    struct Frame {
        let pixels: [UInt8]
        let width: Int
        let scale: CGFloat
        /// The premultiplied RGBA at a point (in points, top-left origin).
        subscript(_ x: CGFloat, _ y: CGFloat) -> [UInt8] {
            let i = (Int(y * scale) * width + Int(x * scale)) * 4
            return Array(pixels[i..<i + 4])
        }
    }

    func render(_ layer: CALayer, size: CGSize = CGSize(width: 100, height: 100), scale: CGFloat = 1) -> Frame {
        let image = renderSnapshot(of: layer, size: size, scale: scale)!
        return Frame(pixels: SnapshotComparison.rgba(image), width: image.width, scale: scale)
    }

    func layer(_ frame: CGRect, _ color: CGColor? = nil) -> CALayer {
        let l = CALayer()
        l.frame = frame
        l.backgroundColor = color
        return l
    }

    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    func testOrderBackgroundSublayersBorder() {
        let root = layer(CGRect(x: 10, y: 10, width: 80, height: 80), red)
        root.borderWidth = 10
        root.borderColor = blue
        root.addSublayer(layer(CGRect(x: -10, y: 30, width: 100, height: 20), green))
        let f = render(root)
        XCTAssertEqual(f[50, 30], [255, 0, 0, 255])                    // background
        XCTAssertEqual(f[50, 50], [0, 255, 0, 255])                    // sublayer over it
        XCTAssertEqual(f[15, 50], [0, 0, 255, 255])                    // border over the sublayer
        XCTAssertEqual(f[5, 50], [0, 255, 0, 255])                     // sublayer outside the parent
        XCTAssertEqual(f[50, 5], [0, 0, 0, 0])
    }

    func testCornerRadiusClipsBackgroundAlwaysAndSublayersWithMasksToBounds() {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100), red)
        root.cornerRadius = 40
        root.addSublayer(layer(CGRect(x: 0, y: 0, width: 20, height: 20), green))
        var f = render(root)
        XCTAssertEqual(f[50, 50], [255, 0, 0, 255])
        XCTAssertEqual(f[2, 2], [0, 255, 0, 255])                      // not masked: the corner shows the sublayer
        XCTAssertEqual(f[98, 2], [0, 0, 0, 0])                         // the background is rounded
        root.masksToBounds = true
        f = render(root)
        XCTAssertEqual(f[2, 2], [0, 0, 0, 0])
        root.maskedCorners = [.layerMaxXMaxYCorner]
        f = render(root)
        XCTAssertEqual(f[2, 2], [0, 255, 0, 255])
        XCTAssertEqual(f[98, 98], [0, 0, 0, 0])
    }

    func testContinuousCornersStartFurtherAlongTheEdges() {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100), red)
        root.cornerRadius = 20
        func cornerCoverage(_ f: Frame) -> Int {
            var sum = 0
            for y in 0..<31 { for x in 0..<31 { sum += Int(f[CGFloat(x), CGFloat(y)][3]) } }
            return sum
        }
        let circular = render(root)
        root.cornerCurve = .continuous
        let continuous = render(root)
        // The continuous curve eases in over 1.53 radii: it takes more out of the corner…
        XCTAssertLessThan(cornerCoverage(continuous), cornerCoverage(circular) - 255 * 5)
        // …and the edges are straight again beyond that.
        XCTAssertEqual(continuous[32, 0][3], 255)
        XCTAssertEqual(continuous[0, 32][3], 255)
        XCTAssertEqual(continuous[50, 50], [255, 0, 0, 255])
    }

    func testGroupOpacity() {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        root.opacity = 0.5
        root.addSublayer(layer(CGRect(x: 0, y: 0, width: 60, height: 100), red))
        root.addSublayer(layer(CGRect(x: 40, y: 0, width: 60, height: 100), red))
        var f = render(root)
        XCTAssertEqual(f[50, 50], f[10, 50])                           // one image, faded once
        XCTAssertEqual(Int(f[50, 50][3]), 128, accuracy: 1)
        root.allowsGroupOpacity = false
        f = render(root)
        XCTAssertEqual(Int(f[10, 50][3]), 128, accuracy: 1)
        XCTAssertEqual(Int(f[50, 50][3]), 191, accuracy: 2)            // each faded: 1 − 0.5²
    }

    func testShadowFollowsTheLayersAlphaAndIsOffsetInLayerCoordinates() {
        let root = layer(CGRect(x: 0, y: 0, width: 120, height: 120))
        let card = layer(CGRect(x: 20, y: 20, width: 40, height: 40), red)
        card.shadowOpacity = 1
        card.shadowRadius = 0
        card.shadowOffset = CGSize(width: 30, height: 30)              // right and down (y is down)
        root.addSublayer(card)
        var f = render(root, size: CGSize(width: 120, height: 120))
        XCTAssertEqual(f[85, 85], [0, 0, 0, 255])
        XCTAssertEqual(f[40, 40], [255, 0, 0, 255])
        XCTAssertEqual(f[30, 85][3], 0)
        card.masksToBounds = true                                      // as on Apple platforms: no shadow
        f = render(root, size: CGSize(width: 120, height: 120))
        XCTAssertEqual(f[85, 85][3], 0)
        card.masksToBounds = false
        card.shadowPath = CGPath(rect: CGRect(x: 30, y: 30, width: 10, height: 10), transform: nil)
        f = render(root, size: CGSize(width: 120, height: 120))
        XCTAssertEqual(f[85, 85], [0, 0, 0, 255])                      // the path's shadow: (80…90)
        XCTAssertEqual(f[70, 70][3], 0)                                // not the layer's own shape
        card.shadowRadius = 5
        card.shadowPath = nil
        f = render(root, size: CGSize(width: 120, height: 120))
        XCTAssertGreaterThan(f[70, 70][3], 240)
        XCTAssertGreaterThan(f[92, 70][3], 10)                         // blurred past the edge at 90
        XCTAssertLessThan(f[92, 70][3], 128)
    }

    func testMaskUsesTheMaskLayersAlpha() {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100), red)
        let mask = layer(CGRect(x: 0, y: 0, width: 50, height: 100), CGColor(gray: 0, alpha: 1))
        mask.addSublayer(layer(CGRect(x: 50, y: 0, width: 50, height: 50), CGColor(gray: 0, alpha: 0.5)))
        root.mask = mask
        let f = render(root)
        XCTAssertEqual(f[25, 50], [255, 0, 0, 255])
        XCTAssertEqual(Int(f[75, 25][3]), 128, accuracy: 2)
        XCTAssertEqual(f[75, 75][3], 0)
    }

    func testContentsGravityAndRects() throws {
        let image = try XCTUnwrap(Self.quadrants(size: 20))               // red, green / blue, white quadrants
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        root.contents = image
        var f = render(root)                                          // .resize
        XCTAssertEqual(f[10, 10], [255, 0, 0, 255])
        XCTAssertEqual(f[90, 90], [255, 255, 255, 255])
        root.contentsGravity = .center
        f = render(root)
        XCTAssertEqual(f[45, 45], [255, 0, 0, 255])
        XCTAssertEqual(f[20, 20][3], 0)
        root.contentsGravity = .top                                   // y-up names: the larger y, at the bottom
        f = render(root)
        XCTAssertEqual(f[45, 85], [255, 0, 0, 255])
        XCTAssertEqual(f[45, 5][3], 0)
        root.contentsGravity = .bottomLeft
        f = render(root)
        XCTAssertEqual(f[5, 5], [255, 0, 0, 255])
        root.contentsGravity = .resizeAspect
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        f = render(root)
        XCTAssertEqual(f[30, 10], [255, 0, 0, 255])
        XCTAssertEqual(f[10, 10][3], 0)                                // letterboxed at the sides
        root.contentsGravity = .resize
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.contentsRect = CGRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5)
        f = render(root)
        XCTAssertEqual(f[10, 10], [255, 255, 255, 255])                // only the white quadrant, stretched
        XCTAssertEqual(f[90, 90], [255, 255, 255, 255])
        root.contentsScale = 2
        root.contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
        root.contentsGravity = .topLeft
        f = render(root)
        XCTAssertEqual(f[2, 98], [0, 0, 255, 255])                     // 20 px at scale 2 are 10 points,
        XCTAssertEqual(f[8, 92], [0, 255, 0, 255])                     // at the larger y (the bottom)
        XCTAssertEqual(f[12, 95][3], 0)
    }

    func testNinePartStretchingKeepsCorners() throws {
        let image = try XCTUnwrap(Self.quadrants(size: 20))
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        root.contents = image
        root.contentsCenter = CGRect(x: 0.45, y: 0.45, width: 0.1, height: 0.1)
        let f = render(root)
        XCTAssertEqual(f[8, 8], [255, 0, 0, 255])                      // corner caps stay 9 points
        XCTAssertEqual(f[91, 8], [0, 255, 0, 255])
        XCTAssertEqual(f[8, 91], [0, 0, 255, 255])
        XCTAssertEqual(f[91, 91], [255, 255, 255, 255])
    }

    func testGradientLayerTypes() {
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        gradient.colors = [red, blue]
        var f = render(gradient)                                      // axial, top to bottom
        XCTAssertGreaterThan(f[50, 2][0], 240)
        XCTAssertGreaterThan(f[50, 97][2], 240)
        XCTAssertEqual(Int(f[50, 50][0]), 128, accuracy: 4)
        gradient.locations = [0.5, 1]
        f = render(gradient)
        XCTAssertEqual(f[50, 30], [255, 0, 0, 255])
        gradient.locations = nil
        gradient.type = .radial
        gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 1)
        f = render(gradient)
        XCTAssertGreaterThan(f[50, 50][0], 240)
        XCTAssertGreaterThan(f[2, 50][2], 240)                         // at the radius: the end color
        gradient.type = .conic
        gradient.endPoint = CGPoint(x: 1, y: 0.5)                      // starts pointing right
        f = render(gradient)
        XCTAssertGreaterThan(f[95, 52][0], 240)                        // just past the start: red
        XCTAssertGreaterThan(f[95, 48][2], 240)                        // just before a full turn: blue
        XCTAssertEqual(Int(f[5, 50][0]), 128, accuracy: 6)              // half way round
    }

    func testTransformsAndPerspective() {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200))
        let bar = layer(CGRect(x: 50, y: 90, width: 100, height: 20), red)
        bar.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        root.addSublayer(bar)
        var f = render(root, size: CGSize(width: 200, height: 200))
        XCTAssertEqual(f[100, 60], [255, 0, 0, 255])
        XCTAssertEqual(f[60, 100][3], 0)
        bar.transform = CATransform3DIdentity
        var t = CATransform3DIdentity
        t.m34 = -1 / 200
        let card = layer(CGRect(x: 50, y: 50, width: 100, height: 100), blue)
        card.transform = CATransform3DRotate(t, .pi / 4, 0, 1, 0)
        root.sublayers = [card]
        f = render(root, size: CGSize(width: 200, height: 200))
        let nearTop = card.convert(CGPoint(x: 0, y: 0), to: root), farTop = card.convert(CGPoint(x: 100, y: 0), to: root)
        XCTAssertLessThan(nearTop.y, farTop.y)                         // the near edge is taller
        XCTAssertEqual(f[100, 100][2], 255)
        XCTAssertEqual(f[nearTop.x + 3, nearTop.y + 3][2], 255)
        XCTAssertEqual(f[farTop.x - 3, farTop.y - 4][3], 0)
        card.isDoubleSided = false
        card.transform = CATransform3DRotate(t, .pi, 0, 1, 0)
        f = render(root, size: CGSize(width: 200, height: 200))
        XCTAssertEqual(f[100, 100][3], 0)
    }

    func testRenderInUsesTheContextsUserSpace() {
        let card = layer(CGRect(x: 500, y: 500, width: 10, height: 10), red)
        let context = CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 40,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        card.render(in: context)                                       // position ignored: bounds at the origin
        XCTAssertEqual(context.data!.load(fromByteOffset: 0, as: UInt32.self), 0xFF00_00FF)
    }

    /// A size×size RGBA image: red, green on top; blue, white below.
    static func quadrants(size: Int) -> CGImage? {
        var rgba = [UInt8](repeating: 255, count: size * size * 4)
        for y in 0..<size {
            for x in 0..<size {
                let i = (y * size + x) * 4
                let (r, g, b): (UInt8, UInt8, UInt8) = y < size / 2 ? (x < size / 2 ? (255, 0, 0) : (0, 255, 0))
                                                                    : (x < size / 2 ? (0, 0, 255) : (255, 255, 255))
                rgba[i] = r; rgba[i + 1] = g; rgba[i + 2] = b
            }
        }
        return CGImage(width: size, height: size, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: size * 4,
                       space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alpha: .last),
                       provider: CGDataProvider(data: Data(rgba) as CFData)!, decode: nil, shouldInterpolate: false, intent: .defaultIntent)
    }
}

final class LayerFlippingAndRasterizingTests: XCTestCase {
    func testGeometryFlippedPlacesSublayersFromTheBottom() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.isGeometryFlipped = true
        let child = CALayer()
        child.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        child.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(child)
        let origin = child.convert(CGPoint.zero, to: root)
        XCTAssertEqual(origin.y, 100, accuracy: 1e-9)                  // y counts up from the bottom
        XCTAssertTrue(root.hitTest(CGPoint(x: 5, y: 95)) === child)
        let pixels = SnapshotComparison.rgba(renderSnapshot(of: root)!)
        XCTAssertEqual(pixels[(95 * 100 + 5) * 4], 255)                // drawn at the bottom
        XCTAssertEqual(pixels[(5 * 100 + 5) * 4 + 3], 0)
    }

    func testShouldRasterizeDrawsThroughABitmapAtItsScale() {
        func edgeSharpness(rasterize: Bool) -> Int {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            let block = CALayer()
            block.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
            block.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            block.shouldRasterize = rasterize
            block.rasterizationScale = 0.25
            root.addSublayer(block)
            let pixels = SnapshotComparison.rgba(renderSnapshot(of: root)!)
            // Pixels along row 35 that are neither empty nor full: the blur across the edge at x = 60.
            return (50..<70).filter { (1...254).contains(pixels[(35 * 100 + $0) * 4 + 3]) }.count
        }
        XCTAssertEqual(edgeSharpness(rasterize: false), 0)
        XCTAssertGreaterThan(edgeSharpness(rasterize: true), 2)
    }
}
