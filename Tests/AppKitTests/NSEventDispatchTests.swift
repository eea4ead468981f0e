import XCTest
import AppKit

/// Events as a window dispatches them: clicks to the view under the pointer, drags and ups to
/// the view that had the down, keys to the first responder, hover through tracking areas.
final class NSEventDispatchTests: XCTestCase {
    final class Pad: NSView {
        var log: [String] = []
        var takesKeys = true
        override var acceptsFirstResponder: Bool { takesKeys }
        override func mouseDown(with event: NSEvent) {
            let p = convert(event.locationInWindow, from: nil)
            log.append("down \(Int(p.x)),\(Int(p.y)) x\(event.clickCount)")
        }
        override func mouseDragged(with event: NSEvent) { log.append("drag") }
        override func mouseUp(with event: NSEvent) { log.append("up") }
        override func rightMouseDown(with event: NSEvent) { log.append("right") }
        override func scrollWheel(with event: NSEvent) { log.append("scroll \(Int(event.scrollingDeltaY))") }
        override func keyDown(with event: NSEvent) {
            log.append("key \(event.characters ?? "") \(event.keyCode) \(event.modifierFlags.contains(.shift) ? "shift" : "")")
        }
        override func mouseEntered(with event: NSEvent) { log.append("entered") }
        override func mouseExited(with event: NSEvent) { log.append("exited") }
        override func mouseMoved(with event: NSEvent) { log.append("moved") }
    }

    static func mouse(_ type: NSEvent.EventType, _ x: CGFloat, _ y: CGFloat, clicks: Int = 1) -> NSEvent {
        NSEvent.mouseEvent(with: type, location: NSPoint(x: x, y: y), modifierFlags: [], timestamp: 0, windowNumber: 0,
                           context: nil, eventNumber: 0, clickCount: clicks, pressure: 1)!
    }

    func testClicksDragsAndKeysGoWhereAppKitSendsThem() {
        onMain {
            let pad = Pad(frame: NSRect(x: 20, y: 10, width: 50, height: 40))
            let other = Pad(frame: NSRect(x: 100, y: 10, width: 50, height: 40))
            let window = offscreenWindow(NSSize(width: 200, height: 100), with: [pad, other])
            window.sendEvent(Self.mouse(.leftMouseDown, 30, 15, clicks: 2))
            XCTAssertTrue(window.firstResponder === pad, "a view that accepts becomes first responder on a click")
            window.sendEvent(Self.mouse(.leftMouseDragged, 120, 20))     // over the other view: still the pad's drag
            window.sendEvent(Self.mouse(.leftMouseUp, 120, 20))
            window.sendEvent(Self.mouse(.rightMouseDown, 110, 20))
            window.sendEvent(NSEvent.keyEvent(with: .keyDown, location: .zero, modifierFlags: [.shift], timestamp: 0, windowNumber: 0,
                                              context: nil, characters: "A", charactersIgnoringModifiers: "a", isARepeat: false, keyCode: 38)!)
            XCTAssertEqual(pad.log, ["down 10,5 x2", "drag", "up", "key A 38 shift"])
            XCTAssertEqual(other.log, ["right"])
            XCTAssertTrue(window.firstResponder === pad, "a right click leaves the first responder")
            XCTAssertNil(NSEvent.keyEvent(with: .leftMouseDown, location: .zero, modifierFlags: [], timestamp: 0, windowNumber: 0, context: nil,
                                          characters: "", charactersIgnoringModifiers: "", isARepeat: false, keyCode: 0))
        }
    }

    func testUnhandledEventsGoUpTheResponderChain() {
        onMain {
            let pad = Pad(frame: NSRect(x: 0, y: 0, width: 100, height: 100))
            let plain = NSView(frame: NSRect(x: 10, y: 10, width: 20, height: 20))
            pad.addSubview(plain)
            let window = offscreenWindow(NSSize(width: 100, height: 100), with: [pad])
            window.sendEvent(Self.mouse(.leftMouseDown, 15, 15))
            window.sendEvent(Self.mouse(.rightMouseDown, 15, 15))
            XCTAssertEqual(pad.log, ["down 15,15 x1", "right"], "the plain view passes them to its superview")
        }
    }

    func testTrackingAreasReportEnteringMovingAndLeaving() {
        onMain {
            let pad = Pad(frame: NSRect(x: 50, y: 50, width: 40, height: 40))
            let window = offscreenWindow(NSSize(width: 200, height: 200), with: [pad])
            pad.addTrackingArea(NSTrackingArea(rect: pad.bounds, options: [.mouseEnteredAndExited, .mouseMoved, .activeInKeyWindow],
                                               owner: pad, userInfo: nil))
            for x: CGFloat in [10, 60, 70, 150] { window.sendEvent(Self.mouse(.mouseMoved, x, 60)) }
            XCTAssertEqual(pad.log, ["entered", "moved", "exited"])
            XCTAssertEqual(pad.trackingAreas.count, 1)
            pad.removeTrackingArea(pad.trackingAreas[0])
            window.sendEvent(Self.mouse(.mouseMoved, 60, 60))
            XCTAssertEqual(pad.log.count, 3)
        }
    }
}
