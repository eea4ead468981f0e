import XCTest
import CoreGraphics

final class CGAffineTransformTests: XCTestCase {
    func assertClose(_ t: CGAffineTransform, _ e: CGAffineTransform, file: StaticString = #filePath, line: UInt = #line) {
        for (a, b) in zip([t.a, t.b, t.c, t.d, t.tx, t.ty], [e.a, e.b, e.c, e.d, e.tx, e.ty]) {
            XCTAssertEqual(a, b, accuracy: 1e-12, "\(t) vs \(e)", file: file, line: line)
        }
    }

    func testInitializers() {
        XCTAssertEqual(CGAffineTransform(), .identity)
        XCTAssertTrue(CGAffineTransform.identity.isIdentity)
        XCTAssertEqual(CGAffineTransform(translationX: 3, y: 4), CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 3, ty: 4))
        XCTAssertEqual(CGAffineTransform(scaleX: 2, y: 5), CGAffineTransform(2, 0, 0, 5, 0, 0))
        assertClose(CGAffineTransform(rotationAngle: .pi / 2), CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0))
        XCTAssertFalse(CGAffineTransform(translationX: 1, y: 0).isIdentity)
    }

    func testRotationTurnsCounterclockwiseInYUpSpace() {
        let p = CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
        XCTAssertEqual(p.x, 0, accuracy: 1e-12)
        XCTAssertEqual(p.y, 1, accuracy: 1e-12)
    }

    func testBuildersApplyInTheTransformsOwnSpace() {
        // translatedBy/scaledBy/rotated prepend: the new step happens first.
        let t = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
        XCTAssertEqual(CGPoint.zero.applying(t), CGPoint(x: 20, y: 0))
        let s = CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 3, y: 1)
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(s), CGPoint(x: 13, y: 1))
        let r = CGAffineTransform(translationX: 5, y: 0).rotated(by: .pi)
        let p = CGPoint(x: 1, y: 0).applying(r)
        XCTAssertEqual(p.x, 4, accuracy: 1e-12)
        XCTAssertEqual(p.y, 0, accuracy: 1e-12)
    }

    func testConcatenatingAppliesSelfFirst() {
        let scale = CGAffineTransform(scaleX: 2, y: 2), move = CGAffineTransform(translationX: 1, y: 1)
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(scale.concatenating(move)), CGPoint(x: 3, y: 3))
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(move.concatenating(scale)), CGPoint(x: 4, y: 4))
    }

    func testInverted() {
        let t = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: -3).translatedBy(x: 5, y: 7)
        assertClose(t.concatenating(t.inverted()), .identity)
        // A singular matrix comes back unchanged, as Apple documents.
        let singular = CGAffineTransform(scaleX: 0, y: 1)
        XCTAssertEqual(singular.inverted(), singular)
    }

    func testApplyingToSizesAndRects() {
        let t = CGAffineTransform(translationX: 100, y: 100).scaledBy(x: 2, y: 3)
        XCTAssertEqual(CGSize(width: 1, height: 1).applying(t), CGSize(width: 2, height: 3))
        XCTAssertEqual(CGRect(x: 1, y: 1, width: 2, height: 2).applying(t), CGRect(x: 102, y: 103, width: 4, height: 6))
        let rotated = CGRect(x: 0, y: 0, width: 2, height: 1).applying(CGAffineTransform(rotationAngle: .pi / 2))
        XCTAssertEqual(rotated.minX, -1, accuracy: 1e-12)
        XCTAssertEqual(rotated.width, 1, accuracy: 1e-12)
        XCTAssertEqual(rotated.height, 2, accuracy: 1e-12)
        XCTAssertTrue(CGRect.null.applying(t).isNull)
    }

    func testCoreFoundationAliasesCompileAsOnApplePlatforms() {
        let colors = [CGColor.black, CGColor.white] as CFArray
        XCTAssertEqual(colors.count, 2)
        let name: CFString = "public.png" as CFString
        XCTAssertEqual(name as String, "public.png")
        let interval: CFTimeInterval = 0.25
        XCTAssertEqual(interval, 0.25)
        let data = Data([1, 2, 3]) as CFData
        XCTAssertEqual(data.length, 3)
        let dictionary = ["k": 1] as CFDictionary
        XCTAssertEqual(dictionary.count, 1)
        let object: CFTypeRef = CGColor.black
        XCTAssertTrue(object is CGColor)
    }
}
