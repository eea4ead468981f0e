import XCTest
import QuartzCore

final class CATransform3DTests: XCTestCase {
    func assertClose(_ a: CATransform3D, _ b: CATransform3D, file: StaticString = #filePath, line: UInt = #line) {
        let x = [a.m11, a.m12, a.m13, a.m14, a.m21, a.m22, a.m23, a.m24, a.m31, a.m32, a.m33, a.m34, a.m41, a.m42, a.m43, a.m44]
        let y = [b.m11, b.m12, b.m13, b.m14, b.m21, b.m22, b.m23, b.m24, b.m31, b.m32, b.m33, b.m34, b.m41, b.m42, b.m43, b.m44]
        for (p, q) in zip(x, y) { XCTAssertEqual(p, q, accuracy: 1e-9, file: file, line: line) }
    }

    func testIdentityAndMakers() {
        XCTAssertTrue(CATransform3DIsIdentity(CATransform3DIdentity))
        XCTAssertEqual(CATransform3D(), CATransform3DIdentity)
        let t = CATransform3DMakeTranslation(1, 2, 3)
        XCTAssertEqual([t.m41, t.m42, t.m43], [1, 2, 3])
        let s = CATransform3DMakeScale(2, 3, 4)
        XCTAssertEqual([s.m11, s.m22, s.m33], [2, 3, 4])
        // Rotation about z matches CGAffineTransform's rotation.
        assertClose(CATransform3DMakeRotation(0.3, 0, 0, 1), CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: 0.3)))
        XCTAssertTrue(CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)))   // zero axis
    }

    func testRotationAboutXAndY() {
        let x = CATransform3DMakeRotation(.pi / 2, 1, 0, 0)
        XCTAssertEqual(x.m22, 0, accuracy: 1e-12)
        XCTAssertEqual(x.m23, 1, accuracy: 1e-12)                   // y turns toward z
        XCTAssertEqual(x.m32, -1, accuracy: 1e-12)
        let y = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        XCTAssertEqual(y.m13, -1, accuracy: 1e-12)                  // x turns toward −z
        XCTAssertEqual(y.m31, 1, accuracy: 1e-12)
    }

    func testConcatenationOrder() {
        // Translate then scale: the translation is scaled too.
        let t = CATransform3DConcat(CATransform3DMakeTranslation(1, 0, 0), CATransform3DMakeScale(2, 2, 2))
        XCTAssertEqual(t.m41, 2)
        // CATransform3DTranslate(t, …) translates first, then applies t.
        let u = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 2), 1, 0, 0)
        XCTAssertEqual(u.m41, 2)
        let r = CATransform3DRotate(CATransform3DMakeTranslation(5, 0, 0), .pi, 0, 0, 1)
        XCTAssertEqual(r.m41, 5, accuracy: 1e-12)
        XCTAssertEqual(r.m11, -1, accuracy: 1e-12)
        XCTAssertEqual(CATransform3DScale(CATransform3DIdentity, 2, 3, 1).m22, 3)
    }

    func testInvert() {
        var t = CATransform3DRotate(CATransform3DMakeTranslation(3, 4, 5), 0.7, 1, 2, 3)
        t.m34 = -1 / 500
        assertClose(CATransform3DConcat(t, CATransform3DInvert(t)), CATransform3DIdentity)
        let singular = CATransform3DMakeScale(0, 1, 1)
        XCTAssertEqual(CATransform3DInvert(singular), singular)     // unchanged, as Apple documents
    }

    func testAffineConversions() {
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DMakeAffineTransform(affine)
        XCTAssertTrue(CATransform3DIsAffine(t))
        XCTAssertEqual(CATransform3DGetAffineTransform(t), affine)
        var p = CATransform3DIdentity
        p.m34 = -0.002
        XCTAssertFalse(CATransform3DIsAffine(p))
        XCTAssertFalse(CATransform3DIsAffine(CATransform3DMakeRotation(0.1, 0, 1, 0)))
        XCTAssertTrue(CATransform3DEqualToTransform(t, t))
    }
}
