import XCTest
import CoreGraphics

final class CGColorTests: XCTestCase {
    func testComponentsAndAlpha() {
        let c = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
        XCTAssertEqual(c.components, [0.1, 0.2, 0.3, 0.4])
        XCTAssertEqual(c.alpha, 0.4)
        XCTAssertEqual(c.numberOfComponents, 4)
        XCTAssertEqual(c.colorSpace?.model, .rgb)
        let g = CGColor(gray: 0.5, alpha: 1)
        XCTAssertEqual(g.components, [0.5, 1])
        XCTAssertEqual(g.colorSpace?.model, .monochrome)
    }

    func testComponentsAreClampedToTheUnitRange() {
        XCTAssertEqual(CGColor(red: 2, green: -1, blue: 0.5, alpha: 3).components, [1, 0, 0.5, 1])
    }

    func testConstantsAndEquality() {
        XCTAssertEqual(CGColor.black.components, [0, 1])
        XCTAssertEqual(CGColor.white.components, [1, 1])
        XCTAssertEqual(CGColor.clear.alpha, 0)
        XCTAssertEqual(CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        XCTAssertNotEqual(CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        XCTAssertNotEqual(CGColor(gray: 1, alpha: 1), CGColor(red: 1, green: 1, blue: 1, alpha: 1))
    }

    func testCopyWithAlpha() {
        let c = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1).copy(alpha: 0.25)!
        XCTAssertEqual(c.components, [1, 0.5, 0, 0.25])
    }

    func testInitFromColorSpaceComponents() {
        let space = CGColorSpace(name: CGColorSpace.displayP3)!
        let c = CGColor(colorSpace: space, components: [0.1, 0.2, 0.3, 1])!
        XCTAssertEqual(c.colorSpace, space)
        XCTAssertEqual(c.components, [0.1, 0.2, 0.3, 1])
        XCTAssertNil(CGColor(colorSpace: space, components: [.nan, 0, 0, 1]))
    }

    func testConversionBetweenSpaces() {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        // sRGB red in Display P3 (well-known values).
        let p3 = red.converted(to: CGColorSpace(name: CGColorSpace.displayP3)!, intent: .defaultIntent, options: nil)!
        XCTAssertEqual(p3.components![0], 0.9175, accuracy: 2e-3)
        XCTAssertEqual(p3.components![1], 0.2003, accuracy: 2e-3)
        XCTAssertEqual(p3.components![2], 0.1386, accuracy: 2e-3)
        // sRGB 0.5 is 0.214 in linear light.
        let gray = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.7)
        let linear = gray.converted(to: CGColorSpace(name: CGColorSpace.linearSRGB)!, intent: .defaultIntent, options: nil)!
        XCTAssertEqual(linear.components![0], 0.2140, accuracy: 1e-3)
        XCTAssertEqual(linear.alpha, 0.7)
        // RGB to gray and back keeps a neutral color neutral.
        let toGray = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
            .converted(to: CGColorSpace(name: CGColorSpace.linearGray)!, intent: .defaultIntent, options: nil)!
        XCTAssertEqual(toGray.components![0], 0.2140, accuracy: 1e-3)
        let back = toGray.converted(to: CGColorSpace(name: CGColorSpace.sRGB)!, intent: .defaultIntent, options: nil)!
        XCTAssertEqual(back.components![0], 0.5, accuracy: 1e-3)
        XCTAssertEqual(back.components![2], 0.5, accuracy: 1e-3)
    }

    func testColorSpaces() {
        XCTAssertEqual(CGColorSpaceCreateDeviceRGB().model, .rgb)
        XCTAssertEqual(CGColorSpaceCreateDeviceRGB().numberOfComponents, 3)
        XCTAssertEqual(CGColorSpaceCreateDeviceGray().numberOfComponents, 1)
        XCTAssertEqual(CGColorSpace(name: CGColorSpace.sRGB)?.name as String?, "kCGColorSpaceSRGB")
        XCTAssertEqual(CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)?.model, .monochrome)
        XCTAssertTrue(CGColorSpace(name: CGColorSpace.displayP3)!.isWideGamutRGB)
        XCTAssertFalse(CGColorSpace(name: CGColorSpace.sRGB)!.isWideGamutRGB)
        XCTAssertNil(CGColorSpace(name: "kCGColorSpaceNoSuchThing" as CFString))
        XCTAssertEqual(CGColorSpace(name: CGColorSpace.sRGB), CGColorSpace(name: CGColorSpace.sRGB))
    }
}
