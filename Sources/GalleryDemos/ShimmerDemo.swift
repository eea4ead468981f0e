import LaminaHost

/// A shimmering label: the text is a mask over a gradient whose bright band slides across.
public final class ShimmerDemo: DemoView {
    public override init() {
        super.init()
        layer.backgroundColor = Self.color(0.08, 0.09, 0.12)
        let text = TextLayout("Slide to unlock", fontSize: 44, weight: .semibold, color: .white)
        let size = text.size
        let shine = CAGradientLayer()
        shine.frame = CGRect(x: (640 - size.width) / 2, y: 200, width: size.width, height: size.height)
        shine.colors = [Self.color(0.5, 0.5, 0.55), Self.color(1, 1, 1), Self.color(0.5, 0.5, 0.55)]
        shine.startPoint = CGPoint(x: 0, y: 0.5)
        shine.endPoint = CGPoint(x: 1, y: 0.5)
        shine.locations = [-0.3, -0.15, 0]
        let label = TextLayer(text)
        label.frame = shine.bounds
        shine.mask = label
        let slide = CABasicAnimation(keyPath: "locations")
        slide.fromValue = [-0.3, -0.15, 0]
        slide.toValue = [1, 1.15, 1.3]
        slide.duration = 2
        slide.repeatCount = .infinity
        shine.add(slide, forKey: "shine")
        layer.addSublayer(shine)
    }
}

/// A layer that draws a `TextLayout` (a stand-in until the text layer issue).
public final class TextLayer: CALayer {
    public var text = TextLayout("")

    public convenience init(_ text: TextLayout) {
        self.init()
        self.text = text
        contentsScale = 2
        setNeedsDisplay()
    }

    public override init() { super.init() }

    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? TextLayer { text = other.text }
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    public override func draw(in ctx: CGContext) {
        text.draw(in: ctx, at: .zero)
    }
}
