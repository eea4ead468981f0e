import CLaminaWayland
import QuartzCore

/// Where a Wayland window's frames go: swap chains of two wl_shm buffers, presented with their
/// damage, and the frame callbacks that pace the render thread (`FrameCallbackClock`).
final class WaylandPresentation: PresentationTarget, @unchecked Sendable {
    /// The shim's window (its render side is locked inside the shim).
    let window: OpaquePointer
    private let lock = NSLock()
    /// The chain the last frame was presented from (for capture).
    private weak var current: WaylandBuffers?

    init(_ window: OpaquePointer) { self.window = window }

    /// The shim's window lives as long as its presentation: the render thread may still be
    /// waiting on it when the window closes (`lamina_wl_window_destroy` took it off the screen).
    deinit { lamina_wl_window_free(window) }

    func makeBuffers(width: Int, height: Int) -> (any WindowBuffers)? {
        guard let buffers = WaylandBuffers(self, width: width, height: height) else { return nil }
        lock.lock(); current = buffers; lock.unlock()
        return buffers
    }

    /// The buffer last presented, as a context (nil before the first frame).
    func lastPresented() -> CGContext? {
        lock.lock(); defer { lock.unlock() }
        return current?.presented
    }
}

/// Two wl_shm buffers: the next frame is drawn into the one the compositor has released.
final class WaylandBuffers: WindowBuffers {
    let width: Int
    let height: Int
    /// The window's presentation, held: the shim's window lives as long as it.
    private let presentation: WaylandPresentation
    private var window: OpaquePointer { presentation.window }
    private let buffers: [(buffer: OpaquePointer, context: CGContext)]
    private var backIndex = 0
    /// The context of the buffer last presented.
    private(set) var presented: CGContext?

    init?(_ presentation: WaylandPresentation, width: Int, height: Int) {
        self.presentation = presentation
        let window = presentation.window
        self.width = max(width, 1)
        self.height = max(height, 1)
        var made: [(OpaquePointer, CGContext)] = []
        for _ in 0..<2 {
            guard let buffer = lamina_wl_buffer_create(window, Int32(self.width), Int32(self.height)) else { break }
            guard let context = CGContext(data: lamina_wl_buffer_data(buffer), width: self.width, height: self.height, bitsPerComponent: 8,
                                          bytesPerRow: Int(lamina_wl_buffer_stride(buffer)), space: CGColorSpaceCreateDeviceRGB(),
                                          bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
            else { lamina_wl_buffer_destroy(buffer); break }
            made.append((buffer, context))
        }
        guard !made.isEmpty else { return nil }
        buffers = made.map { (buffer: $0.0, context: $0.1) }
    }

    deinit { for b in buffers { lamina_wl_buffer_destroy(b.buffer) } }

    /// The back buffer, once the compositor has released it (a frame at most, then drawn anyway).
    func frameTarget() -> CGContext? {
        let back = buffers[backIndex]
        if lamina_wl_buffer_busy(back.buffer) != 0 { _ = lamina_wl_render_wait(window, back.buffer, 50, nil) }
        return back.context
    }

    func present(_ rects: [DeviceRect]) {
        let back = buffers[backIndex]
        back.context.flush()
        var flat: [Int32] = []
        flat.reserveCapacity(rects.count * 4)
        for r in rects { flat += [Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height)] }
        lamina_wl_present(window, back.buffer, flat, Int32(rects.count))
        presented = back.context
        backIndex = (backIndex + 1) % buffers.count
    }

    func lastFrameTarget() -> CGContext? {
        buffers.count > 1 ? buffers[(backIndex + buffers.count - 1) % buffers.count].context : nil
    }
}

/// The compositor's frame callbacks as the render thread's vblanks: a tick asks for one (an
/// empty commit when it presented nothing) and waits for it.
final class FrameCallbackClock: VBlankSource, @unchecked Sendable {
    private let lock = NSLock()
    private var frames: [UInt64] = []
    private var sleeps = 0

    func requestNextVBlank(of target: any PresentationTarget) {}

    func waitForVBlank(of target: any PresentationTarget, interval: TimeInterval, timeout: TimeInterval) -> CFTimeInterval? {
        guard let window = (target as? WaylandPresentation)?.window else { return nil }
        lamina_wl_request_frame(window)
        var time: UInt32 = 0
        let done = lamina_wl_render_wait(window, nil, Int32(timeout * 1000), &time) != 0
        lock.lock()
        sleeps += 1
        if done {
            if frames.count == 64 { frames.removeFirst(32) }
            frames.append(lamina_wl_frames_done(window))
        }
        lock.unlock()
        return done ? CACurrentMediaTime() : nil
    }

    var recentMSCs: [UInt64] { lock.lock(); defer { lock.unlock() }; return frames }
    var sleepCount: Int { lock.lock(); defer { lock.unlock() }; return sleeps }
}
