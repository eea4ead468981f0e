import XCTest
@testable import CoreGraphics

final class CGContextEffectsTests: XCTestCase {
    func testGlobalAlphaMultipliesEverything() {
        let c = TestBitmap.rgba(2, 1)
        c.setAlpha(0.5)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertTrue(c.pixel(0, 0).isClose(to: RGBA(128, 0, 0, 128)), "\(c.pixel(0, 0))")
        c.draw(Fixtures.solid(red: 0, green: 255, blue: 0), in: CGRect(x: 1, y: 0, width: 1, height: 1))
        XCTAssertTrue(c.pixel(1, 0).isClose(to: RGBA(0, 128, 0, 128)), "\(c.pixel(1, 0))")
        c.setAlpha(7)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(c.pixel(0, 0), RGBA(255, 0, 0, 255))            // clamped to 1
    }

    func testHardShadowIsOffsetInBaseSpaceWithDefaultColor() {
        let c = TestBitmap.rgba(20, 20)
        c.scaleBy(x: 2, y: 2)                                          // the offset ignores the CTM
        c.setShadow(offset: CGSize(width: 4, height: -4), blur: 0)
        c.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        c.fill(CGRect(x: 1, y: 4, width: 4, height: 4))                // device (2…10, 8…16)
        XCTAssertEqual(c.pixel(atUser: 5, 12), RGBA(255, 255, 255, 255))
        // Shadow: black at 1/3 alpha, 4 right and 4 down, where the shape does not cover it.
        XCTAssertTrue(c.pixel(atUser: 12, 5).isClose(to: RGBA(0, 0, 0, 85)), "\(c.pixel(atUser: 12, 5))")
        XCTAssertEqual(c.pixel(atUser: 12, 14).a, 0)
        XCTAssertEqual(c.pixel(atUser: 1, 5).a, 0)
    }

    func testBlurredShadowFadesOut() {
        let c = TestBitmap.rgba(60, 20)
        c.setShadow(offset: .zero, blur: 10, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        c.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        c.fill(CGRect(x: 20, y: 0, width: 20, height: 20))
        let alphas = (40..<60).map { Int(c.pixel(atUser: $0, 10).a) }
        XCTAssertGreaterThan(alphas[0], 80)
        XCTAssertLessThan(alphas[0], 200)
        XCTAssertEqual(alphas.last, 0)
        XCTAssertEqual(alphas, alphas.sorted(by: >), "shadow should fade monotonically: \(alphas)")
        // A nil color turns shadows off.
        c.setShadow(offset: CGSize(width: 5, height: 0), blur: 0, color: nil)
        c.clear(CGRect(x: 0, y: 0, width: 60, height: 20))
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 20))
        XCTAssertEqual(c.pixel(atUser: 12, 10).a, 0)
    }

    func testTransparencyLayerCompositesAsOneImage() {
        let c = TestBitmap.rgba(30, 10)
        c.setAlpha(0.5)
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
        c.fill(CGRect(x: 10, y: 0, width: 20, height: 10))
        c.endTransparencyLayer()
        // The overlap is no darker than the rest: the layer took the alpha once.
        XCTAssertTrue(c.pixel(5, 5).isClose(to: RGBA(128, 0, 0, 128)), "\(c.pixel(5, 5))")
        XCTAssertEqual(c.pixel(15, 5), c.pixel(5, 5))
        XCTAssertEqual(c.pixel(25, 5), c.pixel(5, 5))
        let messages = diagnostics { c.endTransparencyLayer() }
        XCTAssertEqual(messages.count, 1)
    }

    func testTransparencyLayerRestoresTheStateItStartedWith() {
        let c = TestBitmap.rgba(10, 10)
        c.translateBy(x: 2, y: 0)
        c.setShadow(offset: CGSize(width: 3, height: 0), blur: 0, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        c.saveGState()                                                 // left unbalanced on purpose
        c.translateBy(x: 3, y: 0)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 10))               // device x = 5, no shadow inside
        c.endTransparencyLayer()
        XCTAssertEqual(c.ctm, CGAffineTransform(translationX: 2, y: 0))
        XCTAssertEqual(c.pixel(5, 5), RGBA(0, 0, 0, 255))
        XCTAssertEqual(c.pixel(8, 5), RGBA(0, 0, 255, 255))             // the layer's one shadow, 3 to the right
        XCTAssertEqual(c.pixel(6, 5).a, 0)
    }

    func testTransparencyLayerWithRectIsLimitedToIt() {
        let c = TestBitmap.rgba(10, 10)
        c.beginTransparencyLayer(in: CGRect(x: 0, y: 0, width: 5, height: 10), auxiliaryInfo: nil)
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        c.endTransparencyLayer()
        XCTAssertEqual(c.pixel(2, 2).a, 255)
        XCTAssertEqual(c.pixel(7, 2).a, 0)
    }

    func testLinearGradientValuesAndExtension() {
        let gradient = CGGradient(colorsSpace: nil, colors: [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)] as CFArray, locations: nil)!
        let c = TestBitmap.rgba(300, 1)
        c.drawLinearGradient(gradient, start: CGPoint(x: 22, y: 0), end: CGPoint(x: 277, y: 0), options: [])
        XCTAssertEqual(c.pixel(22, 0).r, 0, accuracy: 1)
        XCTAssertEqual(Int(c.pixel(149, 0).r), 127, accuracy: 2)
        XCTAssertEqual(c.pixel(276, 0).r, 255, accuracy: 1)
        XCTAssertEqual(c.pixel(10, 0).a, 0)                            // nothing before the start
        XCTAssertEqual(c.pixel(290, 0).a, 0)                           // nor after the end
        let extended = TestBitmap.rgba(300, 1)
        extended.drawLinearGradient(gradient, start: CGPoint(x: 22, y: 0), end: CGPoint(x: 277, y: 0),
                                    options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        XCTAssertEqual(extended.pixel(10, 0), RGBA(0, 0, 0, 255))
        XCTAssertEqual(extended.pixel(290, 0), RGBA(255, 255, 255, 255))
    }

    func testGradientLocationsAndComponents() {
        let gradient = CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: [1, 0, 0, 1, 0, 0, 1, 1],
                                  locations: [0.25, 0.75], count: 2)!
        let c = TestBitmap.rgba(100, 1)
        c.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 100, y: 0), options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        XCTAssertEqual(c.pixel(10, 0), RGBA(255, 0, 0, 255))
        XCTAssertEqual(c.pixel(90, 0), RGBA(0, 0, 255, 255))
        XCTAssertNil(CGGradient(colorsSpace: nil, colors: [] as CFArray, locations: nil))
        XCTAssertNil(CGGradient(colorsSpace: nil, colors: ["not a color"] as CFArray, locations: nil))
    }

    /// A gradient of 100,001 stops is drawn from 1,024 samples of its ramp (before: every stop,
    /// 9.6 s for 400×400 pixels in release): the pixels of a ramp sampled that finely are the
    /// ramp's, and a step between two stops stays a step to within a pixel of 400.
    func testAGradientOfVeryManyStopsDrawsItsRamp() {
        let count = 100_001
        let ramp = (0..<count).map { CGColor(red: CGFloat($0) / CGFloat(count - 1), green: 0, blue: 1 - CGFloat($0) / CGFloat(count - 1), alpha: 1) }
        let many = CGGradient(colorsSpace: nil, colors: ramp as CFArray, locations: nil)!
        XCTAssertLessThanOrEqual(many.drawnStops.count, 1024)
        let two = CGGradient(colorsSpace: nil, colors: [ramp[0], ramp[count - 1]] as CFArray, locations: nil)!
        let a = TestBitmap.rgba(400, 1), b = TestBitmap.rgba(400, 1)
        a.drawLinearGradient(many, start: .zero, end: CGPoint(x: 400, y: 0), options: [])
        b.drawLinearGradient(two, start: .zero, end: CGPoint(x: 400, y: 0), options: [])
        for x in stride(from: 0, to: 400, by: 7) {
            XCTAssertTrue(a.pixel(x, 0).isClose(to: b.pixel(x, 0), tolerance: 1), "x \(x): \(a.pixel(x, 0)) against \(b.pixel(x, 0))")
        }
        // Red for the first half, blue for the second: 50,000 stops each side of a step at 0.5.
        var locations = (0..<count).map { CGFloat($0) / CGFloat(count - 1) }
        let step = (0..<count).map { $0 <= count / 2 ? CGColor(red: 1, green: 0, blue: 0, alpha: 1) : CGColor(red: 0, green: 0, blue: 1, alpha: 1) }
        locations[count / 2 + 1] = locations[count / 2]
        let stepped = CGGradient(colorsSpace: nil, colors: step as CFArray, locations: &locations)!
        let c = TestBitmap.rgba(400, 1)
        c.drawLinearGradient(stepped, start: .zero, end: CGPoint(x: 400, y: 0), options: [])
        XCTAssertEqual(c.pixel(198, 0), RGBA(255, 0, 0, 255))
        XCTAssertEqual(c.pixel(201, 0), RGBA(0, 0, 255, 255))
    }

    func testRadialGradient() {
        let gradient = CGGradient(colorsSpace: nil, colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                                              CGColor(red: 0, green: 0, blue: 1, alpha: 1)] as CFArray, locations: nil)!
        let c = TestBitmap.rgba(41, 41)
        c.drawRadialGradient(gradient, startCenter: CGPoint(x: 20.5, y: 20.5), startRadius: 0,
                             endCenter: CGPoint(x: 20.5, y: 20.5), endRadius: 20, options: [])
        XCTAssertTrue(c.pixel(20, 20).isClose(to: RGBA(255, 0, 0, 255), tolerance: 8), "\(c.pixel(20, 20))")
        XCTAssertTrue(c.pixel(30, 20).isClose(to: RGBA(128, 0, 127, 255), tolerance: 8), "\(c.pixel(30, 20))")
        XCTAssertEqual(c.pixel(0, 0).a, 0)                             // outside the end circle
        let extended = TestBitmap.rgba(41, 41)
        extended.drawRadialGradient(gradient, startCenter: CGPoint(x: 20.5, y: 20.5), startRadius: 0,
                                    endCenter: CGPoint(x: 20.5, y: 20.5), endRadius: 20, options: .drawsAfterEndLocation)
        XCTAssertEqual(extended.pixel(0, 0), RGBA(0, 0, 255, 255))
    }
}

enum Fixtures {
    /// A 1×1 opaque RGBA image.
    static func solid(red: UInt8, green: UInt8, blue: UInt8) -> CGImage {
        image(width: 1, height: 1, rgba: [red, green, blue, 255])
    }

    /// An RGBA image with straight alpha (`.last`) from packed rows.
    static func image(width: Int, height: Int, rgba: [UInt8], alpha: CGImageAlphaInfo = .last) -> CGImage {
        CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alpha: alpha),
                provider: CGDataProvider(data: Data(rgba) as CFData)!, decode: nil, shouldInterpolate: true, intent: .defaultIntent)!
    }

    /// 2×2: red, green / blue, white (first row on top).
    static let quadrants = image(width: 2, height: 2, rgba: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255])
}
