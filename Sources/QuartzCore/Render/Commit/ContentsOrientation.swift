/// Which way up a layer's contents show under flipped geometry: the one statement of the rules
/// that the model (`contentsAreFlipped()`, the context `draw(in:)` gets) and both renderers (the
/// compositor's textures, `render(in:)` and `CARenderer` through `LayerRenderer`) keep.
///
/// What Apple says:
/// - `isGeometryFlipped`: "whether the geometry of the layer and its sublayers is flipped
///   vertically … The value of this property does not affect the rendering of the layer's
///   content." CALayer.h adds: "even when geometry is flipped, image orientation remains the
///   same (i.e. a CGImageRef stored in the `contents` property will display the same with both
///   flipped=NO and flipped=YES, assuming no transform on the layer)."
/// - `contentsAreFlipped()`: "whether the layer content is implicitly flipped when rendered …
///   If the layer needs to flip its content, it returns true from this method and applies a
///   y-flip transform to the graphics context before passing it to the layer's `draw(in:)`
///   method." CALayer.h: true "if there are an odd number of layers with flippedGeometry=YES
///   from the receiver up to and including the implicit container of the root layer".
/// - `contentsGravity`: "The naming of contents gravity constants is based on the direction of
///   the vertical axis … you should also check the layer's `contentsAreFlipped()`. When this is
///   true, `top` aligns the content to the bottom of the layer and `bottom` aligns the content to
///   the top of the layer." (CALayer.h: "bottom" always means minimum y, "top" maximum y.)
/// - Measured (iOS): a layer with no flipped geometry answers true (lottie-ios draws its text
///   through Core Text flipped back only when `contentsAreFlipped()` says so, and iOS's reference
///   images show it upright), and `.bottom` gravity puts contents at the top of the screen. So
///   on iOS the implicit container counts as one flip: its layers are y down on a y-up display.
///
/// The rules Lamina draws by (layers y down, as iOS's; "flips" counts the layers with
/// `isGeometryFlipped` among the receiver and its superlayers, a mask's owner counting as a
/// superlayer without its own flip, since Lamina places a mask unflipped in its owner's space):
/// 1. `contentsAreFlipped()` is true when the flips are even (the container's one makes them odd).
/// 2. A contents image shows upright on screen whatever flips apply (no transform counted):
///    where the flips above a layer (its superlayers', `LayerSnapshot.contentsTurned`) are odd,
///    its drawing space runs y up on screen, and the renderers draw the image turned over in
///    its place (`contentsRect` and `contentsCenter` still measured from the image's top row).
/// 3. Gravity names are y up in the layer's own geometry: the space its sublayers are placed in
///    (its drawing space, flipped once more by its own `isGeometryFlipped`). In the renderers'
///    drawing space `.top` is the larger y, swapped when the layer itself is flipped
///    (`LayerContents`); on screen that is Apple's rule above.
/// 4. `draw(in:)` gets a context y down (top row first) when `contentsAreFlipped()`, else y up
///    (Core Graphics' own): its user space is then the layer's own geometry (rule 3), and its
///    picture, shown upright by rule 2, puts every point where that geometry has it.
///    `CATextLayer` lays its text out from the top of the screen either way.
/// What stays as before: vector content (`CAShapeLayer` paths, gradients, borders, corner
/// masks, shadow paths) is drawn in the drawing space, flipped by the superlayers' flips only;
/// tiles and particle images too.
enum ContentsOrientation {
    /// Rule 1, from the parity of the flips among the layer and its superlayers.
    static func contentsAreFlipped(oddFlips: Bool) -> Bool { !oddFlips }

    /// Rule 2: whether the sublayers of a layer whose contents are `turned` (by the flips above
    /// it) have theirs turned, when the layer's geometry is `flipped`.
    static func sublayersTurned(_ turned: Bool, flipped: Bool) -> Bool { turned != flipped }
}
