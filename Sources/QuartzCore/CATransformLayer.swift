/// A layer whose sublayers keep their places in 3D: they are not flattened into its plane, so
/// layers facing one another (the faces of a cube) are sorted by depth and hide one another, and
/// `isDoubleSided = false` hides those turned away.
///
/// Only the sublayers are drawn: the layer's own background, border, contents, mask,
/// `masksToBounds`, filters and shadow are ignored, and its opacity applies to each sublayer
/// alone. So it is in windows and in `CARenderer`; Apple's `render(in:)`, measured, draws it as
/// a plain layer instead (flattened, with its background, border and `masksToBounds`), and so
/// does Lamina's. Hit tests see it as a plain layer.
open class CATransformLayer: CALayer {
    public override init() {
        super.init()
    }

    public override init(layer: Any) {
        super.init(layer: layer)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override var isTransformLayer: Bool { true }
}
