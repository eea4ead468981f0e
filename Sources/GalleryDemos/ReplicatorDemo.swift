import LaminaHost

/// Activity indicators built from `CAReplicatorLayer`, as indicator libraries build them: a dot
/// loader (one dot turned twelve times, its fade running `instanceDelay` later per copy), a pulse
/// halo (three rings growing and fading one second apart), bouncing bars, and a fan of colored
/// copies (the instance color and its offsets).
public final class ReplicatorDemo: DemoView {
    public override init() {
        super.init()
        layer.backgroundColor = Self.color(0.1, 0.11, 0.15)
        layer.addSublayer(dotLoader(center: CGPoint(x: 160, y: 140)))
        layer.addSublayer(pulseHalo(center: CGPoint(x: 480, y: 140)))
        layer.addSublayer(bars(center: CGPoint(x: 160, y: 350)))
        layer.addSublayer(fan(center: CGPoint(x: 480, y: 350)))
    }

    /// Twelve dots around a circle, each fading out 1/12 s after the one before: a spinner.
    private func dotLoader(center: CGPoint) -> CALayer {
        let r = CAReplicatorLayer()
        r.name = "dot loader"
        r.bounds = CGRect(x: 0, y: 0, width: 120, height: 120)
        r.position = center
        let dot = CALayer()
        dot.bounds = CGRect(x: 0, y: 0, width: 16, height: 16)
        dot.position = CGPoint(x: 60, y: 10)
        dot.cornerRadius = 8
        dot.backgroundColor = Self.color(0.35, 0.75, 1)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.1
        fade.duration = 1
        fade.repeatCount = .infinity
        dot.add(fade, forKey: "fade")
        let shrink = CABasicAnimation(keyPath: "transform.scale")
        shrink.fromValue = 1
        shrink.toValue = 0.4
        shrink.duration = 1
        shrink.repeatCount = .infinity
        dot.add(shrink, forKey: "shrink")
        r.addSublayer(dot)
        r.instanceCount = 12
        r.instanceTransform = CATransform3DMakeRotation(2 * .pi / 12, 0, 0, 1)
        r.instanceDelay = 1.0 / 12
        return r
    }

    /// Three rings, one second apart, each growing from nothing and fading.
    private func pulseHalo(center: CGPoint) -> CALayer {
        let r = CAReplicatorLayer()
        r.name = "pulse halo"
        r.bounds = CGRect(x: 0, y: 0, width: 180, height: 180)
        r.position = center
        let ring = CALayer()
        ring.frame = r.bounds
        ring.cornerRadius = 90
        ring.backgroundColor = Self.color(1, 0.45, 0.3, 0.35)
        ring.borderWidth = 3
        ring.borderColor = Self.color(1, 0.55, 0.35)
        ring.opacity = 0          // unseen before its first pulse (a later copy starts a second or two in)
        let grow = CABasicAnimation(keyPath: "transform.scale")
        grow.fromValue = 0
        grow.toValue = 1
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        let pulse = CAAnimationGroup()
        pulse.animations = [grow, fade]
        pulse.duration = 3
        pulse.repeatCount = .infinity
        ring.add(pulse, forKey: "pulse")
        r.addSublayer(ring)
        r.instanceCount = 3
        r.instanceDelay = 1
        let core = CALayer()
        core.bounds = CGRect(x: 0, y: 0, width: 24, height: 24)
        core.position = center
        core.cornerRadius = 12
        core.backgroundColor = Self.color(1, 0.55, 0.35)
        let group = CALayer()
        group.addSublayer(r)
        group.addSublayer(core)
        return group
    }

    /// Five bars, each bouncing 0.12 s after the one to its left.
    private func bars(center: CGPoint) -> CALayer {
        let r = CAReplicatorLayer()
        r.name = "bars"
        r.bounds = CGRect(x: 0, y: 0, width: 100, height: 80)
        r.position = center
        let bar = CALayer()
        bar.frame = CGRect(x: 0, y: 0, width: 12, height: 80)
        bar.cornerRadius = 4
        bar.backgroundColor = Self.color(0.55, 0.9, 0.5)
        let bounce = CABasicAnimation(keyPath: "transform.scale.y")
        bounce.fromValue = 0.25
        bounce.toValue = 1
        bounce.duration = 0.45
        bounce.autoreverses = true
        bounce.repeatCount = .infinity
        bounce.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        bar.add(bounce, forKey: "bounce")
        r.addSublayer(bar)
        r.instanceCount = 5
        r.instanceTransform = CATransform3DMakeTranslation(22, 0, 0)
        r.instanceDelay = 0.12
        return r
    }

    /// One white petal turned 24 times, its color stepping from red through yellow to green as
    /// the offsets add up; the whole fan turns slowly.
    private func fan(center: CGPoint) -> CALayer {
        let r = CAReplicatorLayer()
        r.name = "fan"
        r.bounds = CGRect(x: 0, y: 0, width: 180, height: 180)
        r.position = center
        let petal = CALayer()
        petal.bounds = CGRect(x: 0, y: 0, width: 10, height: 60)
        petal.position = CGPoint(x: 90, y: 40)
        petal.cornerRadius = 5
        petal.backgroundColor = Self.color(1, 1, 1)
        r.addSublayer(petal)
        r.instanceCount = 24
        r.instanceTransform = CATransform3DMakeRotation(2 * .pi / 24, 0, 0, 1)
        r.instanceColor = Self.color(1, 0.1, 0.2)
        r.instanceGreenOffset = 0.04
        r.instanceRedOffset = -0.03
        r.instanceBlueOffset = 0.02
        r.instanceAlphaOffset = -0.02
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.fromValue = 0
        turn.toValue = 2 * Double.pi
        turn.duration = 12
        turn.repeatCount = .infinity
        r.add(turn, forKey: "turn")
        return r
    }
}
