import CX11
import QuartzCore
import Glibc
import Dispatch

/// Draws and puts frames off the main thread, so that animations keep their rate while the main
/// thread is busy: the main thread hands over committed trees (`RenderTree`), this thread draws
/// them at each tick's media time. It sleeps while nothing animates and nothing new arrives.
final class RenderThread: @unchecked Sendable {
    static let shared = RenderThread()

    /// One window's drawing state; its lock serializes the render thread and the main thread
    /// (which replaces the buffer on resize and draws frames that need the main thread).
    final class Surface: @unchecked Sendable {
        let lock = NSLock()
        let windowID: UInt
        let gc: GC
        var buffer: FrameBuffer?
        var scale: CGFloat
        var tree: RenderTree?
        var needsFrame = true
        var closed = false
        /// Frames put, and how long each took to draw and put (the last 4096), for readouts.
        var framesPut = 0
        var frameTimes: [Double] = []
        /// Places cached layer textures where the picture changed (the fast path).
        let compositor = Compositor()

        init(windowID: UInt, gc: GC, buffer: FrameBuffer?, scale: CGFloat) {
            self.windowID = windowID; self.gc = gc; self.buffer = buffer; self.scale = scale
        }

        /// Composites `tree` at media time `t` where it changed and puts only that; a tree the
        /// compositor cannot place is drawn whole. Call with `lock` held.
        func drawFrame(_ tree: RenderTree, atMediaTime t: CFTimeInterval) {
            guard !closed, let buffer else { return }
            let started = CACurrentMediaTime()
            guard let rects = compositor.composite(tree, atMediaTime: t, scale: scale, into: buffer.context) else {
                drawFrame { tree.draw(atMediaTime: t, in: $0) }
                return
            }
            guard !rects.isEmpty else { return }                 // nothing changed: nothing to put
            buffer.put(rects, to: windowID, gc: gc)
            recordFrame(since: started)
        }

        /// Draws `draw` over a white background and puts the whole buffer (call with `lock` held).
        func drawFrame(_ draw: (CGContext) -> Void) {
            guard !closed, let buffer else { return }
            let started = CACurrentMediaTime()
            compositor.invalidate()                                 // the compositor's picture is gone
            let ctx = buffer.context
            ctx.saveGState()
            ctx.setFillColor(gray: 1, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: buffer.width, height: buffer.height))
            ctx.translateBy(x: 0, y: CGFloat(buffer.height))
            ctx.scaleBy(x: scale, y: -scale)
            draw(ctx)
            ctx.restoreGState()
            buffer.put([DeviceRect(x: 0, y: 0, width: Int32(buffer.width), height: Int32(buffer.height))], to: windowID, gc: gc)
            recordFrame(since: started)
        }

        /// Makes the next frame whole (the window lost its pixels).
        func invalidate() {
            lock.lock()
            compositor.invalidate()
            lock.unlock()
        }

        private func recordFrame(since started: CFTimeInterval) {
            framesPut += 1
            if frameTimes.count == 4096 { frameTimes.removeFirst(2048) }
            frameTimes.append(CACurrentMediaTime() - started)
        }
    }

    private let condition = NSCondition()
    private var surfaces: [Surface] = []
    private var started = false
    /// Frames drawn by this thread (for tests and tools).
    private(set) var framesDrawn = 0
    let frameInterval: TimeInterval = 1.0 / 60
    /// When false, frames follow each other as fast as they can be drawn (benchmarks).
    nonisolated(unsafe) var isPaced = true

    func add(_ surface: Surface) {
        condition.lock()
        surfaces.append(surface)
        if !started {
            started = true
            let thread = Thread { [unowned self] in self.loop() }
            thread.name = "Lamina render"
            thread.start()
        }
        condition.signal()
        condition.unlock()
    }

    func remove(_ surface: Surface) {
        surface.lock.lock()
        surface.closed = true
        surface.buffer = nil
        surface.lock.unlock()
        condition.lock()
        surfaces.removeAll { $0 === surface }
        condition.unlock()
    }

    /// A newly committed tree (or an expose, a resize) for `surface`.
    func submit(_ tree: RenderTree?, to surface: Surface) {
        surface.lock.lock()
        surface.tree = tree
        surface.needsFrame = true
        surface.lock.unlock()
        condition.lock()
        condition.signal()
        condition.unlock()
    }

    private func loop() {
        var next = Date()
        while true {
            condition.lock()
            while !surfaces.contains(where: Self.wantsFrame) { condition.wait() }
            let due = surfaces
            condition.unlock()
            let now = CACurrentMediaTime()
            var drawn = 0
            for surface in due {
                surface.lock.lock()
                if Self.wantsFrameLocked(surface), let tree = surface.tree {
                    surface.drawFrame(tree, atMediaTime: now)
                    surface.needsFrame = false
                    drawn += 1
                }
                surface.lock.unlock()
            }
            condition.lock()
            framesDrawn += drawn
            condition.unlock()
            // Our XSync may have queued events without waking the connection's dispatch source.
            if drawn > 0 {
                DispatchQueue.main.async { MainActor.assumeIsolated { Application.shared.processEvents() } }
            }
            // Hold the display's rate: 60 frames a second at most.
            guard isPaced else { continue }
            next = max(next.addingTimeInterval(frameInterval), Date())
            Thread.sleep(until: next)
        }
    }

    private static func wantsFrame(_ surface: Surface) -> Bool {
        surface.lock.lock()
        defer { surface.lock.unlock() }
        return wantsFrameLocked(surface)
    }

    private static func wantsFrameLocked(_ surface: Surface) -> Bool {
        !surface.closed && surface.tree != nil && (surface.needsFrame || surface.tree!.isAnimating)
    }
}
