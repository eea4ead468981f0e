import XCTest
import QuartzCore

/// The classes Apple declares `open` besides the layers and animations — `CADisplayLink`,
/// `CARenderer`, `CAMediaTimingFunction`, `CAValueFunction` — subclassed as app code may, with
/// their open members overridden (these overrides compile only against open members) and
/// dispatched through a reference of the base class.
final class OpenClassTests: XCTestCase {
    final class CountingRenderer: CARenderer {
        var calls: [String] = []
        override var layer: CALayer? { didSet { calls.append("layer") } }
        override var bounds: CGRect { didSet { calls.append("bounds") } }
        override func beginFrame(atTime t: CFTimeInterval) { calls.append("begin"); super.beginFrame(atTime: t) }
        override func render() { calls.append("render"); super.render() }
        override func endFrame() { calls.append("end"); super.endFrame() }
    }

    func testARendererSubclassDrawsThroughItsOverrides() throws {
        let renderer = CountingRenderer(size: CGSize(width: 4, height: 4))
        let base: CARenderer = renderer
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        base.layer = root
        base.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        let image = try XCTUnwrap(base.makeImage(atTime: 0))
        XCTAssertEqual(renderer.calls, ["layer", "bounds", "begin", "render", "end"])
        XCTAssertEqual(image.width, 4)
        XCTAssertTrue(Mirror(reflecting: base).superclassMirror?.superclassMirror?.subjectType == NSObject.self, "an NSObject, as Apple's")
    }

    final class NamedLink: CADisplayLink, @unchecked Sendable {
        var invalidated = 0
        override var isPaused: Bool { get { super.isPaused } set { super.isPaused = newValue } }
        override var timestamp: CFTimeInterval { 42 }
        override func invalidate() { invalidated += 1; super.invalidate() }
    }

    func testADisplayLinkSubclassIsCalledThroughItsOverrides() {
        let link = NamedLink { _ in }
        let base: CADisplayLink = link
        base.isPaused = true
        XCTAssertTrue(base.isPaused)
        XCTAssertEqual(base.timestamp, 42)
        base.invalidate()
        XCTAssertEqual(link.invalidated, 1)
        XCTAssertTrue(Mirror(reflecting: base).superclassMirror?.superclassMirror?.subjectType == NSObject.self)
    }

    final class ReversedControlPoints: CAMediaTimingFunction, @unchecked Sendable {
        override func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
            super.getControlPoint(at: 3 - idx, values: ptr)
        }
    }

    func testTimingAndValueFunctionsAreOpen() throws {
        let function: CAMediaTimingFunction = ReversedControlPoints(controlPoints: 0.1, 0.2, 0.3, 0.4)
        var point = [Float](repeating: -1, count: 2)
        function.getControlPoint(at: 0, values: &point)
        XCTAssertEqual(point, [1, 1])
        final class Named: CAValueFunction, @unchecked Sendable {
            override var name: CAValueFunctionName { .rotateZ }
        }
        let value: CAValueFunction = try XCTUnwrap(Named(name: .scale))
        XCTAssertEqual(value.name, .rotateZ)
    }
}
