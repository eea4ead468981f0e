import XCTest
import CoreGraphics

/// The CGGeometry spellings Apple's Swift overlay keeps, and the C constants Darwin brings.
final class CGGeometryTests: XCTestCase {
    func testEqualTo() {
        XCTAssertTrue(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2)))
        XCTAssertFalse(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 2, y: 1)))
        XCTAssertTrue(CGSize(width: 3, height: 4).equalTo(CGSize(width: 3, height: 4)))
        XCTAssertFalse(CGSize(width: 3, height: 4).equalTo(.zero))
        XCTAssertTrue(CGRect(x: 0, y: 0, width: 10, height: 10).equalTo(CGRect(x: 0, y: 0, width: 10, height: 10)))
        XCTAssertTrue(CGRect(x: 10, y: 10, width: -10, height: -10).equalTo(CGRect(x: 0, y: 0, width: 10, height: 10)),
                      "compared standardized, as CGRectEqualToRect does")
        XCTAssertFalse(CGRect(x: 0, y: 0, width: 10, height: 10).equalTo(CGRect(x: 0, y: 0, width: 10, height: 11)))
        XCTAssertTrue(CGRect.null.equalTo(.null))
        XCTAssertFalse(CGRect.null.equalTo(.zero))
    }

    func testDictionaryRepresentationsRoundTrip() {
        let rect = CGRect(x: 1.5, y: -2, width: 30, height: 40)
        let dict = rect.dictionaryRepresentation
        XCTAssertEqual((dict["Width"] as? NSNumber)?.doubleValue, 30)
        XCTAssertEqual(CGRect(dictionaryRepresentation: dict), rect)
        XCTAssertEqual(CGPoint(dictionaryRepresentation: CGPoint(x: 7, y: 8).dictionaryRepresentation), CGPoint(x: 7, y: 8))
        XCTAssertEqual(CGSize(dictionaryRepresentation: CGSize(width: 5, height: 6).dictionaryRepresentation), CGSize(width: 5, height: 6))
        XCTAssertNil(CGPoint(dictionaryRepresentation: ["X": 1] as NSDictionary), "a missing key gives nil")
        XCTAssertNil(CGSize(dictionaryRepresentation: ["Width": "wide", "Height": 1] as NSDictionary))
    }

    func testDarwinMathConstants() {
        let repeatCount: Float = HUGE                    // as animations are told to repeat forever
        XCTAssertEqual(repeatCount, Float.greatestFiniteMagnitude)
        XCTAssertEqual(MAXFLOAT, Float.greatestFiniteMagnitude)
        // FLT_MAX, M_PI and the rest come from Glibc, deprecated in favour of `.pi` as on Apple.
    }

    func testNumbersBridgeToCGFloat() {
        let boxed: Any = NSNumber(value: 2.5)
        XCTAssertEqual(boxed as? CGFloat, 2.5)
        XCTAssertEqual(NSNumber(value: 3) as Any as? CGFloat, 3)
        XCTAssertNil(NSNumber(value: Int64.max - 1) as Any as? CGFloat, "not exactly a Double: nil, as Double's bridge")
        XCTAssertEqual((CGFloat(1.25) as Any as? NSNumber)?.doubleValue, 1.25)
        XCTAssertNil("2.5" as Any as? CGFloat)
        XCTAssertEqual([NSNumber(value: 1), NSNumber(value: 0.5)] as [Any] as? [CGFloat], [1, 0.5])
    }

    func testMessagesNameTheFrameworkThatSpeaks() {
        XCTAssertEqual(CGDiagnostics.framework(of: "CGPathAddArc"), "CoreGraphics")
        XCTAssertEqual(CGDiagnostics.framework(of: "CALayer.opacity"), "QuartzCore")
        XCTAssertEqual(CGDiagnostics.framework(of: "CAKeyframeAnimation"), "QuartzCore")
    }
}
