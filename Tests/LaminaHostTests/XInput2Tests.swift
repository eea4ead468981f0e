import XCTest
@testable import LaminaHost
import CX11

/// XInput 2 in a window. Xvfb's pointers (its own and XTest's) have no scroll valuators and no
/// touchpad, and no client can make the server send XI 2 events (SendEvent refuses
/// GenericEvents; a uinput device needs an input driver, which Xvfb has not): smooth scrolling
/// and gestures are tested with XI 2 event structures, as libXi decodes them, through the
/// window's own decoding (`handleXInput…`, the functions the event loop calls). What the server
/// does take part in is tested against it: the version both ends speak, the devices' valuators
/// read with XIQueryDevice, and wheel clicks (XTest) arriving once, through XI 2 and through
/// the core protocol.
final class XInput2Tests: XCTestCase {
    @MainActor final class Recorder: HostingView {
        var scrolls: [ScrollEvent] = [], moves: [PointerEvent] = [], downs: [PointerEvent] = []
        var magnifies: [GestureEvent] = [], rotates: [GestureEvent] = [], swipes: [GestureEvent] = []
        override func scrollWheel(with event: ScrollEvent) { scrolls.append(event) }
        override func mouseMoved(with event: PointerEvent) { moves.append(event) }
        override func mouseDown(with event: PointerEvent) { downs.append(event) }
        override func magnify(with event: GestureEvent) { magnifies.append(event) }
        override func rotate(with event: GestureEvent) { rotates.append(event) }
        override func swipe(with event: GestureEvent) { swipes.append(event) }
    }

    func onMain(_ check: @MainActor (XInput2Tests) throws -> Void) throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            throw XCTSkip("needs an X display: scripts/test runs these under Xvfb")
        }
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try check(test) }
    }

    /// An XI_Motion event of source device `source` at (`x`, `y`) moving `valuators` (number → value).
    static func motion(source: Int32, x: Double = 40, y: Double = 30, valuators: [Int32: Double], flags: Int32 = 0,
                       mods: Int32 = 0, _ use: (XIDeviceEvent) -> Void) {
        var mask = [UInt8](repeating: 0, count: 4)
        for number in valuators.keys { mask[Int(number) / 8] |= 1 << (UInt8(number) % 8) }
        var values = valuators.keys.sorted().map { valuators[$0]! }
        var buttons = [UInt8](repeating: 0, count: 4)
        mask.withUnsafeMutableBufferPointer { mask in
            values.withUnsafeMutableBufferPointer { values in
                buttons.withUnsafeMutableBufferPointer { buttons in
                    var e = XIDeviceEvent()
                    e.type = GenericEvent
                    e.evtype = XI_Motion
                    e.deviceid = 2
                    e.sourceid = source
                    e.event_x = x
                    e.event_y = y
                    e.flags = flags
                    e.mods.effective = mods
                    e.valuators = XIValuatorState(mask_len: Int32(mask.count), mask: mask.baseAddress, values: values.baseAddress)
                    e.buttons = XIButtonState(mask_len: Int32(buttons.count), mask: buttons.baseAddress)
                    use(e)
                }
            }
        }
    }

    /// An XI_ButtonPress of `button`.
    static func press(_ button: Int32, flags: Int32 = 0, _ use: (XIDeviceEvent) -> Void) {
        var buttons = [UInt8](repeating: 0, count: 4)
        buttons.withUnsafeMutableBufferPointer { buttons in
            var e = XIDeviceEvent()
            e.type = GenericEvent
            e.evtype = XI_ButtonPress
            e.deviceid = 2
            e.sourceid = 4
            e.detail = button
            e.event_x = 40
            e.event_y = 30
            e.flags = flags
            e.buttons = XIButtonState(mask_len: Int32(buttons.count), mask: buttons.baseAddress)
            use(e)
        }
    }

    @MainActor func window(_ view: HostingView) throws -> LaminaHost.Window {
        let window = try LaminaHost.Window(checkedTitle: "Lamina XInput 2", size: CGSize(width: 200, height: 150))
        window.contentView = view
        window.show()                        // the backend's X window decodes the events
        return window
    }

    // MARK: Smooth scrolling

    func testScrollValuatorsGivePreciseDeltasInPointsOnce() throws { try onMain { try $0.checkScrollValuators() } }

    @MainActor func checkScrollValuators() throws {
        let view = Recorder()
        let window = try window(view)
        defer { window.close() }
        let scrolling = Application.shared.smoothScrolling
        defer { Application.shared.smoothScrolling = scrolling }
        // A touchpad (device 42): vertical on valuator 2, horizontal on 3, 120 a wheel click; a
        // device whose vertical scroll is inverted (43); one whose valuators' place is unknown (44).
        Application.shared.smoothScrolling.learn(device: 42, axes: [ScrollAxis(valuator: 2, isHorizontal: false, increment: 120),
                                                                   ScrollAxis(valuator: 3, isHorizontal: true, increment: 120)],
                                                 positions: [2: 1000, 3: 0])
        Application.shared.smoothScrolling.learn(device: 43, axes: [ScrollAxis(valuator: 2, isHorizontal: false, increment: -60)],
                                                 positions: [2: 0])
        Application.shared.smoothScrolling.learn(device: 44, axes: [ScrollAxis(valuator: 2, isHorizontal: false, increment: 120)],
                                                 positions: [:])
        Self.motion(source: 42, valuators: [2: 1060]) { window.handleXInputDevice($0) }
        Self.motion(source: 42, valuators: [2: 1300, 3: -120], mods: Int32(ControlMask)) { window.handleXInputDevice($0) }
        XCTAssertEqual(view.scrolls.map(\.deltaY), [5, 20], "half a click, then two: 10 points a click")
        XCTAssertEqual(view.scrolls.map(\.deltaX), [0, -10])
        XCTAssertEqual(view.scrolls.map(\.hasPreciseScrollingDeltas), [true, true])
        XCTAssertEqual(view.scrolls.map(\.phase), [.began, .changed])
        XCTAssertEqual(view.scrolls.map(\.momentumPhase), [[], []], "no momentum is made up")
        XCTAssertEqual(view.scrolls[1].modifiers, .control)
        XCTAssertEqual(view.scrolls[0].location, CGPoint(x: 40 / window.scale, y: 30 / window.scale))
        XCTAssertEqual(view.moves.count, 1, "the first motion places the pointer; a scroll alone moves none")

        // The server's emulation of a wheel click (XIPointerEmulated) moves the valuator but is
        // not delivered; the next real delta counts from where it left the valuator.
        Self.motion(source: 42, valuators: [2: 1420], flags: Int32(XIPointerEmulated)) { window.handleXInputDevice($0) }
        XCTAssertEqual(view.scrolls.count, 2)
        Self.motion(source: 42, valuators: [2: 1432]) { window.handleXInputDevice($0) }
        XCTAssertEqual(view.scrolls.last?.deltaY, 1)

        // An inverted increment scrolls the other way; an unknown last place is noted, not guessed.
        Self.motion(source: 43, valuators: [2: 30]) { window.handleXInputDevice($0) }
        XCTAssertEqual(view.scrolls.last?.deltaY, -5)
        let count = view.scrolls.count
        Self.motion(source: 44, valuators: [2: 5000]) { window.handleXInputDevice($0) }
        XCTAssertEqual(view.scrolls.count, count)
        Self.motion(source: 44, valuators: [2: 5120]) { window.handleXInputDevice($0) }
        XCTAssertEqual(view.scrolls.last?.deltaY, 10)
        // A device without scroll valuators (XTest's pointer, device 4 here) scrolls nothing by moving.
        Application.shared.smoothScrolling.learn(device: 4, axes: [], positions: [:])
        Self.motion(source: 4, x: 80, valuators: [0: 80, 1: 30]) { window.handleXInputDevice($0) }
        XCTAssertEqual(view.scrolls.count, count + 1)
        XCTAssertEqual(view.moves.last?.location, CGPoint(x: 80 / window.scale, y: 30 / window.scale))

        // Wheel buttons: the server's copy of a smooth scroll is dropped; a real click steps.
        Self.press(5, flags: Int32(XIPointerEmulated)) { window.handleXInputDevice($0) }
        XCTAssertEqual(view.scrolls.count, count + 1, "an emulated wheel click is not a second scroll")
        Self.press(5) { window.handleXInputDevice($0) }
        XCTAssertEqual(view.scrolls.last?.deltaY, 10)
        XCTAssertEqual(view.scrolls.last?.hasPreciseScrollingDeltas, false)
        XCTAssertEqual(view.scrolls.last?.phase, [], "a wheel's steps have no phase")
        Self.press(1) { window.handleXInputDevice($0) }
        XCTAssertEqual(view.downs.map(\.button), [.left])

        // The scroll in progress ends on its own once no delta comes for `endingPause`.
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { view.scrolls.contains { $0.phase == .ended } }, "never ended")
        let ended = view.scrolls.first { $0.phase == .ended }!
        XCTAssertEqual(ended.deltaX, 0)
        XCTAssertEqual(ended.deltaY, 0)
        XCTAssertEqual(view.scrolls.filter { $0.phase == .ended }.count, 1)
    }

    /// The phases' rule on explicit times: began, changed, and an `.ended` before a delta that
    /// comes after a pause its timer has not reported yet.
    func testScrollPhasesFollowPauses() {
        var phases = ScrollPhases()
        func delta(_ y: CGFloat, at t: CFTimeInterval) -> [ScrollEvent] {
            phases.phased(ScrollEvent(location: CGPoint(x: 1, y: 2), deltaX: 0, deltaY: y, hasPreciseScrollingDeltas: true, timestamp: t))
        }
        XCTAssertEqual(delta(3, at: 10).map(\.phase), [.began])
        XCTAssertEqual(delta(4, at: 10.05).map(\.phase), [.changed])
        let late = delta(5, at: 10.05 + 2 * ScrollEvent.endingPause)
        XCTAssertEqual(late.map(\.phase), [.ended, .began])
        XCTAssertEqual(late[0].deltaY, 0)
        XCTAssertEqual(late[0].location, CGPoint(x: 1, y: 2))
        XCTAssertEqual(late[1].deltaY, 5)
        XCTAssertEqual(phases.end(at: 11)?.phase, .ended)
        XCTAssertNil(phases.end(at: 12), "ended once")
    }

    // MARK: Touchpad gestures

    static func pinch(_ type: Int32, scale: Double, angle: Double, flags: Int32 = 0) -> XIGesturePinchEvent {
        var e = XIGesturePinchEvent()
        e.type = GenericEvent
        e.evtype = type
        e.detail = 2
        e.event_x = 100
        e.event_y = 60
        e.delta_x = 4
        e.delta_y = -2
        e.scale = scale
        e.delta_angle = angle
        e.flags = flags
        return e
    }

    func testTouchpadPinchesMagnifyAndRotateAndSwipesMove() throws { try onMain { try $0.checkGestures() } }

    @MainActor func checkGestures() throws {
        let view = Recorder()
        let window = try window(view)
        defer { window.close() }
        var pinchStates: [GestureState] = [], rotationStates: [GestureState] = []
        let pinch = PinchGestureRecognizer { pinchStates.append($0.state) }
        let rotation = RotationGestureRecognizer { rotationStates.append($0.state) }
        view.addGestureRecognizer(pinch)
        view.addGestureRecognizer(rotation)
        func send(_ e: XIGesturePinchEvent) { withUnsafePointer(to: e) { window.handleXInput(evtype: e.evtype, data: $0) } }
        send(Self.pinch(XI_GesturePinchBegin, scale: 1, angle: 0))
        send(Self.pinch(XI_GesturePinchUpdate, scale: 1.5, angle: 10))        // X: clockwise degrees
        send(Self.pinch(XI_GesturePinchUpdate, scale: 1.2, angle: -4))
        send(Self.pinch(XI_GesturePinchEnd, scale: 1.2, angle: 0))
        XCTAssertEqual(view.magnifies.map(\.phase), [.began, .changed, .changed, .ended])
        let magnifications = view.magnifies.map { Double($0.magnification) }
        for (got, wanted) in zip(magnifications, [0, 0.5, -0.2, 0]) { XCTAssertEqual(got, wanted, accuracy: 1e-12) }
        XCTAssertEqual(view.rotates.map(\.rotation), [0, -10, 4, 0], "AppKit's rotation: counterclockwise degrees")
        XCTAssertEqual(view.magnifies[1].location, CGPoint(x: 100 / window.scale, y: 60 / window.scale))
        XCTAssertEqual(view.magnifies[1].fingerCount, 2)
        XCTAssertEqual(pinchStates, [.began, .changed, .changed, .ended])
        XCTAssertEqual(Double(pinch.scale), 1.2, accuracy: 1e-12, "the scale since the pinch began")
        XCTAssertEqual(rotationStates, [.began, .changed, .changed, .ended])
        XCTAssertEqual(Double(rotation.rotation), 6 * .pi / 180, accuracy: 1e-12, "clockwise radians, as layers turn")
        XCTAssertEqual(pinch.state, .possible, "ready for the next one")

        // A pinch the server cancels.
        send(Self.pinch(XI_GesturePinchBegin, scale: 1, angle: 0))
        send(Self.pinch(XI_GesturePinchEnd, scale: 1, angle: 0, flags: Int32(XIGesturePinchEventCancelled)))
        XCTAssertEqual(pinchStates.suffix(2), [.began, .cancelled])
        XCTAssertEqual(view.magnifies.last?.phase, .cancelled)

        // A three-finger swipe: its movement in points.
        for type in [XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd] {
            var e = XIGestureSwipeEvent()
            e.type = GenericEvent
            e.evtype = type
            e.detail = 3
            e.delta_x = type == XI_GestureSwipeUpdate ? 30 : 0
            e.delta_y = type == XI_GestureSwipeUpdate ? -6 : 0
            e.mods.effective = Int32(ShiftMask)
            withUnsafePointer(to: e) { window.handleXInput(evtype: type, data: $0) }
        }
        XCTAssertEqual(view.swipes.map(\.phase), [.began, .changed, .ended])
        XCTAssertEqual(view.swipes[1].deltaX, 30 / window.scale)
        XCTAssertEqual(view.swipes[1].deltaY, -6 / window.scale)
        XCTAssertEqual(view.swipes[1].fingerCount, 3)
        XCTAssertEqual(view.swipes[1].modifiers, .shift)
    }

    // MARK: Against the server

    func testTheServerSpeaksXInput24AndItsPointersHaveNoScrollValuators() throws { try onMain { try $0.checkServer() } }

    @MainActor func checkServer() throws {
        let x = try X11Display.connection()
        guard let xinput = x.xinput else { return XCTFail("Xvfb offers XInput 2: it was not read") }
        print("XInput 2.\(xinput.minor); gestures: \(xinput.hasGestures)")
        XCTAssertTrue(xinput.hasGestures, "bookworm's libXi 1.8 and Xvfb 21.1 both speak XI 2.4")
        var scrolling = SmoothScrolling()
        xinput.learnDevices(into: &scrolling, x.display)
        XCTAssertTrue(scrolling.knows(2), "the virtual core pointer")
        XCTAssertTrue(scrolling.knows(4), "the XTest pointer")
        XCTAssertEqual(scrolling.axes[4], [], "XTest's pointer has no scroll valuators: its wheel is buttons 4–7")
    }

    /// Wheel clicks and motion from XTest reach the view once each, whether the window reads
    /// XInput 2 (it selects the core types too, for events other clients send; the server then
    /// sends the devices' events as XI 2 alone) or the core protocol.
    func testWheelClicksArriveOnceThroughEitherProtocol() throws { try onMain { try $0.checkWheelOnce() } }

    @MainActor func checkWheelOnce() throws {
        defer { LaminaHost.Window.usesXInput2 = true }
        for xinput in [true, false] {
            LaminaHost.Window.usesXInput2 = xinput
            let view = Recorder()
            let window = try window(view)
            window.show()
            defer { window.close() }
            XCTAssertEqual(window.readsXInput2, xinput)
            let id = "\(window.windowID!)"
            let run = try ToolRun(URL(fileURLWithPath: "/usr/bin/xdotool"),
                                  ["mousemove", "--window", id, "60", "40", "mousemove", "--window", id, "50", "50",
                                   "click", "5", "click", "5", "click", "7"], timeout: 30)
            XCTAssertEqual(run.status, 0, run.output)
            XCTAssertTrue(Application.shared.runUntil(timeout: 5) { view.scrolls.count >= 3 }, "\(view.scrolls.count) scrolls")
            XCTAssertFalse(Application.shared.runUntil(timeout: 0.3) { view.scrolls.count > 3 }, "a click arrived twice")
            XCTAssertEqual(view.scrolls.map(\.deltaY), [10, 10, 0])
            XCTAssertEqual(view.scrolls.last?.deltaX, 10)
            XCTAssertEqual(view.moves.map(\.location), [CGPoint(x: 60, y: 40), CGPoint(x: 50, y: 50)], "each motion once")
            XCTAssertEqual(view.scrolls.map(\.hasPreciseScrollingDeltas), [false, false, false])
        }
    }
}
