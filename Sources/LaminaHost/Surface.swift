import CX11
import QuartzCore
import Foundation

/// One window's drawing state, shared by the main thread and the render thread. `lock` guards
/// the fields and is held only for moments, so that the main thread never waits for a frame;
/// `drawing` is held for a whole frame by whichever thread draws one (the render thread, or the
/// main thread for trees only it can draw), so that two frames never write the buffer at once.
final class Surface: @unchecked Sendable {
    let lock = NSLock()
    let drawing = NSLock()
    let windowID: UInt
    let gc: GC
    var buffers: SwapChain?
    var scale: CGFloat
    var tree: RenderTree?
    var needsFrame = true
    var closed = false
    /// Frames put, and how long each took to draw and put (the last 4096), for readouts.
    private(set) var framesPut = 0
    private(set) var frameTimes: [Double] = []
    /// How long the last frame took to draw and put.
    private var lastFrameSeconds: CFTimeInterval = 0
    /// When the last frame's put completed (media time).
    private(set) var lastPutTime: CFTimeInterval = 0
    /// The media time the window's picture was drawn for (−∞ before the first frame): set once
    /// its put has been made, so that a capture after it sees that frame.
    private(set) var shownMediaTime: CFTimeInterval = -.infinity
    /// The window lost what it showed (an Expose, a new buffer): the next frame is whole.
    private var lostPicture = true
    /// Places cached layer textures where the picture changed (used under `drawing`).
    private let compositor = Compositor()

    init(windowID: UInt, gc: GC, buffers: SwapChain?, scale: CGFloat) {
        self.windowID = windowID; self.gc = gc; self.buffers = buffers; self.scale = scale
    }

    /// Whether the render thread has a frame to draw (a new tree, or an animating one).
    var wantsFrame: Bool {
        lock.lock(); defer { lock.unlock() }
        return wantsFrameLocked
    }

    private var wantsFrameLocked: Bool {
        !closed && tree != nil && (needsFrame || tree!.isAnimating)
    }

    /// Makes the next frame whole.
    func invalidate() {
        lock.lock(); lostPicture = true; lock.unlock()
    }

    /// The server has read the window's puts up to request `serial` (a ShmCompletion event).
    func putCompleted(serial: UInt) {
        lock.lock(); let buffers = self.buffers; lock.unlock()
        buffers?.putCompleted(serial: serial)
    }

    /// Hands over new buffers (after a resize).
    func replaceBuffers(_ buffers: SwapChain?) {
        lock.lock(); self.buffers = buffers; lostPicture = true; lock.unlock()
    }

    /// The render thread's frame: composites the tree at media time `t` where it changed and
    /// puts only that (a target the compositor cannot write is drawn whole). True when it drew.
    func drawDueFrame(atMediaTime t: CFTimeInterval) -> Bool {
        drawing.lock(); defer { drawing.unlock() }
        lock.lock()
        guard wantsFrameLocked, let tree, let buffers else { lock.unlock(); return false }
        needsFrame = false
        if lostPicture { compositor.invalidate() }
        lostPicture = false
        let scale = self.scale
        lock.unlock()
        let started = CACurrentMediaTime()
        let buffer = buffers.back()
        // The next frame comes a tick later, or when this one is done if frames take longer.
        let next = t + max(RenderThread.shared.frameInterval, lastFrameSeconds)
        guard let rects = compositor.composite(tree, atMediaTime: t, scale: scale, into: buffer.context, nextFrameAt: next) else {
            drawWhole(buffers, atMediaTime: t, scale: scale, started: started) { tree.draw(atMediaTime: t, in: $0) }
            return true
        }
        if !rects.isEmpty {                                       // nothing changed: nothing to put
            buffers.present(rects, to: windowID, gc: gc)
            recordFrame(since: started)
        }
        lock.lock(); shownMediaTime = t; lock.unlock()
        return true
    }

    /// A frame at media time `t` drawn by `draw` on the calling thread (the main thread's path).
    func drawFrame(atMediaTime t: CFTimeInterval, _ draw: (CGContext) -> Void) {
        drawing.lock(); defer { drawing.unlock() }
        lock.lock()
        let buffers = closed ? nil : self.buffers, scale = self.scale
        lock.unlock()
        guard let buffers else { return }
        drawWhole(buffers, atMediaTime: t, scale: scale, started: CACurrentMediaTime(), draw)
    }

    /// Draws `draw` over white and puts the whole buffer (with `drawing` held).
    private func drawWhole(_ buffers: SwapChain, atMediaTime t: CFTimeInterval, scale: CGFloat, started: CFTimeInterval,
                           _ draw: (CGContext) -> Void) {
        compositor.invalidate()                                   // the compositor's picture is gone
        let buffer = buffers.back()
        let ctx = buffer.context
        ctx.saveGState()
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: buffer.width, height: buffer.height))
        ctx.translateBy(x: 0, y: CGFloat(buffer.height))
        ctx.scaleBy(x: scale, y: -scale)
        draw(ctx)
        ctx.restoreGState()
        buffers.present([DeviceRect(x: 0, y: 0, width: Int32(buffer.width), height: Int32(buffer.height))], to: windowID, gc: gc)
        recordFrame(since: started)
        lock.lock(); shownMediaTime = t; lock.unlock()
    }

    private func recordFrame(since started: CFTimeInterval) {
        let now = CACurrentMediaTime(), seconds = now - started
        lock.lock(); defer { lock.unlock() }
        lastPutTime = now
        lastFrameSeconds = seconds
        framesPut += 1
        if frameTimes.count == 4096 { frameTimes.removeFirst(2048) }
        frameTimes.append(seconds)
    }
}

