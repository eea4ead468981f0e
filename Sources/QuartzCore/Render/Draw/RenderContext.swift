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
/// 4. `mipmaps` (`MipmapCache`): the halved levels of contents drawn with `.trilinear`
///    minification, built once per image; past 64 MB it starts over.
///
/// A compositor also keeps its `TextureCache` (textures unused for 60 frames are dropped) and its
/// last placed tree (`PlacedNode`, replaced each frame). Each cache locks itself: offscreen
/// groups and bands may draw from several threads.
package final class RenderContext: Sendable {
    let shadows = ShadowCache()
    let drawings = DrawingCache()
    let paths = PathCache()
    let mipmaps = MipmapCache()
    /// Whose rules the layer renderer follows where Apple's two renderers differ: the
    /// compositor's (`CARenderer`, and subtrees a window's compositor has the renderer draw) or
    /// `render(in:)`'s (a layer's own context).
    let rules: RenderRules

    package init(rules: RenderRules = .compositor) {
        self.rules = rules
    }
}

/// Apple's compositor (windows, and `CARenderer`, which is the render server's path) and its
/// `render(in:)` draw two layer classes differently (measured): a `CAReplicatorLayer`'s copies
/// turn about the layer's center and take the instance colors in the compositor, about its
/// origin and without colors in `render(in:)`; a `CATransformLayer` keeps its sublayers in 3D,
/// sorted by depth, without a look of its own in the compositor, and is drawn as a plain layer
/// (flattened, background, border and `masksToBounds` applied) by `render(in:)`. Contents
/// shrunk below half their size with `.linear` minification are sampled bilinearly by the
/// compositor and averaged by `render(in:)`, which draws them through Core Graphics (measured
/// on iOS's `render(in:)`; the compositor's is a GPU's bilinear filter).
package enum RenderRules: Sendable {
    case compositor
    case renderInContext
}
