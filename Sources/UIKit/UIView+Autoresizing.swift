import QuartzCore

/// A view's size change and what its subviews do about it: UIKit's autoresizing rules.
@MainActor
extension UIView {
    /// After the bounds' size changed from `oldSize`: each subview with an autoresizing mask is
    /// resized (when `autoresizesSubviews`).
    func boundsSizeDidChange(from oldSize: CGSize) {
        guard bounds.size != oldSize, autoresizesSubviews else { return }
        for subview in storedSubviews where !subview.autoresizingMask.isEmpty {
            subview.resize(withOldSuperviewSize: oldSize, newSize: bounds.size)
        }
    }

    /// UIKit's autoresizing: per axis, the change of the superview's size is shared among the
    /// flexible parts (the margins and the size the mask names) in proportion to their current
    /// lengths (equally when they are all zero); an axis without flexible parts keeps its left
    /// or top margin.
    func resize(withOldSuperviewSize oldSize: CGSize, newSize: CGSize) {
        let mask = autoresizingMask
        var frame = self.frame
        func share(_ delta: CGFloat, _ lengths: [CGFloat], _ flexible: [Bool]) -> [CGFloat] {
            let total = zip(lengths, flexible).reduce(0) { $0 + ($1.1 ? max($1.0, 0) : 0) }
            let count = flexible.filter { $0 }.count
            return zip(lengths, flexible).map { length, isFlexible in
                guard isFlexible else { return 0 }
                return total > 0 ? delta * max(length, 0) / total : delta / CGFloat(count)
            }
        }
        let dx = newSize.width - oldSize.width
        let h = [mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)]
        if dx != 0, h.contains(true) {
            let parts = share(dx, [frame.minX, frame.width, oldSize.width - frame.maxX], h)
            frame.origin.x += parts[0]
            frame.size.width += parts[1]
        }
        let dy = newSize.height - oldSize.height
        let v = [mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)]
        if dy != 0, v.contains(true) {
            let parts = share(dy, [frame.minY, frame.height, oldSize.height - frame.maxY], v)
            frame.origin.y += parts[0]
            frame.size.height += parts[1]
        }
        if frame != self.frame { self.frame = frame }
    }
}
