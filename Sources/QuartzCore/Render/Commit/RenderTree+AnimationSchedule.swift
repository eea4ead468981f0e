// Added for the frame clock (issue 17 / issue 12 item 2): the render tick asks a committed tree
// when it next changes, so that it draws only while something moves on screen.

extension RenderTree {
    /// The tree's animation schedule at media time `t`: whether an animation is running then, and
    /// when one next starts or ends. The render thread draws while one runs, once more at the next
    /// event (an ended animation's last frame), and not at all otherwise.
    package func animationSchedule(atMediaTime t: CFTimeInterval) -> AnimationSchedule {
        var schedule = AnimationSchedule.still
        snapshot.addAnimations(to: &schedule, parentTime: .media, atMediaTime: t)
        return schedule
    }
}

extension LayerSnapshot {
    /// Adds this subtree's animations (mask included) to `schedule`; walks only animated subtrees.
    func addAnimations(to schedule: inout AnimationSchedule, parentTime: LayerTimeMap, atMediaTime t: CFTimeInterval) {
        guard hasAnimations else { return }
        if emitter?.isRunning == true { schedule.isAnimating = true }   // particles move at every frame
        let time = parentTime.then(timing)
        for box in animations { schedule.add(box.timing, on: time, atMediaTime: t) }
        tiles?.addFades(to: &schedule, on: time, atMediaTime: t)
        for index in sublayers.animatedIndices { sublayers[index].addAnimations(to: &schedule, parentTime: time, atMediaTime: t) }
        if let replicator { addDelayedInstances(of: replicator, to: &schedule, parentTime: time, atMediaTime: t) }
        for mask in mask { mask.addAnimations(to: &schedule, parentTime: time, atMediaTime: t) }
    }
}

extension LayerSnapshot {
    /// A replicator's later copies run their sublayers' animations `k · instanceDelay` later:
    /// their spans end (and start) later too.
    func addDelayedInstances(of replicator: ReplicatorState, to schedule: inout AnimationSchedule, parentTime time: LayerTimeMap,
                             atMediaTime t: CFTimeInterval) {
        guard replicator.delay != 0, replicator.drawnCount > 1, !sublayers.animatedIndices.isEmpty else { return }
        for k in 1..<replicator.drawnCount {
            let delayed = LayerTimeMap(scale: time.scale, shift: time.shift - Double(k) * replicator.delay)
            for index in sublayers.animatedIndices { sublayers[index].addAnimations(to: &schedule, parentTime: delayed, atMediaTime: t) }
        }
    }
}
