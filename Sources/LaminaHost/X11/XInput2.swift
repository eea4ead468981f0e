import CX11
import Foundation

/// The XInput 2 extension as windows use it: pointer buttons and motion come from it instead of
/// the core protocol, for smooth scrolling (XI 2.1 scroll valuators: `SmoothScrolling`) and
/// touchpad pinches and swipes (XI 2.4 gesture events); crossings come from it too. A client that selects an XI 2 event type
/// on a window no longer gets the core events of that type there, so each press, motion and
/// wheel click arrives once. Without XI 2.1 (or with `LAMINA_XINPUT2=0`) windows take core
/// events as before: wheel steps only. Gestures need XI 2.4 at both ends — libXi 1.8 and an
/// X server 21.1 or later (Debian bookworm has both); with less, pinches come from Ctrl+scroll.
struct XInput2: Sendable {
    /// The extension's major opcode: its events are GenericEvents carrying it.
    let opcode: Int32
    /// The minor version both ends speak (2.`minor`).
    let minor: Int32

    /// Whether touchpad gestures (XI 2.4) can be selected.
    var hasGestures: Bool { minor >= 4 }

    /// The extension, when the server offers XI 2.1 or later and it is not turned off.
    static func query(_ display: OpaquePointer) -> XInput2? {
        guard ProcessInfo.processInfo.environment["LAMINA_XINPUT2"] != "0" else { return nil }
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0 else { return nil }
        // Ask for the newest version libXi knows; the answer is what both ends speak.
        var major: Int32 = 2, minor: Int32 = 4
        guard XIQueryVersion(display, &major, &minor) == Success, major == 2, minor >= 1 else { return nil }
        return XInput2(opcode: opcode, minor: minor)
    }

    /// The XI 2 events a window takes from every master pointer: buttons, motion (scroll
    /// valuators move with it), crossings (under an XI 2 grab — a drag — the server sends no
    /// core Leave to the window), device changes (a new device behind the pointer brings its own
    /// valuators) and, with XI 2.4, touchpad gestures.
    var windowEvents: [Int32] {
        var events = [XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_Enter, XI_Leave, XI_DeviceChanged]
        if hasGestures {
            events += [XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd,
                       XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd]
        }
        return events.map { Int32($0) }
    }

    /// Selects `windowEvents` on `window`.
    func select(on window: UInt, _ display: OpaquePointer) {
        // XISetMask is a C macro: one bit per event type.
        var bits = [UInt8](repeating: 0, count: Int(XI_LASTEVENT) / 8 + 1)
        for type in windowEvents { bits[Int(type) / 8] |= 1 << (UInt8(type) % 8) }
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            _ = XISelectEvents(display, window, &mask, 1)
        }
    }

    /// Learns the scroll valuators of `device` (`XIAllDevices`: of every device) and where they
    /// stand now, into `scrolling`.
    func learnDevices(_ device: Int32 = XIAllDevices, into scrolling: inout SmoothScrolling, _ display: OpaquePointer) {
        var count: Int32 = 0
        guard let devices = XIQueryDevice(display, device, &count) else { return }
        defer { XIFreeDeviceInfo(devices) }
        for i in 0..<Int(count) {
            scrolling.learn(device: Int32(devices[i].deviceid), classes: devices[i].classes, count: devices[i].num_classes)
        }
    }
}
