import XCTest
@testable import QuartzCore

/// `BoxedValues.unboxed` takes plain numbers by a shortcut: they come out as the general path's
/// casts make them (on Linux a `Double` or `Int` bridged to an `NSNumber` of the same type, a
/// `CGFloat` as it is), and an added animation still reads back and animates as set.
final class BoxedValuesTests: XCTestCase {
    func testPlainNumbersComeOutAsTheirCastsMakeThem() throws {
        for value in [0.5 as Double, 3 as Int, Float(1.5), -0.0 as Double, Int.max] as [Any] {
            let unboxed = try XCTUnwrap(BoxedValues.unboxed(value) as? NSNumber, "\(value)")
            let cast = try XCTUnwrap(value as? NSNumber)
            XCTAssertEqual(String(cString: unboxed.objCType), String(cString: cast.objCType), "\(value)")
            XCTAssertEqual(unboxed, cast, "\(value)")
        }
        let float = BoxedValues.unboxed(CGFloat(2.25))
        XCTAssertTrue(float.map { type(of: $0) == CGFloat.self } ?? false)
        XCTAssertEqual(float as? CGFloat, 2.25)
        XCTAssertNil(BoxedValues.unboxed(nil))
        XCTAssertEqual(BoxedValues.unboxed(NSValue(cgPoint: CGPoint(x: 1, y: 2))) as? CGPoint, CGPoint(x: 1, y: 2))
    }

    func testAnAddedAnimationOfNumbersReadsBackAndAnimates() throws {
        MediaClock.setVirtualTime(100)
        defer { MediaClock.useSystemTime() }
        let layer = CALayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.25
        fade.duration = 2
        layer.add(fade, forKey: "fade")
        let added = try XCTUnwrap(layer.animation(forKey: "fade") as? CABasicAnimation)
        XCTAssertFalse(added === fade, "the layer's own copy")
        XCTAssertEqual(added.fromValue as? Double, 1)
        XCTAssertEqual(added.toValue as? Double, 0.25)
        XCTAssertEqual(fade.fromValue as? Double, 1, "the animation added is left as it was")
        MediaClock.setVirtualTime(101)
        XCTAssertEqual(try XCTUnwrap(layer.presentation()).opacity, 0.625, accuracy: 1e-6)
    }
}
