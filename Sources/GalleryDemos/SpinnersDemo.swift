import LaminaHost

/// Activity indicators as libraries build them: shape layers whose strokeStart, strokeEnd,
/// dash phase, path and colors animate, eight of them in a grid.
public final class SpinnersDemo: DemoView {
    private static let cell = CGSize(width: 160, height: 200)
    private static let ink = color(0.35, 0.55, 1)

    public override init() {
        super.init()
        layer.backgroundColor = Self.color(0.09, 0.1, 0.13)
        let makers: [(CGRect) -> CALayer] = [
            Self.material, Self.progressRing, Self.dashedOrbit, Self.checkmark,
            Self.pulse, Self.bars, Self.morph, Self.trace,
        ]
        for (i, make) in makers.enumerated() {
            let frame = CGRect(x: CGFloat(i % 4) * Self.cell.width + 40, y: CGFloat(i / 4) * Self.cell.height + 60, width: 80, height: 80)
            layer.addSublayer(make(frame))
        }
    }

    private static func ring(_ frame: CGRect, width: CGFloat = 6) -> CAShapeLayer {
        let ring = CAShapeLayer()
        ring.frame = frame
        ring.path = CGPath(ellipseIn: CGRect(origin: .zero, size: frame.size).insetBy(dx: width / 2, dy: width / 2), transform: nil)
        ring.fillColor = nil
        ring.strokeColor = ink
        ring.lineWidth = width
        ring.lineCap = .round
        return ring
    }

    private static func forever(_ keyPath: String, from: Any, to: Any, duration: CFTimeInterval,
                                autoreverses: Bool = false) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        animation.autoreverses = autoreverses
        animation.repeatCount = .infinity
        return animation
    }

    /// The Material spinner: the arc's head and tail chase each other while the ring turns.
    private static func material(_ frame: CGRect) -> CALayer {
        let ring = ring(frame)
        let head = CABasicAnimation(keyPath: "strokeEnd")
        head.fromValue = 0
        head.toValue = 1
        head.duration = 1
        head.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        let tail = CABasicAnimation(keyPath: "strokeStart")
        tail.fromValue = 0
        tail.toValue = 1
        tail.beginTime = 0.5
        tail.duration = 1
        tail.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        let chase = CAAnimationGroup()
        chase.animations = [head, tail]
        chase.duration = 1.5
        chase.repeatCount = .infinity
        ring.add(chase, forKey: "chase")
        ring.add(forever("transform.rotation.z", from: 0, to: 2 * CGFloat.pi, duration: 2), forKey: "turn")
        return ring
    }

    /// A determinate progress ring over its track.
    private static func progressRing(_ frame: CGRect) -> CALayer {
        let track = ring(frame)
        track.strokeColor = color(1, 1, 1, 0.12)
        let progress = ring(CGRect(origin: .zero, size: frame.size))
        progress.strokeColor = color(0.3, 0.85, 0.55)
        // Start at the top and run clockwise (the ellipse starts at 3 o'clock).
        progress.transform = CATransform3DMakeRotation(-.pi / 2, 0, 0, 1)
        progress.add(forever("strokeEnd", from: 0, to: 1, duration: 2.5), forKey: "progress")
        track.addSublayer(progress)
        return track
    }

    /// A dashed circle whose dashes travel round (the dash phase animating).
    private static func dashedOrbit(_ frame: CGRect) -> CALayer {
        let ring = ring(frame, width: 4)
        ring.lineCap = .butt
        ring.strokeColor = color(0.95, 0.75, 0.25)
        ring.lineDashPattern = [10, 6]
        ring.add(forever("lineDashPhase", from: 0, to: 32, duration: 1), forKey: "orbit")
        return ring
    }

    /// A check mark drawing itself, pausing, and starting again.
    private static func checkmark(_ frame: CGRect) -> CALayer {
        let circle = CAShapeLayer()
        circle.frame = frame
        circle.path = CGPath(ellipseIn: CGRect(origin: .zero, size: frame.size), transform: nil)
        circle.fillColor = color(0.3, 0.85, 0.55, 0.2)
        let check = CAShapeLayer()
        check.frame = CGRect(origin: .zero, size: frame.size)
        let mark = CGMutablePath()
        mark.move(to: CGPoint(x: 22, y: 42))
        mark.addLine(to: CGPoint(x: 36, y: 56))
        mark.addLine(to: CGPoint(x: 60, y: 28))
        check.path = mark
        check.fillColor = nil
        check.strokeColor = color(0.3, 0.85, 0.55)
        check.lineWidth = 7
        check.lineCap = .round
        check.lineJoin = .round
        let draw = CAKeyframeAnimation(keyPath: "strokeEnd")
        draw.values = [0, 1, 1]
        draw.keyTimes = [0, 0.5, 1]
        draw.duration = 1.6
        draw.repeatCount = .infinity
        check.add(draw, forKey: "draw")
        circle.addSublayer(check)
        return circle
    }

    /// A dot that swells and fades: its path (an ellipse to a larger one) and fill color animate.
    private static func pulse(_ frame: CGRect) -> CALayer {
        let dot = CAShapeLayer()
        dot.frame = frame
        let small = CGPath(ellipseIn: CGRect(x: 30, y: 30, width: 20, height: 20), transform: nil)
        let large = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 80, height: 80), transform: nil)
        dot.path = small
        dot.fillColor = color(1, 0.4, 0.45)
        dot.add(forever("path", from: small, to: large, duration: 1.2), forKey: "swell")
        dot.add(forever("fillColor", from: color(1, 0.4, 0.45), to: color(1, 0.4, 0.45, 0), duration: 1.2), forKey: "fade")
        return dot
    }

    /// Five bars growing from their middles one after the other: strokeStart and strokeEnd of a
    /// vertical line moving apart.
    private static func bars(_ frame: CGRect) -> CALayer {
        let box = CALayer()
        box.frame = frame
        for i in 0..<5 {
            let bar = CAShapeLayer()
            bar.frame = CGRect(x: CGFloat(i) * 16 + 4, y: 0, width: 8, height: 80)
            let line = CGMutablePath()
            line.move(to: CGPoint(x: 4, y: 4))
            line.addLine(to: CGPoint(x: 4, y: 76))
            bar.path = line
            bar.strokeColor = color(0.55, 0.45, 1)
            bar.lineWidth = 8
            bar.lineCap = .round
            for (key, from, to) in [("strokeStart", 0.4, 0.0), ("strokeEnd", 0.6, 1.0)] {
                let grow = forever(key, from: from, to: to, duration: 0.5, autoreverses: true)
                grow.timeOffset = Double(i) * 0.12
                bar.add(grow, forKey: key)
            }
            box.addSublayer(bar)
        }
        return box
    }

    /// A square turning into a diamond and back: paths of the same elements morph point by point.
    private static func morph(_ frame: CGRect) -> CALayer {
        let shape = CAShapeLayer()
        shape.frame = frame
        func polygon(_ points: [CGPoint]) -> CGPath {
            let path = CGMutablePath()
            path.addLines(between: points)
            path.closeSubpath()
            return path
        }
        let square = polygon([CGPoint(x: 12, y: 12), CGPoint(x: 68, y: 12), CGPoint(x: 68, y: 68), CGPoint(x: 12, y: 68)])
        let diamond = polygon([CGPoint(x: 40, y: 0), CGPoint(x: 80, y: 40), CGPoint(x: 40, y: 80), CGPoint(x: 0, y: 40)])
        shape.path = square
        shape.fillColor = color(0.25, 0.75, 0.95, 0.35)
        shape.strokeColor = color(0.25, 0.75, 0.95)
        shape.lineWidth = 3
        shape.lineJoin = .round
        shape.add(forever("path", from: square, to: diamond, duration: 0.9, autoreverses: true), forKey: "morph")
        return shape
    }

    /// A rounded square traced by a short segment (strokeStart and strokeEnd moving together).
    private static func trace(_ frame: CGRect) -> CALayer {
        let track = CAShapeLayer()
        track.frame = frame
        track.path = CGPath(roundedRect: CGRect(x: 4, y: 4, width: 72, height: 72), cornerWidth: 16, cornerHeight: 16, transform: nil)
        track.fillColor = nil
        track.strokeColor = color(1, 1, 1, 0.12)
        track.lineWidth = 4
        let runner = CAShapeLayer()
        runner.frame = track.bounds
        runner.path = track.path
        runner.fillColor = nil
        runner.strokeColor = color(1, 0.6, 0.2)
        runner.lineWidth = 4
        runner.lineCap = .round
        runner.add(forever("strokeStart", from: 0, to: 0.75, duration: 1.5), forKey: "tail")
        runner.add(forever("strokeEnd", from: 0.25, to: 1, duration: 1.5), forKey: "head")
        track.addSublayer(runner)
        return track
    }
}
