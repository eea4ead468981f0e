import Dispatch

/// Runs transaction completion blocks once their animations are over: checked at every frame
/// (`updateAnimations`), at `CATransaction.flush()`, and — on the system clock — by a timer at the
/// expected end, so that layers that are not on screen complete too.
final class CompletionScheduler: @unchecked Sendable {
    static let shared = CompletionScheduler()

    private struct Pending {
        let id: Int
        let block: () -> Void
        let animations: [(layer: Weak, animation: CAAnimation)]
    }

    final class Weak {
        weak var layer: CALayer?
        init(_ layer: CALayer) { self.layer = layer }
    }

    private var pending: [Pending] = []
    private var nextID = 0
    private let lock = NSLock()

    /// Hands a block to the main queue (it runs there, as Core Animation runs completions).
    private struct MainQueueBlock: @unchecked Sendable { let run: () -> Void }

    func schedule(_ block: @escaping () -> Void, after added: [(layer: CALayer, animation: CAAnimation)]) {
        lock.lock()
        nextID += 1
        let entry = Pending(id: nextID, block: block, animations: added.map { (Weak($0.layer), $0.animation) })
        pending.append(entry)
        lock.unlock()
        runDue(at: CACurrentMediaTime())
        // An end a year or more away (absurd timings) is left to the frames and `flush()`.
        if !MediaClock.isVirtual, let end = latestEnd(of: entry), end.isFinite, end - CACurrentMediaTime() < 3e7 {
            let delay = max(0, end - CACurrentMediaTime()) + 0.001
            DispatchQueue.main.asyncAfter(deadline: .now() + delay) { self.runDue(at: CACurrentMediaTime()) }
        }
    }

    /// Runs (on the main queue) every block whose animations are all finished or gone at `t`.
    func runDue(at t: CFTimeInterval) {
        lock.lock()
        let due = pending.filter { isDone($0, at: t) }
        let ids = Set(due.map(\.id))
        pending.removeAll { ids.contains($0.id) }
        lock.unlock()
        for entry in due {
            let work = MainQueueBlock(run: entry.block)
            DispatchQueue.main.async { work.run() }
        }
    }

    private func isDone(_ entry: Pending, at t: CFTimeInterval) -> Bool {
        entry.animations.allSatisfy { weak, animation in
            guard let layer = weak.layer, layer.attachedAnimations.contains(where: { $0.animation === animation }) else { return true }
            if case .finished = animation.timing.phase(atParentTime: layer.localTime(fromMediaTime: t)) { return true }
            return false
        }
    }

    private func latestEnd(of entry: Pending) -> CFTimeInterval? {
        entry.animations.compactMap { weak, animation -> CFTimeInterval? in
            guard let layer = weak.layer else { return nil }
            let timing = animation.timing
            let end = timing.beginTime + timing.activeDuration / CFTimeInterval(max(abs(timing.speed), 1e-9))
            return layer.convertTime(end, to: nil)
        }.max()
    }
}
