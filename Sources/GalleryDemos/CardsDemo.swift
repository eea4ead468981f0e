import LaminaHost

/// Rounded cards with shadows; a click bounces the card under the pointer with a spring.
public final class CardsDemo: DemoView {
    public override init() {
        super.init()
        layer.backgroundColor = Self.color(0.95, 0.95, 0.97)
        for i in 0..<6 {
            let card = CALayer()
            card.frame = CGRect(x: 50 + CGFloat(i % 3) * 190, y: 60 + CGFloat(i / 3) * 190, width: 160, height: 160)
            card.backgroundColor = Self.color(0.2 + 0.12 * CGFloat(i), 0.45, 0.85 - 0.1 * CGFloat(i))
            card.cornerRadius = 22
            card.cornerCurve = .continuous
            card.shadowOpacity = 0.35
            card.shadowRadius = 10
            card.shadowOffset = CGSize(width: 0, height: 8)
            layer.addSublayer(card)
        }
    }

    public override func mouseDown(with event: PointerEvent) {
        guard let card = layer.hitTest(event.location), card !== layer else { return }
        let bounce = CASpringAnimation(keyPath: "transform.scale")
        bounce.fromValue = 0.8
        bounce.toValue = 1
        bounce.damping = 8
        bounce.duration = bounce.settlingDuration
        card.add(bounce, forKey: "bounce")
    }
}
