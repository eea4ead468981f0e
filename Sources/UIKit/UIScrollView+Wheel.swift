import QuartzCore

/// The host's wheel and touchpad scrolls of a scroll view (the rest is in `UIScrollView.swift`).
@MainActor
extension UIScrollView {
    /// A scroll from the host: a wheel's click (`precise` false) eases 40 points on at the fast
    /// rate; a touchpad's smooth deltas drag the content, and coast once they stop (`ended`).
    /// The delegate hears both as drags.
    func scrollWheel(delta: CGPoint, precise: Bool, began: Bool, ended: Bool, timestamp: TimeInterval) {
        guard isScrollEnabled, delta.x.isFinite, delta.y.isFinite else { return }
        if precise {
            if began || preciseRawOffset == nil {
                beginDragging()
                preciseRawOffset = contentOffset
                wheelSamples = []
            }
            if ended {
                preciseRawOffset = nil
                var velocity = CGPoint.zero
                if let first = wheelSamples.first, let last = wheelSamples.last, last.time > first.time {
                    let total = wheelSamples.dropFirst().reduce(CGPoint.zero) { CGPoint(x: $0.x + $1.delta.x, y: $0.y + $1.delta.y) }
                    let dt = (last.time - first.time) * 1000
                    velocity = CGPoint(x: total.x / dt, y: total.y / dt)
                }
                endDragging(velocity: velocity)
                return
            }
            guard var raw = preciseRawOffset else { return }
            raw.x += delta.x
            raw.y += delta.y
            preciseRawOffset = raw
            wheelSamples.append((delta, timestamp))
            while let first = wheelSamples.first, timestamp - first.time > 0.1 { wheelSamples.removeFirst() }
            drag(to: raw)
            return
        }
        // A wheel click: on from where the last click was going.
        let range = offsetRange
        let base: CGPoint
        if let current = motion, isDecelerating, let tx = current.x.target, let ty = current.y.target {
            base = CGPoint(x: tx, y: ty)
        } else {
            base = contentOffset
        }
        let step = CGPoint(x: scrollsHorizontally ? delta.x / 10 * Self.wheelStep : 0, y: scrollsVertically ? delta.y / 10 * Self.wheelStep : 0)
        let target = CGPoint(x: min(max(base.x + step.x, range.minX), range.maxX), y: min(max(base.y + step.y, range.minY), range.maxY))
        guard target != contentOffset else { return }
        let continuing = isDecelerating
        stopMotion()
        if !continuing {
            isDragging = true
            showIndicators()
            delegate?.scrollViewWillBeginDragging(self)
            isDragging = false
            var chosen = target
            delegate?.scrollViewWillEndDragging(self, withVelocity: .zero, targetContentOffset: &chosen)
            delegate?.scrollViewDidEndDragging(self, willDecelerate: true)
            delegate?.scrollViewWillBeginDecelerating(self)
        }
        let rate = DecelerationRate.fast.rawValue
        motion = (ScrollAxisMotion(position: contentOffset.x, velocity: 0, rate: rate, lower: range.minX, upper: range.maxX, bounces: false,
                                   target: target.x),
                  ScrollAxisMotion(position: contentOffset.y, velocity: 0, rate: rate, lower: range.minY, upper: range.maxY, bounces: false,
                                   target: target.y), UIKitClock.shared.now, 0)
        isDecelerating = true
        showIndicators()
        startFrames()
    }
}
