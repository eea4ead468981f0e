import LaminaHost

/// Anchor points, rotation about them, and a card turning in perspective.
public final class GeometryDemo: DemoView {
    public override init() {
        super.init()
        layer.backgroundColor = Self.color(0.96, 0.96, 0.97)
        for (i, anchor) in [CGPoint(x: 0, y: 0), CGPoint(x: 0.5, y: 0.5), CGPoint(x: 1, y: 1)].enumerated() {
            let arm = CALayer()
            arm.bounds = CGRect(x: 0, y: 0, width: 120, height: 40)
            arm.anchorPoint = anchor
            arm.position = CGPoint(x: 120 + CGFloat(i) * 200, y: 140)
            arm.backgroundColor = Self.color(0.2 + 0.3 * CGFloat(i), 0.45, 0.85 - 0.3 * CGFloat(i))
            arm.cornerRadius = 8
            let pin = CALayer()
            pin.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            pin.cornerRadius = 5
            pin.backgroundColor = Self.color(0.9, 0.2, 0.2)
            pin.position = arm.position
            pin.zPosition = 1
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0
            spin.toValue = 2 * CGFloat.pi
            spin.duration = 4
            spin.repeatCount = .infinity
            arm.add(spin, forKey: "spin")
            layer.addSublayer(arm)
            layer.addSublayer(pin)
        }
        let stage = CALayer()
        stage.frame = CGRect(x: 160, y: 260, width: 320, height: 180)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        stage.sublayerTransform = perspective
        let card = CAGradientLayer()
        card.frame = CGRect(x: 80, y: 20, width: 160, height: 140)
        card.colors = [Self.color(0.95, 0.7, 0.2), Self.color(0.9, 0.3, 0.3)]
        card.cornerRadius = 16
        let turn = CABasicAnimation(keyPath: "transform.rotation.y")
        turn.fromValue = -CGFloat.pi / 3
        turn.toValue = CGFloat.pi / 3
        turn.duration = 2.5
        turn.autoreverses = true
        turn.repeatCount = .infinity
        turn.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        card.add(turn, forKey: "turn")
        stage.addSublayer(card)
        layer.addSublayer(stage)
    }
}
