import CX11
import QuartzCore

/// A window's frame buffers. In shared memory there are two: the next frame is drawn into one
/// while the server reads the other, so a frame never waits for the last one's put; at most one
/// put is in flight. When puts copy the pixels (`XPutImage`), one is enough: nothing reads it later.
final class SwapChain {
    let width: Int
    let height: Int
    private let buffers: [FrameBuffer]
    /// The buffer the next frame is drawn into.
    private var backIndex = 0
    private let completions: PutCompletions

    /// Buffers of `width` × `height` pixels on `x`, whose puts' completions are recorded in
    /// `completions` (the window's, shared by every chain it has).
    init?(_ x: X11Display, width: Int, height: Int, completions: PutCompletions = PutCompletions()) {
        self.completions = completions
        guard let first = FrameBuffer(x, width: width, height: height, completions: completions) else { return nil }
        // A second segment that fails to attach leaves one buffer, drawn after each put is read.
        let second = first.usesSharedMemory ? FrameBuffer(x, width: width, height: height, completions: completions) : nil
        buffers = [first] + (second.map { [$0] } ?? [])
        self.width = first.width
        self.height = first.height
        // Shared memory is given pages as it is first written, one fault per page (the first
        // frame of a 1280×720 window would take 900 of them): populated on another thread in
        // one call each, while the first frame is still being planned.
        let held = HeldBuffers(buffers)
        DispatchQueue.global(qos: .userInitiated).async { for buffer in held.buffers { buffer.populate() } }
    }

    var count: Int { buffers.count }

    /// The buffer to draw the next frame into, once the server has read it (its put is two frames
    /// old, so normally at once).
    func back() -> FrameBuffer {
        let buffer = buffers[backIndex]
        buffer.waitForServer()
        return buffer
    }

    /// The buffer the last frame was put from, which the next frame is not drawn into (nil with
    /// one buffer). Only read: the server may still be reading its put too.
    func front() -> FrameBuffer? {
        buffers.count > 1 ? buffers[(backIndex + buffers.count - 1) % buffers.count] : nil
    }

    /// Shows `rects` of the back buffer in `window`, after the last put has been read, and makes
    /// the other buffer the back one.
    func present(_ rects: [DeviceRect], to window: UInt, gc: GC) {
        let back = buffers[backIndex]
        for buffer in buffers where buffer !== back { buffer.waitForServer() }
        back.put(rects, to: window, gc: gc)
        backIndex = (backIndex + 1) % buffers.count
    }

    /// Whether the server may still be reading a put.
    var hasPendingPut: Bool { buffers.contains { $0.hasPendingPut } }

    /// The server has read every put up to request `serial` (a ShmCompletion event).
    func putCompleted(serial: UInt) { completions.record(serial) }
}

/// Buffers handed to another thread to be populated (`FrameBuffer.populate`), kept alive until
/// it is done; nothing else of them is touched there.
private final class HeldBuffers: @unchecked Sendable {
    let buffers: [FrameBuffer]
    init(_ buffers: [FrameBuffer]) { self.buffers = buffers }
}
