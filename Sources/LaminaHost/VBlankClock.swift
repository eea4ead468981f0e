import CX11
import QuartzCore
import Glibc
import Dispatch
import Foundation

/// Paces the render thread by the display's vertical blank through the Present extension: the
/// server is asked to notify at a window's next MSC (media stream counter: one count per vblank)
/// and the thread waits for that event, so that frames start as a vblank passes instead of on a
/// timer that drifts against the display. Frames are still put through MIT-SHM (measured: the
/// put is 0.2 ms and needs no pixmap copy). A wait that sees no notify within a few frame
/// intervals (an unmapped window, a server whose counter stalls) gives up, and the caller falls
/// back to its timer. Present's events come to the render side's connection
/// (`X11Display.renderConnection()`); where that is the main one, the main thread leaves them in
/// the queue for this clock.
///
/// The notify for the next vblank is asked for as a tick starts, before its frame is drawn, and
/// names that vblank's MSC (the last one seen + 1). Asked for after drawing, "the next MSC" is
/// counted from when the request arrives, and a frame longer than half an interval lost a
/// vblank under Xvfb: its simulated counter rounds the time to the nearest MSC, so from the
/// middle of an interval on it already reads the coming one and "next" meant the one after
/// (measured: a list whose frames took 8–9 ms ran at 36–42 fps, 60 with the timer). A real
/// display's counter moves at the vblank itself, where asking early costs nothing.
final class VBlankClock: @unchecked Sendable {
    private let x: X11Display
    private var serial: UInt32 = 0
    private var selected: Set<UInt> = []
    /// The notify asked for and not seen yet.
    private var pending: (serial: UInt32, window: UInt)?
    /// The last vblank seen: its window and MSC.
    private var last: (window: UInt, msc: UInt64)?
    /// The MSCs of the recent vblanks seen (the last 64), for tests: consecutive ones mean no
    /// vblank was lost. Read from other threads: guarded by `mscLock`.
    private var mscs: [UInt64] = []
    private let mscLock = NSLock()
    var recentMSCs: [UInt64] { mscLock.lock(); defer { mscLock.unlock() }; return mscs }

    init?(_ x: X11Display) {
        guard x.presentOpcode != nil else { return nil }
        self.x = x
    }

    /// Asks for a notify at `window`'s vblank after the last one seen (the next one to come
    /// when that has passed, or when none was seen), unless one is asked for already.
    func requestNextVBlank(of window: UInt) {
        guard pending?.window != window else { return }
        if !selected.contains(window) {
            _ = XPresentSelectInput(x.display, window, UInt32(PresentCompleteNotifyMask))
            selected.insert(window)
        }
        serial &+= 1
        // With divisor 1, a target that has passed means the next MSC (Present's rule).
        let target = last.flatMap { $0.window == window ? $0.msc + 1 : nil } ?? 0
        XPresentNotifyMSC(x.display, window, serial, target, 1, 0)
        XFlush(x.display)
        pending = (serial, window)
    }

    /// Waits for the vblank asked for (asking now when nothing was): its media time, or nil
    /// when none came within `timeout`.
    func waitForVBlank(of window: UInt, timeout: TimeInterval) -> CFTimeInterval? {
        requestNextVBlank(of: window)
        guard let wanted = pending?.serial else { return nil }
        defer { pending = nil }
        // On the system's clock: media time may be driven by hand (MediaClock) and stand still.
        let deadline = DispatchTime.now() + timeout
        var event = XEvent()
        while true {
            while x.takePresentEvent(&event) {
                if let (ust, msc, serial) = complete(&event), serial == wanted {
                    last = (window, msc)
                    mscLock.lock()
                    if mscs.count == 64 { mscs.removeFirst(32) }
                    mscs.append(msc)
                    mscLock.unlock()
                    return vblank(ust: ust)
                }
            }
            guard DispatchTime.now() < deadline else { return nil }
            // Sleep until the server sends something, then read it — a millisecond at most:
            // another thread's call on this connection (a frame buffer attached by the main
            // thread, its XSync) may read the notify into Xlib's queue without this thread
            // seeing the socket become readable.
            var poller = pollfd(fd: x.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&poller, 1, 1)
        }
    }

    /// Forgets a window that closes.
    func forget(_ window: UInt) {
        selected.remove(window)
        if pending?.window == window { pending = nil }
        if last?.window == window { last = nil }
    }

    /// A PresentCompleteNotify of an MSC notify (its data fetched by `takePresentEvent`): its
    /// server time, MSC and serial.
    private func complete(_ event: inout XEvent) -> (UInt64, UInt64, UInt32)? {
        defer { XFreeEventData(x.display, &event.xcookie) }
        guard event.xcookie.evtype == PresentCompleteNotify, let data = event.xcookie.data else { return nil }
        let notify = data.assumingMemoryBound(to: XPresentCompleteNotifyEvent.self).pointee
        guard notify.kind == UInt8(PresentCompleteKindNotifyMSC) else { return nil }
        return (notify.ust, notify.msc, notify.serial_number)
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
