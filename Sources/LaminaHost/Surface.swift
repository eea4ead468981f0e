import QuartzCore
import Foundation

/// One window's drawing state, shared by the main thread and the render thread. `lock` guards
/// the fields and is held only for moments, so that the main thread never waits for a frame;
/// `drawing` is held for a whole frame by whichever thread draws one (the render thread, or the
/// main thread for trees only it can draw), so that two frames never write the buffer at once.
final class Surface: @unchecked Sendable {
    let lock = NSLock()
    let drawing = NSLock()
    /// Where the window's frames go (its backend's render side).
    let target: any PresentationTarget
    /// The buffers frames are drawn into now (replaced on a resize), made by `target`.
    var buffers: (any WindowBuffers)?
    var scale: CGFloat
    /// The display's frame interval (the render thread's), the budget a frame is drawn in.
    let frameInterval: TimeInterval
    /// The latest committed tree (`submit` hands a new one over).
    private(set) var tree: RenderTree?
    var needsFrame = true
    /// The tree changed since its schedule was worked out.
    private var scheduleIsStale = true
    var closed = false
    /// Frames put, and how long each took to draw and put (the last 4096), for readouts.
    private(set) var framesPut = 0
    /// Of those, frames the compositor could not place, drawn whole by `LayerRenderer` (a whole-frame
    /// fallback), for benchmarks.
    private(set) var wholeFramesDrawn = 0
    /// Frames whose buffer got what it lacked copied from the other buffer (`CopyBack`), under `lock`.
    private(set) var framesCopiedBack = 0
    /// What the compositor's texture cache kept after the first frame drawn and every 60th since
    /// (`CacheUse`: a walk over every texture, more than a frame should spend each time), under `lock`.
    private(set) var cacheUse = CacheUse(textures: 0, textureBytes: 0)
    private(set) var frameTimes: [Double] = []
    /// How long the last frame took to draw and put.
    private var lastFrameSeconds: CFTimeInterval = 0
    /// When the last frame's put completed (media time).
    private(set) var lastPutTime: CFTimeInterval = 0
    /// When the recent frames were put (media times, the last 4096): their intervals are the
    /// pacing the window shows.
    private(set) var putTimes: [CFTimeInterval] = []
    /// The media time the window's picture was drawn for (−∞ before the first frame): set once
    /// its put has been made, so that a capture after it sees that frame.
    private(set) var shownMediaTime: CFTimeInterval = -.infinity
    /// The media time when the last tree was submitted. A frame shows a tree at no earlier time:
    /// the render thread reads its time before it takes the tree, and a virtual clock (tests,
    /// `lamina-snap --window`) may be set forward in between; such a frame was stamped with the
    /// old time, and a caller waiting for the new one waited in vain.
    private var submittedAt: CFTimeInterval = -.infinity
    /// The window lost what it showed (an Expose, a new buffer): the next frame is whole.
    private var lostPicture = true
    /// Evaluates, places and composites the window's frames and presents them to its swap chain
    /// (used under `drawing`).
    private let pipeline = FramePipeline()
    /// The caches this window's frames are drawn with, by the compositor or, for frames only the
    /// main thread can draw, by the layer renderer.
    var renderContext: RenderContext { pipeline.context }

    /// The window's debug switches and the `hits` outlines (points), handed to the compositor
    /// at the next frame (see `Window.debugOptions`).
    private var debug = RenderDebug.fromEnvironment()
    private var hitOutlines: [[CGPoint]] = []

    init(target: any PresentationTarget, buffers: (any WindowBuffers)?, scale: CGFloat, frameInterval: TimeInterval) {
        self.target = target; self.buffers = buffers; self.scale = scale; self.frameInterval = frameInterval
    }

    /// The tree's animation schedule as of the last frame drawn: the render tick draws while an
    /// animation runs and once at its next start or end, never for a tree that holds still.
    private var schedule = AnimationSchedule.still
    /// Frames the render thread drew for this window (a frame whose picture did not change draws
    /// but puts nothing), for tests of the frame clock.
    private(set) var framesDrawn = 0

    /// Whether the window was closed.
    var isClosed: Bool { lock.lock(); defer { lock.unlock() }; return closed }

    /// Whether the render thread has a frame to draw at media time `t`: a new tree, a running
    /// animation, or an animation that started or ended since the last frame.
    func wantsFrame(at t: CFTimeInterval) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return wantsFrameLocked(at: t)
    }

    /// When this window next wants a frame if it wants none now: its tree's next animation event.
    var nextAnimationEvent: CFTimeInterval? {
        lock.lock(); defer { lock.unlock() }
        return closed || tree == nil ? nil : schedule.nextEvent
    }

    private func wantsFrameLocked(at t: CFTimeInterval) -> Bool {
        guard !closed, tree != nil else { return false }
        return needsFrame || schedule.isAnimating || schedule.nextEvent.map { t >= $0 } ?? false
    }

    /// A newly committed tree (nil: the main thread draws this window) to draw at the next tick.
    func submit(_ tree: RenderTree?) {
        let now = CACurrentMediaTime()
        lock.lock()
        self.tree = tree
        submittedAt = now
        needsFrame = true
        scheduleIsStale = true
        lock.unlock()
    }

    /// New debug switches and `hits` outlines, shown from the next frame (which this asks for).
    func setDebug(_ debug: RenderDebug, hitOutlines: [[CGPoint]]) {
        lock.lock()
        let changed = debug != self.debug || hitOutlines != self.hitOutlines
        self.debug = debug
        self.hitOutlines = hitOutlines
        if changed { needsFrame = true }
        lock.unlock()
    }

    /// What the compositor draws over the next frame for the debug switches (under `lock`).
    private func debugOverlayLocked() -> DebugOverlay {
        DebugOverlay(outlines: debug.contains(.hits) ? hitOutlines : [],
                     frameTimes: debug.contains(.fps) ? Array(frameTimes.suffix(DebugOverlay.graphFrames)) : nil,
                     frameBudget: frameInterval)
    }

    /// Makes the next frame whole.
    func invalidate() {
        lock.lock(); lostPicture = true; lock.unlock()
    }

    /// Hands over new buffers (after a resize); nothing is drawn into them until the tree laid
    /// out for their size is submitted.
    func replaceBuffers(_ buffers: (any WindowBuffers)?) {
        lock.lock(); self.buffers = buffers; tree = nil; lostPicture = true; lock.unlock()
    }

    /// The render thread's frame: composites the tree at media time `t` where it changed and
    /// puts only that (a target the compositor cannot write is drawn whole). True when it drew.
    func drawDueFrame(atMediaTime asked: CFTimeInterval) -> Bool {
        drawing.lock(); defer { drawing.unlock() }
        lock.lock()
        let t = max(asked, submittedAt)
        guard wantsFrameLocked(at: t), let tree, let buffers else { lock.unlock(); return false }
        needsFrame = false
        framesDrawn += 1
        let frame = framesDrawn
        if lostPicture { pipeline.invalidate() }
        lostPicture = false
        pipeline.compositor.debug = debug
        pipeline.compositor.overlay = debugOverlayLocked()
        let scale = self.scale
        lock.unlock()
        let started = CACurrentMediaTime()
        // Asked once per tree and event, not per frame: nothing starts or stops between two events.
        lock.lock()
        let reschedule = scheduleIsStale || schedule.nextEvent.map { t >= $0 } ?? false
        scheduleIsStale = false
        var current = schedule
        lock.unlock()
        if reschedule {
            current = tree.animationSchedule(atMediaTime: t)
            lock.lock(); schedule = current; lock.unlock()
        }
        // The next frame comes a tick later, or when this one is done if frames take longer: its
        // animations are evaluated ahead, unless one starts or ends about then.
        let next = current.evaluatedAhead(t + max(frameInterval, lastFrameSeconds),
                                          slack: Compositor.evaluatedAheadSlack)
        switch pipeline.drawFrame(tree, atMediaTime: t, scale: scale, nextFrameAt: next, to: buffers) {
        case .presented: recordFrame(since: started)
        case .drawnWhole: recordFrame(since: started, whole: true)
        case .unchanged, .noTarget: break                        // nothing changed: nothing to put
        }
        let copied = pipeline.compositor.framesCopiedBack
        let use = frame % 60 == 1 ? pipeline.compositor.cacheUse : nil
        lock.lock(); shownMediaTime = t; framesCopiedBack = copied; if let use { cacheUse = use }; lock.unlock()
        // Once the frame is put and timed, while this thread would wait for the next vblank.
        pipeline.releaseSpentFrame()
        return true
    }

    /// A frame at media time `t` drawn by `draw` on the calling thread (the main thread's path),
    /// over white in points, y down.
    func drawFrame(atMediaTime t: CFTimeInterval, _ draw: (CGContext) -> Void) {
        drawing.lock(); defer { drawing.unlock() }
        lock.lock()
        let buffers = closed ? nil : self.buffers, scale = self.scale
        lock.unlock()
        guard let buffers else { return }
        let started = CACurrentMediaTime()
        guard pipeline.drawWhole(scale: scale, to: buffers, draw) == .drawnWhole else { return }
        recordFrame(since: started, whole: true)
        lock.lock(); shownMediaTime = t; lock.unlock()
    }

    private func recordFrame(since started: CFTimeInterval, whole: Bool = false) {
        let now = CACurrentMediaTime(), seconds = now - started
        lock.lock(); defer { lock.unlock() }
        if whole { wholeFramesDrawn += 1 }
        lastPutTime = now
        if putTimes.count == 4096 { putTimes.removeFirst(2048) }
        putTimes.append(now)
        lastFrameSeconds = seconds
        framesPut += 1
        if frameTimes.count == 4096 { frameTimes.removeFirst(2048) }
        frameTimes.append(seconds)
    }
}

