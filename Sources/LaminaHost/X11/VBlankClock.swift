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
/// (`X11Backend.render`); where that is the main one, the main thread leaves them in
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
    /// How many times the waits so far slept in `poll` (under `mscLock`), for tests: about one a
    /// vblank when the notify wakes the thread.
    private var sleeps = 0
    private let mscLock = NSLock()
    /// The MSCs of the recent vblanks seen.
    var recentMSCs: [UInt64] { mscLock.lock(); defer { mscLock.unlock() }; return mscs }
    /// How many times the waits slept in `poll`.
    var sleepCount: Int { mscLock.lock(); defer { mscLock.unlock() }; return sleeps }
    /// When the last vblank seen came, in seconds of CLOCK_MONOTONIC (never media time, which
    /// tests and tools drive by hand): the one asked for next is due an interval later.
    private var lastSeen: Double?

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
    /// when none came within `timeout`. `interval` is the display's frame interval: the vblank
    /// asked for is due that long after the last one seen.
    func waitForVBlank(of window: UInt, interval: TimeInterval, timeout: TimeInterval) -> CFTimeInterval? {
        requestNextVBlank(of: window)
        guard let wanted = pending?.serial else { return nil }
        defer { pending = nil }
        // On the system's clock: media time may be driven by hand (MediaClock) and stand still.
        let deadline = DispatchTime.now() + timeout
        let due = lastSeen.map { $0 + interval }
        var event = XEvent()
        while true {
            while x.takePresentEvent(&event) {
                if let (ust, msc, serial) = complete(&event), serial == wanted {
                    let time = vblank(ust: ust)
                    last = (window, msc)
                    lastSeen = Self.local(Double(ust) / 1e6, near: Self.monotonicSeconds())
                    mscLock.lock()
                    if mscs.count == 64 { mscs.removeFirst(32) }
                    mscs.append(msc)
                    mscLock.unlock()
                    return time
                }
            }
            let now = DispatchTime.now()
            guard now < deadline else { return nil }
            let left = Double(deadline.uptimeNanoseconds - now.uptimeNanoseconds) / 1e9
            var poller = pollfd(fd: x.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&poller, 1, Self.pollMilliseconds(due: due, now: Self.monotonicSeconds(), left: left))
            mscLock.lock(); sleeps += 1; mscLock.unlock()
        }
    }

    /// How long one sleep of a wait lasts, in milliseconds: until the server sends something, and
    /// at most until a millisecond after the vblank is `due` (CLOCK_MONOTONIC seconds, as `now`;
    /// nil: not known), then a
    /// millisecond at a time, never past the `left` seconds of the wait. The notify comes on the
    /// connection's socket and wakes the sleep, unless another thread's call on the connection (the
    /// main thread's `XSync` before a capture, a buffer attached) read it into Xlib's queue first;
    /// then nothing wakes this thread, so it looks at the queue again soon after the vblank was due.
    /// (A millisecond at a time throughout was about twelve wake-ups a frame.)
    static func pollMilliseconds(due: CFTimeInterval?, now: CFTimeInterval, left: TimeInterval) -> Int32 {
        var wait = 0.001
        if let due, due.isFinite, due + 0.001 - now > wait { wait = due + 0.001 - now }
        // In whole microseconds first: 11 ms worked out in doubles may be 11.000000000001.
        let micros = Int(max(0, min(wait, left) * 1e6).rounded())
        return Int32(max(1, (micros + 999) / 1000))
    }

    /// Forgets a window that closes.
    func forget(_ window: UInt) {
        selected.remove(window)
        if pending?.window == window { pending = nil }
        if last?.window == window { (last, lastSeen) = (nil, nil) }
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

    /// A server's UST (seconds) where it reads this machine's clock (`now`, within a second: a
    /// local server), else `now`.
    static func local(_ stamp: Double, near now: Double) -> Double {
        abs(stamp - now) < 1 ? stamp : now
    }

    /// Now on CLOCK_MONOTONIC, in seconds.
    static func monotonicSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// The media time of a vblank: the server's UST is CLOCK_MONOTONIC in microseconds on a
    /// local Linux server, the clock media time follows; a remote one gets the time it arrived.
    /// (The interval between vblanks stays the display's nominal one, RandR's or 60 Hz: a
    /// simulated vblank's times wander with the server's load.)
    private func vblank(ust: UInt64) -> CFTimeInterval {
        Self.local(Double(ust) / 1e6, near: CACurrentMediaTime())
    }
}

/// The render thread asks for vblanks of a window's presentation: its X window's.
extension VBlankClock: VBlankSource {
    func requestNextVBlank(of target: any PresentationTarget) {
        guard let window = (target as? X11Presentation)?.window else { return }
        requestNextVBlank(of: window)
    }

    func waitForVBlank(of target: any PresentationTarget, interval: TimeInterval, timeout: TimeInterval) -> CFTimeInterval? {
        guard let window = (target as? X11Presentation)?.window else { return nil }
        return waitForVBlank(of: window, interval: interval, timeout: timeout)
    }
}
