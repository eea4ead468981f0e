import XCTest
import AppKit

/// AppKit's coordinates on Lamina's layers: origin at the bottom left unless a view is
/// flipped, for placing subviews, drawing, hit testing and conversion.
final class NSViewGeometryTests: XCTestCase {
    /// Fills its bounds with a color and its lower 10 points with black.
    final class Swatch: NSView {
        var color = NSColor.red
        override func draw(_ dirtyRect: NSRect) {
            color.setFill()
            NSBezierPath.fill(bounds)
            NSColor.black.setFill()
            NSBezierPath.fill(NSRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: 10))
        }
    }

    final class FlippedView: NSView {
        override var isFlipped: Bool { true }
    }

    func testViewsAreNotFlippedAndASubviewAtZeroSitsAtTheBottom() throws {
        try onMain {
            let child = Swatch(frame: NSRect(x: 10, y: 0, width: 40, height: 30))
            let window = offscreenWindow(NSSize(width: 100, height: 100), with: [child])
            XCTAssertFalse(child.isFlipped)
            XCTAssertEqual(child.frame, NSRect(x: 10, y: 0, width: 40, height: 30))
            let image = try XCTUnwrap(window.capture())
            // Rows count from the top of the picture: the swatch covers rows 70…99.
            XCTAssertTrue(close(rgb(image, 30, 75), red), "\(rgb(image, 30, 75))")
            XCTAssertTrue(close(rgb(image, 30, 95), [0, 0, 0]), "its drawing is y up: the black band is at its bottom")
            XCTAssertTrue(close(rgb(image, 30, 50), white))
        }
    }

    func testAFlippedViewPlacesItsSubviewsFromTheTop() throws {
        try onMain {
            let flipped = FlippedView(frame: NSRect(x: 0, y: 0, width: 100, height: 100))
            let child = Swatch(frame: NSRect(x: 0, y: 0, width: 50, height: 20))
            flipped.addSubview(child)
            let window = offscreenWindow(NSSize(width: 100, height: 100), with: [flipped])
            let image = try XCTUnwrap(window.capture())
            XCTAssertTrue(close(rgb(image, 25, 5), red), "\(rgb(image, 25, 5))")
            // The swatch is not flipped: its black band is at its own bottom, rows 10…19.
            XCTAssertTrue(close(rgb(image, 25, 15), [0, 0, 0]))
            XCTAssertTrue(close(rgb(image, 25, 40), white))
            XCTAssertEqual(child.convert(NSPoint(x: 0, y: 0), to: nil), NSPoint(x: 0, y: 80))
        }
    }

    func testConversionAndHitTestingUseTheBottomLeftOrigin() throws {
        onMain {
            let outer = NSView(frame: NSRect(x: 20, y: 10, width: 200, height: 100))
            let inner = NSView(frame: NSRect(x: 5, y: 60, width: 30, height: 30))
            outer.addSubview(inner)
            let window = offscreenWindow(NSSize(width: 300, height: 200), with: [outer])
            XCTAssertEqual(inner.convert(NSPoint(x: 1, y: 2), to: nil), NSPoint(x: 26, y: 72))
            XCTAssertEqual(inner.convert(NSPoint(x: 26, y: 72), from: nil), NSPoint(x: 1, y: 2))
            XCTAssertEqual(outer.convert(NSRect(x: 0, y: 0, width: 10, height: 10), from: inner), NSRect(x: 5, y: 60, width: 10, height: 10))
            XCTAssertTrue(window.contentView?.hitTest(NSPoint(x: 30, y: 80)) === inner)
            XCTAssertTrue(window.contentView?.hitTest(NSPoint(x: 30, y: 20)) === outer)
            inner.isHidden = true
            XCTAssertTrue(window.contentView?.hitTest(NSPoint(x: 30, y: 80)) === outer, "hidden views are passed by")
            XCTAssertNil(outer.hitTest(NSPoint(x: 500, y: 500)))
        }
    }

    func testBoundsOriginShiftsTheSubviews() throws {
        onMain {
            let outer = NSView(frame: NSRect(x: 0, y: 0, width: 100, height: 100))
            let inner = NSView(frame: NSRect(x: 50, y: 50, width: 10, height: 10))
            outer.addSubview(inner)
            _ = offscreenWindow(NSSize(width: 100, height: 100), with: [outer])
            outer.setBoundsOrigin(NSPoint(x: 40, y: 40))
            XCTAssertEqual(inner.convert(NSPoint.zero, to: nil), NSPoint(x: 10, y: 10))
        }
    }

    func testAutoresizingSharesTheChangeEquallyAmongTheFlexibleParts() throws {
        onMain {
            let container = NSView(frame: NSRect(x: 0, y: 0, width: 100, height: 100))
            let pinnedTop = NSView(frame: NSRect(x: 10, y: 70, width: 20, height: 20))
            pinnedTop.autoresizingMask = [.minYMargin]                        // bottom margin flexible: stays at the top
            let stretchy = NSView(frame: NSRect(x: 10, y: 10, width: 40, height: 20))
            stretchy.autoresizingMask = [.width, .maxXMargin]                 // two flexible parts share the change
            let fixed = NSView(frame: NSRect(x: 60, y: 10, width: 10, height: 10))
            [pinnedTop, stretchy, fixed].forEach(container.addSubview)
            container.setFrameSize(NSSize(width: 160, height: 140))
            XCTAssertEqual(pinnedTop.frame, NSRect(x: 10, y: 110, width: 20, height: 20))
            XCTAssertEqual(stretchy.frame, NSRect(x: 10, y: 10, width: 70, height: 20))
            XCTAssertEqual(fixed.frame, NSRect(x: 60, y: 10, width: 10, height: 10), "no mask: keeps its frame (its bottom-left margins)")
            container.autoresizesSubviews = false
            container.setFrameSize(NSSize(width: 100, height: 100))
            XCTAssertEqual(stretchy.frame.width, 70)
        }
    }

    func testHierarchyCallbacksComeInAppKitsOrder() throws {
        final class Recorder: NSView {
            var log: [String] = []
            override func viewWillMove(toSuperview newSuperview: NSView?) { log.append("willMoveToSuperview \(newSuperview == nil ? "nil" : "view")") }
            override func viewWillMove(toWindow newWindow: NSWindow?) { log.append("willMoveToWindow \(newWindow == nil ? "nil" : "window")") }
            override func viewDidMoveToWindow() { log.append("didMoveToWindow \(window == nil ? "nil" : "window")") }
            override func viewDidMoveToSuperview() { log.append("didMoveToSuperview \(superview == nil ? "nil" : "view")") }
        }
        onMain {
            let window = offscreenWindow(NSSize(width: 50, height: 50), with: [])
            let view = Recorder(frame: .zero)
            window.contentView?.addSubview(view)
            XCTAssertTrue(view.window === window)
            XCTAssertTrue(view.superview === window.contentView)
            view.removeFromSuperview()
            XCTAssertNil(view.window)
            XCTAssertEqual(view.log, ["willMoveToSuperview view", "willMoveToWindow window", "didMoveToWindow window", "didMoveToSuperview view",
                                      "willMoveToSuperview nil", "willMoveToWindow nil", "didMoveToWindow nil", "didMoveToSuperview nil"])
            XCTAssertTrue(view.nextResponder == nil)
            window.contentView?.addSubview(view)
            XCTAssertTrue(view.nextResponder === window.contentView)
            XCTAssertTrue(window.contentView?.nextResponder === window)
        }
    }

    func testBadFramesAreRefused() throws {
        onMain {
            let view = NSView(frame: NSRect(x: 1, y: 2, width: 3, height: 4))
            view.frame = NSRect(x: CGFloat.nan, y: 0, width: 10, height: 10)
            XCTAssertEqual(view.frame, NSRect(x: 1, y: 2, width: 3, height: 4))
            view.frame = NSRect(x: 10, y: 10, width: -5, height: 5)
            XCTAssertEqual(view.frame, NSRect(x: 5, y: 10, width: 5, height: 5), "standardized")
        }
    }
}
