/// An animation attached to a layer: the layer's own copy, and what has been reported of it.
final class AttachedAnimation {
    let key: String?
    let animation: CAAnimation
    var started = false
    var reportedStop = false

    init(key: String?, animation: CAAnimation) {
        self.key = key
        self.animation = animation
    }
}

extension CALayer: CAMediaTiming {}

extension CALayer {
    // MARK: Adding and removing

    /// `add`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultAdd(_ anim: CAAnimation, forKey key: String?) {
        guard anim.isValid else {
            CGDiagnostics.log("CALayer.add(_:forKey:)", "\(type(of: anim)) has no key path; ignored.")
            return
        }
        guard anim.valuesAreFinite else {
            CGDiagnostics.log("CALayer.add(_:forKey:)", "\(type(of: anim)) has a value that is not finite; ignored.")
            return
        }
        let copy = anim.layerCopy()
        copy.prepare()
        if let transition = copy as? CATransition { transition.before = LayerSnapshot(self) }
        // A layer whose time is beyond a Double (absurd but finite speeds and offsets) has no
        // "now" to start at: the animation keeps 0.
        if copy.beginTime == 0, case let now = convertTime(CACurrentMediaTime(), from: nil), now.isFinite { copy.beginTime = now }
        if let key { defaultRemoveAnimation(forKey: key) }
        // Under the tree lock: a frame of the tree may be read on another thread meanwhile.
        CATransaction.withTreeLock {
            attachedAnimations.append(AttachedAnimation(key: key, animation: copy))
            // An animation of a changed key shows from now on (over the model's new value, which an
            // additive one starts from): the committed value is no longer what is presented.
            if committedValues != nil { for animated in copy.animatedKeys { committedValues?.removeValue(forKey: animated) } }
        }
        CATransaction.layer(self, didAdd: copy)
    }

    /// `animation`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultAnimation(forKey key: String) -> CAAnimation? {
        attachedAnimations.last { $0.key == key }?.animation
    }

    /// `animationKeys`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultAnimationKeys() -> [String]? {
        let keys = attachedAnimations.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// `removeAnimation`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultRemoveAnimation(forKey key: String) {
        // Taken out under the tree lock; the delegates are told outside it.
        let removed = CATransaction.withTreeLock {
            let removed = attachedAnimations.filter { $0.key == key }
            if !removed.isEmpty { attachedAnimations.removeAll { $0.key == key } }
            return removed
        }
        for entry in removed { entry.animation.delegate?.animationDidStop(entry.animation, finished: false) }
    }

    /// `removeAllAnimations`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultRemoveAllAnimations() {
        let removed = CATransaction.withTreeLock {
            let removed = attachedAnimations
            attachedAnimations.removeAll()
            return removed
        }
        for entry in removed { entry.animation.delegate?.animationDidStop(entry.animation, finished: false) }
    }

    // MARK: Time

    var layerTiming: Timing {
        Timing(beginTime: beginTime, duration: duration, speed: speed, timeOffset: timeOffset, repeatCount: repeatCount,
               repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: fillMode)
    }

    /// `convertTime`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultConvertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
        localTime(fromMediaTime: l?.mediaTime(fromLocal: t) ?? t)
    }

    /// `convertTime`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultConvertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval {
        let media = mediaTime(fromLocal: t)
        return l?.localTime(fromMediaTime: media) ?? media
    }

    /// Media time → this layer's time, through every ancestor's timing.
    func localTime(fromMediaTime t: CFTimeInterval) -> CFTimeInterval {
        let parent = parentLayer?.localTime(fromMediaTime: t) ?? t
        return layerTiming.localTime(fromParent: parent)
    }

    func mediaTime(fromLocal t: CFTimeInterval) -> CFTimeInterval {
        let parent = layerTiming.parentTime(fromLocal: t)
        return superlayerStorage?.mediaTime(fromLocal: parent) ?? parent
    }

    // MARK: Presentation

    /// `presentation`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultPresentation() -> Self? {
        if modelLayer != nil { return self }
        return presentationTree(at: CACurrentMediaTime()) as? Self
    }

    /// The value of `key` on screen at `mediaTime` while the model's value was `modelValue`
    /// (an implicit animation starts from it, and the model has just changed): this layer's
    /// animations applied to a copy of this layer alone, in its time through its superlayers (or
    /// mask owner). A copy of the whole tree for one value (what `presentation()` makes) cost a
    /// text layer changing its string often in a large tree a tree copy each time.
    func presentedValue(forKey key: String, atMediaTime mediaTime: CFTimeInterval, modelValue: Any?) -> Any? {
        func copyWithModelValue() -> CALayer {
            let copy = CALayer.makeCopy(of: self)
            if !copy.madeAsCopy { copy.copyProperties(from: self) }
            copy.modelLayer = self                                     // a copy: no actions, no reports
            copy.setValue(modelValue, forKey: key)
            return copy
        }
        let copy = copyWithModelValue()
        applyAnimations(to: copy, atLayerTime: localTime(fromMediaTime: mediaTime), model: copyWithModelValue())
        return copy.value(forKey: key)
    }

    /// `model`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultModel() -> Self {
        (modelLayer as? Self) ?? self
    }

    /// The presentation copy of this layer within a presentation copy of its whole tree. The model
    /// root keeps the latest presentation tree, so that a presentation layer's superlayers stay
    /// alive (copies point up weakly, as models do) until the next one is made.
    /// Made under the tree lock: other threads may be changing the tree.
    func presentationTree(at mediaTime: CFTimeInterval) -> CALayer {
        CATransaction.withTreeLock {
            let root = rootLayer
            var copies: [ObjectIdentifier: CALayer] = [:]
            root.latestPresentation = root.presentationCopy(at: mediaTime, parentTime: mediaTime, into: &copies)
            return copies[ObjectIdentifier(self)] ?? self
        }
    }

    /// Copies this subtree with animations applied; the copies are linked as the models are.
    private func presentationCopy(at mediaTime: CFTimeInterval, parentTime: CFTimeInterval,
                                  into copies: inout [ObjectIdentifier: CALayer]) -> CALayer {
        let copy = CALayer.makeCopy(of: self)
        // A subclass's `init(layer:)` that did not reach CALayer's copied nothing.
        if !copy.madeAsCopy { copy.copyProperties(from: self) }
        copy.modelLayer = self
        // Until the next commit, what was last committed (a copy reports no changes).
        for (key, value) in committedValues ?? [:] { copy.setValue(Self.committedValueForKeyValueCoding(value), forKey: key) }
        copies[ObjectIdentifier(self)] = copy
        let time = layerTiming.localTime(fromParent: parentTime)
        if applyAnimations(to: copy, atLayerTime: time) {
            // An animated key that needs display (a custom property): the copy draws itself anew.
            copy.display()
        }
        copy.sublayerStorage = sublayerStorage.map { child in
            let childCopy = child.presentationCopy(at: mediaTime, parentTime: time, into: &copies)
            childCopy.superlayerStorage = copy
            return childCopy
        }
        if let mask = maskStorage {
            let maskCopy = mask.presentationCopy(at: mediaTime, parentTime: time, into: &copies)
            copy.maskStorage = maskCopy
            maskCopy.maskOwner = copy
        }
        return copy
    }

    /// Applies every attached animation in effect at `time` (this layer's time), in order.
    /// True when one of them animated a key for which the class `needsDisplay(forKey:)`.
    @discardableResult
    func applyAnimations(to copy: CALayer, atLayerTime time: CFTimeInterval, model: CALayer? = nil) -> Bool {
        var needsDisplay = false
        for entry in attachedAnimations {
            let fraction: Double, iteration: Int
            switch entry.animation.timing.phase(atParentTime: time) {
            case .active(let f, let i): (fraction, iteration) = (f, i)
            case .finished(let f?, let i): (fraction, iteration) = (f, i)
            default: continue
            }
            entry.animation.apply(to: copy, model: model ?? self, fraction: fraction, iteration: iteration)
            needsDisplay = needsDisplay || entry.animation.animatedKeys.contains { type(of: self).needsDisplay(forKey: $0) }
        }
        return needsDisplay
    }

    // MARK: Progress of time

    /// Reports starts and ends to delegates and removes finished animations, for this subtree at
    /// media time `t`. A frame (the display link, `CARenderer.beginFrame(atTime:)`) calls it.
    /// The tree is read and its finished animations removed under the tree lock (other threads
    /// may be adding layers and animations); the delegates are told after it is let go, in tree
    /// order, each animation's start before its stop, so that a delegate may wait for another
    /// thread that changes layers.
    public func updateAnimations(atMediaTime t: CFTimeInterval) {
        var events: [AnimationEvent] = []
        CATransaction.withTreeLock {
            updateAnimations(parentTime: superlayerStorage?.localTime(fromMediaTime: t) ?? t, events: &events)
        }
        for event in events {
            switch event {
            case .started(let animation): animation.delegate?.animationDidStart(animation)
            case .stopped(let animation): animation.delegate?.animationDidStop(animation, finished: true)
            }
        }
        CompletionScheduler.shared.runDue(at: t)
    }

    /// What `updateAnimations(atMediaTime:)` tells delegates once it has let go of the tree.
    private enum AnimationEvent {
        case started(CAAnimation)
        case stopped(CAAnimation)
    }

    private func updateAnimations(parentTime: CFTimeInterval, events: inout [AnimationEvent]) {
        // A subtree without animations has nothing to start or stop: a thousand still layers
        // under a dragged one cost nothing here.
        guard animatedLayersInTree > 0 else { return }
        let time = layerTiming.localTime(fromParent: parentTime)
        var finished: [AttachedAnimation] = []
        for entry in attachedAnimations {
            let phase = entry.animation.timing.phase(atParentTime: time)
            if case .pending = phase { continue }
            if !entry.started {
                entry.started = true
                events.append(.started(entry.animation))
            }
            if case .finished = phase { finished.append(entry) }
        }
        for entry in finished where entry.animation.isRemovedOnCompletion {
            attachedAnimations.removeAll { $0 === entry }
        }
        for entry in finished where !entry.reportedStop {
            entry.reportedStop = true
            events.append(.stopped(entry.animation))
        }
        for sublayer in sublayerStorage { sublayer.updateAnimations(parentTime: time, events: &events) }
        maskStorage?.updateAnimations(parentTime: time, events: &events)
    }
}
