// Written as iOS activity-indicator libraries write their animations; only the import differs
// (UIKit there). Three balls pulse in turn, and a ring turns through boxed transforms.
import QuartzCore

final class BallPulseIndicator {
    func setUpAnimation(in layer: CALayer, size: CGSize, color: CGColor) {
        let circleSpacing: CGFloat = 2
        let circleSize: CGFloat = (size.width - 2 * circleSpacing) / 3
        let x: CGFloat = (layer.bounds.size.width - size.width) / 2
        let y: CGFloat = (layer.bounds.size.height - circleSize) / 2
        let duration: CFTimeInterval = 0.75
        let beginTime = CACurrentMediaTime()
        let beginTimes: [CFTimeInterval] = [0.12, 0.24, 0.36]
        let timingFunction = CAMediaTimingFunction(controlPoints: 0.2, 0.68, 0.18, 1.08)

        // Animation
        let animation = CAKeyframeAnimation(keyPath: "transform.scale")

        animation.keyTimes = [0, 0.3, 1]
        animation.timingFunctions = [timingFunction, timingFunction]
        animation.values = [1, 0.3, 1]
        animation.duration = duration
        animation.repeatCount = HUGE
        animation.isRemovedOnCompletion = false

        // Draw circles
        for i in 0 ..< 3 {
            let circle = makeCircle(size: CGSize(width: circleSize, height: circleSize), color: color)
            let frame = CGRect(x: x + circleSize * CGFloat(i) + circleSpacing * CGFloat(i),
                               y: y,
                               width: circleSize,
                               height: circleSize)

            animation.beginTime = beginTime + beginTimes[i]
            circle.frame = frame
            circle.add(animation, forKey: "animation")
            layer.addSublayer(circle)
        }
    }

    private func makeCircle(size: CGSize, color: CGColor) -> CALayer {
        let circle = CALayer()
        circle.bounds = CGRect(origin: .zero, size: size)
        circle.cornerRadius = size.width / 2
        circle.backgroundColor = color
        return circle
    }
}

/// A ring with a gap that turns: drawn once, rotated by a keyframe animation of transforms.
final class RingSpinnerLayer: CALayer {
    var lineColor = CGColor(red: 0.2, green: 0.4, blue: 1, alpha: 1)

    override init() {
        super.init()
        needsDisplayOnBoundsChange = true
    }

    override init(layer: Any) {
        super.init(layer: layer)
        if let layer = layer as? RingSpinnerLayer {
            lineColor = layer.lineColor
        }
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func draw(in ctx: CGContext) {
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2 - 3
        ctx.setLineWidth(4)
        // A faint full track, then three quarters in the line color.
        ctx.setStrokeColor(lineColor.copy(alpha: 0.25)!)
        ctx.addArc(center: center, radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        ctx.strokePath()
        ctx.setStrokeColor(lineColor)
        ctx.addArc(center: center, radius: radius, startAngle: 0, endAngle: 1.5 * .pi, clockwise: false)
        ctx.strokePath()
    }

    func startAnimating() {
        let rotation = CAKeyframeAnimation(keyPath: "transform")
        rotation.values = [
            NSValue(caTransform3D: CATransform3DMakeRotation(0, 0, 0, 1)),
            NSValue(caTransform3D: CATransform3DMakeRotation(.pi / 2, 0, 0, 1)),
            NSValue(caTransform3D: CATransform3DMakeRotation(.pi, 0, 0, 1)),
        ]
        rotation.duration = 1
        rotation.repeatCount = HUGE
        rotation.isRemovedOnCompletion = false
        add(rotation, forKey: "rotation")
    }
}
