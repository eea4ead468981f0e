import CX11
import QuartzCore
import Glibc
import Dispatch

/// Paces the render thread by the display's vertical blank through the Present extension: the
/// server is asked to notify at a window's next MSC (media stream counter: one count per vblank)
/// and the thread waits for that event, so that frames start as a vblank passes instead of on a
/// timer that drifts against the display. Frames are still put through MIT-SHM (measured: the
/// put is 0.2 ms and needs no pixmap copy). A wait that sees no notify within a few frame
/// intervals (an unmapped window, a server whose counter stalls) gives up, and the caller falls
/// back to its timer. The main thread leaves Present's events in the queue for this clock.
final class VBlankClock: @unchecked Sendable {
    private let x: X11Display
    private var serial: UInt32 = 0
    private var selected: Set<UInt> = []

    init?(_ x: X11Display) {
        guard x.presentOpcode != nil else { return nil }
        self.x = x
    }

    /// Waits for `window`'s next vblank; its media time, or nil when none came within `timeout`.
    func waitForVBlank(of window: UInt, timeout: TimeInterval) -> CFTimeInterval? {
        if !selected.contains(window) {
            _ = XPresentSelectInput(x.display, window, UInt32(PresentCompleteNotifyMask))
            selected.insert(window)
        }
        serial &+= 1
        let wanted = serial
        XPresentNotifyMSC(x.display, window, wanted, 0, 1, 0)        // the next MSC
        XFlush(x.display)
        // On the system's clock: media time may be driven by hand (MediaClock) and stand still.
        let deadline = DispatchTime.now() + timeout
        var event = XEvent()
        while true {
            while x.takePresentEvent(&event) {
                if let (ust, serial) = complete(&event), serial == wanted { return vblank(ust: ust) }
            }
            guard DispatchTime.now() < deadline else { return nil }
            // Sleep until the server sends something, then read it — a millisecond at most: the
            // main thread reads the same connection and may queue the notify without this
            // thread seeing the socket become readable.
            var poller = pollfd(fd: x.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&poller, 1, 1)
        }
    }

    /// Forgets a window that closes.
    func forget(_ window: UInt) { selected.remove(window) }

    /// A PresentCompleteNotify of an MSC notify: its server time and serial.
    private func complete(_ event: inout XEvent) -> (UInt64, UInt32)? {
        guard XGetEventData(x.display, &event.xcookie) != 0 else { return nil }
        defer { XFreeEventData(x.display, &event.xcookie) }
        guard event.xcookie.evtype == PresentCompleteNotify, let data = event.xcookie.data else { return nil }
        let notify = data.assumingMemoryBound(to: XPresentCompleteNotifyEvent.self).pointee
        guard notify.kind == UInt8(PresentCompleteKindNotifyMSC) else { return nil }
        return (notify.ust, notify.serial_number)
    }

    /// The media time of a vblank: the server's UST is CLOCK_MONOTONIC in microseconds on a
    /// local Linux server, the clock media time follows; a remote one gets the time it arrived.
    /// (The interval between vblanks stays the display's nominal one, RandR's or 60 Hz: a
    /// simulated vblank's times wander with the server's load.)
    private func vblank(ust: UInt64) -> CFTimeInterval {
        let now = CACurrentMediaTime(), time = Double(ust) / 1e6
        return abs(time - now) < 1 ? time : now
    }
}
