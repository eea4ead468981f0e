import QuartzCore

/// The hand-off of committed trees to the render thread, and the frames only the main thread
/// can draw.
extension Window {
    /// Whether the main thread has something to hand over: a commit, an expose, a resize — or a
    /// tree that only the main thread can draw while it animates.
    func wantsFrame(commit: Int) -> Bool {
        guard isVisible, contentView != nil else { return false }
        return needsDisplay || commit != renderedCommit || drawsAnimationsOnMainThread
    }

    /// Whether the main thread draws this window's frames while its animations run: while one
    /// is inside its active duration (an ended forwards fill holds still).
    var drawsAnimationsOnMainThread: Bool {
        guard drawsOnMainThread, let layer = contentView?.layer, layer.hasAnimationsInTree else { return false }
        return layer.animationSchedule(atMediaTime: CACurrentMediaTime()).isAnimating
    }

    /// The lifecycle tick ran: a tree only the main thread draws needs its frame at the event
    /// too (an animation that just ended shows its model value); the render thread draws its own.
    func animationEventPassed() {
        if drawsOnMainThread { needsDisplay = true }
    }

    /// Hands the committed tree to the render thread; draws it here when it needs the main thread.
    func render(commit: Int = CATransaction.commitCount) {
        guard let surface, let layer = contentView?.layer else { return }
        let now = CACurrentMediaTime()
        layer.updateAnimations(atMediaTime: now)
        if let tree = RenderTree(layer) {
            drawsOnMainThread = false
            application.renderThread.submit(tree, to: surface)
        } else {
            drawsOnMainThread = true
            application.renderThread.submit(nil, to: surface)
            surface.drawFrame(atMediaTime: now) { layer.renderFrame(atMediaTime: now, in: $0, renderContext: surface.renderContext) }
        }
        needsDisplay = false
        renderedCommit = commit
        if debugOptions.contains(.hits) { debugOptionsDidChange() }       // the layers under the pointer may have moved
    }
}
