import LaminaHost

/// Constraints and autoresizing while the window is resized: a header, a sidebar and a content
/// panel placed by a `CAConstraintLayoutManager`, four badges pinned to the corners by their
/// autoresizing masks, and a readout of the window's size. Resize the window to watch them follow.
public final class LayoutDemo: DemoView {
    private let readout = TextLayer(TextLayout("", fontSize: 14, color: CGColor(gray: 0.2, alpha: 1)))

    public override init() {
        super.init()
        layer.backgroundColor = Self.color(0.95, 0.96, 0.98)
        layer.frame = CGRect(x: 0, y: 0, width: 640, height: 480)
        layer.layoutManager = CAConstraintLayoutManager()
        let superlayer = "superlayer"

        // The header spans the width, 16 points in, 56 high.
        let header = panel("header", Self.color(0.22, 0.32, 0.55))
        header.addConstraint(CAConstraint(attribute: .minX, relativeTo: superlayer, attribute: .minX, offset: 16))
        header.addConstraint(CAConstraint(attribute: .maxX, relativeTo: superlayer, attribute: .maxX, offset: -16))
        header.addConstraint(CAConstraint(attribute: .minY, relativeTo: superlayer, attribute: .minY, offset: 16))
        header.addConstraint(CAConstraint(attribute: .height, relativeTo: superlayer, attribute: .height, scale: 0, offset: 56))
        // The sidebar sits under the header, a quarter of the width, down to 16 points above the bottom.
        let sidebar = panel("sidebar", Self.color(0.35, 0.6, 0.55))
        sidebar.addConstraint(CAConstraint(attribute: .minX, relativeTo: "header", attribute: .minX))
        sidebar.addConstraint(CAConstraint(attribute: .width, relativeTo: superlayer, attribute: .width, scale: 0.25, offset: 0))
        sidebar.addConstraint(CAConstraint(attribute: .minY, relativeTo: "header", attribute: .maxY, offset: 12))
        sidebar.addConstraint(CAConstraint(attribute: .maxY, relativeTo: superlayer, attribute: .maxY, offset: -16))
        // The content fills the rest, and a card stays centred in it at half its width.
        let content = panel("content", Self.color(1, 1, 1))
        content.addConstraint(CAConstraint(attribute: .minX, relativeTo: "sidebar", attribute: .maxX, offset: 12))
        content.addConstraint(CAConstraint(attribute: .maxX, relativeTo: "header", attribute: .maxX))
        content.addConstraint(CAConstraint(attribute: .minY, relativeTo: "sidebar", attribute: .minY))
        content.addConstraint(CAConstraint(attribute: .maxY, relativeTo: "sidebar", attribute: .maxY))
        let card = panel("card", Self.color(0.95, 0.55, 0.3))
        card.addConstraint(CAConstraint(attribute: .midX, relativeTo: "content", attribute: .midX))
        card.addConstraint(CAConstraint(attribute: .width, relativeTo: "content", attribute: .width, scale: 0.5, offset: 0))
        card.addConstraint(CAConstraint(attribute: .midY, relativeTo: "content", attribute: .midY))
        card.addConstraint(CAConstraint(attribute: .height, relativeTo: "content", attribute: .height, scale: 0.4, offset: 0))
        for sublayer in [header, sidebar, content, card] { layer.addSublayer(sublayer) }

        // Badges in the corners: their masks keep them there as the window grows or shrinks.
        let corners: [(CGPoint, CAAutoresizingMask)] = [
            (CGPoint(x: 4, y: 4), [.layerMaxXMargin, .layerMaxYMargin]),
            (CGPoint(x: 624, y: 4), [.layerMinXMargin, .layerMaxYMargin]),
            (CGPoint(x: 4, y: 464), [.layerMaxXMargin, .layerMinYMargin]),
            (CGPoint(x: 624, y: 464), [.layerMinXMargin, .layerMinYMargin]),
        ]
        for (origin, mask) in corners {
            let badge = CALayer()
            badge.frame = CGRect(origin: origin, size: CGSize(width: 12, height: 12))
            badge.cornerRadius = 6
            badge.backgroundColor = Self.color(0.9, 0.25, 0.3)
            badge.autoresizingMask = mask
            layer.addSublayer(badge)
        }
        readout.frame = CGRect(x: 32, y: 32, width: 560, height: 22)
        readout.autoresizingMask = .layerWidthSizable
        readout.zPosition = 1
        layer.addSublayer(readout)
        layout()
    }

    private func panel(_ name: String, _ color: CGColor) -> CALayer {
        let panel = CALayer()
        panel.name = name
        panel.backgroundColor = color
        panel.cornerRadius = 10
        panel.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        return panel
    }

    public override func layout() {
        readout.text = TextLayout("\(Int(layer.bounds.width)) × \(Int(layer.bounds.height)) points: resize the window",
                                  fontSize: 14, color: CGColor(gray: 1, alpha: 1))
        readout.setNeedsDisplay()
    }
}
