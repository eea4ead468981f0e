extension CALayer {
    /// The most levels a layer tree may have, counting a layer's mask as a level below it: a
    /// sublayer or mask that would make a tree deeper is refused with a message. Every pass over
    /// a tree recurses once per level somewhere (layout and display, `hitTest(_:)`, which
    /// subclasses override and call `super` from, the compositor's placement and the layer
    /// renderer, presentation copies, tree dumps), so the bound is what keeps them all off the
    /// end of a thread's stack: a 100,000-deep chain is refused past this many levels, where it
    /// crashed. The heaviest pass, the compositor's placement, takes about 20 KB a level in a
    /// debug build: 256 levels fit a thread's default 8 MB (the render thread has 32 MB, for
    /// a mask at every level). Real interfaces are a few dozen levels deep.
    package static let maximumTreeDepth = 256

    /// Why `layer` may not join this layer's tree as a sublayer or mask (nil when it may): it is
    /// this layer or an ancestor (a cycle), or the tree would be deeper than `maximumTreeDepth`.
    /// A leaf costs nothing to check; a layer with a tree of its own, one walk up from here and
    /// one down its tree no deeper than the levels left.
    func problem(adopting layer: CALayer) -> String? {
        let isLeaf = layer.sublayerStorage.isEmpty && layer.maskStorage == nil
        if layer === self || (!isLeaf && isInTree(of: layer)) {
            return "\(layer) is \(self === layer ? "the layer itself" : "an ancestor of \(self)"): that would make a cycle"
        }
        // `levelsAbove` is exact unless an ancestor was freed (its sublayers' weak `superlayer`
        // turns nil without telling them): then a walk up says how deep this layer really is.
        var above = levelsAbove
        if above + 2 + (isLeaf ? 0 : 1) > Self.maximumTreeDepth { above = walkedLevelsAbove() }
        // Levels from the root to this layer, then `layer`, then those below it.
        let left = Self.maximumTreeDepth - (above + 1) - 1
        if layer.levelsBelow(exceeding: left) {
            return "that would make a tree more than \(Self.maximumTreeDepth) levels deep (the most Lamina lays out, hit-tests and draws)"
        }
        return nil
    }

    /// Whether this layer is `layer` or lies in its tree (through superlayers and masks).
    private func isInTree(of layer: CALayer) -> Bool {
        var current: CALayer? = self
        while let c = current {
            if c === layer { return true }
            current = c.parentLayer
        }
        return false
    }

    /// The layers above this one, counted by walking up (and set right again).
    private func walkedLevelsAbove() -> Int {
        var levels = 0
        var current = parentLayer
        while let c = current { levels += 1; current = c.parentLayer }
        setLevelsAbove(levels)
        return levels
    }

    /// Whether this layer's tree (sublayers and masks) has more than `levels` levels below it;
    /// walked with an explicit stack, no deeper than `levels + 1`.
    func levelsBelow(exceeding levels: Int) -> Bool {
        if levels < 0 { return true }
        if sublayerStorage.isEmpty && maskStorage == nil { return false }
        var stack: [(CALayer, Int)] = [(self, 0)]
        while let (layer, level) = stack.popLast() {
            let children = layer.sublayerStorage + (layer.maskStorage.map { [$0] } ?? [])
            guard !children.isEmpty else { continue }
            if level + 1 > levels { return true }
            for child in children { stack.append((child, level + 1)) }
        }
        return false
    }

    /// Sets `levelsAbove` to `levels` here and below (an explicit stack: the tree may be deep).
    func setLevelsAbove(_ levels: Int) {
        guard levelsAbove != levels else { return }
        var stack: [(CALayer, Int)] = [(self, levels)]
        while let (layer, levels) = stack.popLast() {
            layer.levelsAbove = levels
            for child in layer.sublayerStorage { stack.append((child, levels + 1)) }
            if let mask = layer.maskStorage { stack.append((mask, levels + 1)) }
        }
    }
}
