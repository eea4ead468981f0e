import Foundation

/// The caches a renderer keeps from frame to frame. Whoever renders owns one — a window's
/// `Compositor`, a `CARenderer`, a root layer for its `render(in:)` calls — and hands it down;
/// nothing in rendering is process-wide. Their lifecycle:
///
/// 1. `shadows` (`ShadowCache`): blurred silhouettes, by shape (or look), radius and scale;
///    past 128 the oldest goes.
/// 2. `drawings` (`DrawingCache`): leaf layers' drawings, kept from a look's second sighting on
///    (a tree drawn once pays nothing), up to 64 MB, then it starts over.
/// 3. `paths` (`PathCache`): rounded outlines and border rings; past 1024 shapes it starts over.
///
/// A compositor also keeps its `TextureCache` (textures unused for 60 frames are dropped) and its
/// last placed tree (`PlacedNode`, replaced each frame). Each cache locks itself: offscreen
/// groups and bands may draw from several threads.
package final class RenderContext: Sendable {
    let shadows = ShadowCache()
    let drawings = DrawingCache()
    let paths = PathCache()
    /// How replicator copies are drawn: as windows composite them (`CARenderer`, and subtrees a
    /// compositor has drawn), or as Apple's `render(in:)` draws them (a layer's own context).
    let replicatorRules: ReplicatorRules

    package init(replicatorRules: ReplicatorRules = .compositor) {
        self.replicatorRules = replicatorRules
    }
}

/// Apple draws a `CAReplicatorLayer` two ways (measured): its compositor (windows, and
/// `CARenderer`, which is the render server's path) turns the copies about the layer's center and
/// applies the instance colors; `render(in:)` turns them about the layer's origin and applies no
/// colors.
package enum ReplicatorRules: Sendable {
    case compositor
    case renderInContext
}
