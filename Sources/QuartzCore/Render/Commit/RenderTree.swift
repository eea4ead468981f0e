import Foundation

/// A committed layer tree for a render thread: drawn at any media time, on any thread, without
/// touching `CALayer` objects (the snapshot carries the values, the timing and the animations).
package struct RenderTree: Sendable {
    let snapshot: LayerSnapshot
    /// Tells commits apart: frames of the same tree may reuse what they placed before.
    let id: UInt64

    private static let counter = NSLock()
    nonisolated(unsafe) private static var made: UInt64 = 0

    /// The tree as committed now; nil when a layer redraws for an animated custom property, which
    /// only the main thread's `presentation()` can do (the host draws those frames there).
    package init?(_ layer: CALayer) {
        layer.prepareForRendering()
        let snapshot = LayerSnapshot(layer)
        guard !snapshot.needsDisplayWhenAnimated, layer.superlayerStorage == nil else { return nil }
        self.snapshot = snapshot
        Self.counter.lock()
        Self.made += 1
        id = Self.made
        Self.counter.unlock()
    }

    /// Whether frames change with time (an animation somewhere in the tree).
    package var isAnimating: Bool { snapshot.hasAnimations }

    /// Evaluates the tree's animations at media time `t`, as a render thread does before it
    /// places a frame, and returns the presented root's sublayer count: the evaluation alone,
    /// for benchmarks.
    package func evaluated(atMediaTime t: CFTimeInterval) -> Int {
        snapshot.presented(atParentTime: t).sublayers.count
    }
}
