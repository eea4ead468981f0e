import LaminaHost

/// Springs, keyframes along a path, and transitions, all looping.
public final class MotionDemo: DemoView {
    private let panel = CALayer()
    private var flipped = false

    public override init() {
        super.init()
        layer.backgroundColor = Self.color(0.97, 0.96, 0.94)
        // A spring, replayed every two seconds.
        let ball = CALayer()
        ball.frame = CGRect(x: 40, y: 60, width: 50, height: 50)
        ball.cornerRadius = 25
        ball.backgroundColor = Self.color(0.9, 0.35, 0.3)
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = 65
        spring.toValue = 260
        spring.damping = 6
        let springGroup = CAAnimationGroup()
        springGroup.animations = [spring]
        springGroup.duration = 2
        spring.duration = 2
        springGroup.repeatCount = .infinity
        ball.add(springGroup, forKey: "spring")
        layer.addSublayer(ball)
        // A square following a path, turning with it.
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: 360, y: 40, width: 220, height: 140))
        let square = CALayer()
        square.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
        square.backgroundColor = Self.color(0.2, 0.45, 0.85)
        let orbit = CAKeyframeAnimation(keyPath: "position")
        orbit.path = path
        orbit.duration = 4
        orbit.calculationMode = .paced
        orbit.rotationMode = .rotateAuto
        orbit.repeatCount = .infinity
        square.add(orbit, forKey: "orbit")
        layer.addSublayer(square)
        // Keyframed colors.
        let lamp = CALayer()
        lamp.frame = CGRect(x: 60, y: 230, width: 180, height: 180)
        lamp.cornerRadius = 90
        let colors = CAKeyframeAnimation(keyPath: "backgroundColor")
        colors.values = [Self.color(0.95, 0.7, 0.2), Self.color(0.3, 0.7, 0.4), Self.color(0.3, 0.4, 0.9), Self.color(0.95, 0.7, 0.2)]
        colors.duration = 3
        colors.repeatCount = .infinity
        lamp.add(colors, forKey: "colors")
        layer.addSublayer(lamp)
        // A push transition between two looks, every 1.5 s.
        panel.frame = CGRect(x: 340, y: 250, width: 240, height: 150)
        panel.backgroundColor = Self.color(0.25, 0.25, 0.3)
        panel.cornerRadius = 12
        panel.masksToBounds = true
        layer.addSublayer(panel)
        let timer = Timer(timeInterval: 1.5, repeats: true) { [weak self] _ in
            MainActor.assumeIsolated { self?.pushPanel() }
        }
        RunLoop.main.add(timer, forMode: .common)
    }

    private func pushPanel() {
        let push = CATransition()
        push.type = .push
        push.subtype = .fromRight
        push.duration = 0.6
        panel.add(push, forKey: kCATransition)
        flipped.toggle()
        panel.backgroundColor = flipped ? Self.color(0.85, 0.4, 0.3) : Self.color(0.25, 0.25, 0.3)
    }
}
