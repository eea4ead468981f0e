import LaminaHost

/// Every style property at once: backgrounds, borders, corner radii (circular and continuous,
/// masked corners), shadows, opacity, a mask, and all twelve contents gravities.
public final class StyleBoardDemo: DemoView {
    public override init() {
        super.init()
        layer.backgroundColor = Self.color(0.95, 0.95, 0.97)
        let styles: [(String, (CALayer) -> Void)] = [
            ("border", { $0.borderWidth = 4; $0.borderColor = Self.color(0.1, 0.2, 0.4) }),
            ("radius", { $0.cornerRadius = 18 }),
            ("continuous", { $0.cornerRadius = 18; $0.cornerCurve = .continuous }),
            ("masked", { $0.cornerRadius = 24; $0.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner] }),
            ("shadow", { $0.cornerRadius = 10; $0.shadowOpacity = 0.5; $0.shadowRadius = 8; $0.shadowOffset = CGSize(width: 0, height: 6) }),
            ("opacity", { $0.opacity = 0.4 }),
            ("mask", { layer in
                let mask = CALayer()
                mask.frame = layer.bounds.insetBy(dx: 12, dy: 12)
                mask.cornerRadius = 22
                mask.backgroundColor = CGColor(gray: 0, alpha: 1)
                layer.mask = mask
            }),
        ]
        for (i, (name, style)) in styles.enumerated() {
            let tile = CALayer()
            tile.frame = CGRect(x: 20 + CGFloat(i % 7) * 88, y: 30, width: 72, height: 72)
            tile.backgroundColor = Self.color(0.2, 0.45, 0.85)
            style(tile)
            layer.addSublayer(tile)
            addCaption(name, at: CGPoint(x: tile.frame.minX, y: 108))
        }
        let gravities: [CALayerContentsGravity] = [.center, .top, .bottom, .left, .right, .topLeft, .topRight,
                                                   .bottomLeft, .bottomRight, .resize, .resizeAspect, .resizeAspectFill]
        let image = Chevrons.draw()
        for (i, gravity) in gravities.enumerated() {
            let frame = CALayer()
            frame.frame = CGRect(x: 20 + CGFloat(i % 6) * 100, y: 150 + CGFloat(i / 6) * 150, width: 90, height: 110)
            frame.backgroundColor = Self.color(0.15, 0.16, 0.2)
            frame.contents = image
            frame.contentsScale = 4
            frame.contentsGravity = gravity
            frame.masksToBounds = true
            layer.addSublayer(frame)
            addCaption(gravity.rawValue, at: CGPoint(x: frame.frame.minX, y: frame.frame.maxY + 4))
        }
    }

    private func addCaption(_ text: String, at point: CGPoint) {
        let caption = TextLayer(TextLayout(text, fontSize: 10, color: CGColor(gray: 0.3, alpha: 1)))
        caption.frame = CGRect(x: point.x, y: point.y, width: 100, height: 14)
        layer.addSublayer(caption)
    }
}
