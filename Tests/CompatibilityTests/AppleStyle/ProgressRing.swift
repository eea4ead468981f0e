// Written as iOS progress-ring code draws its ring in a layer; only the import differs.
import QuartzCore

final class ProgressRingLayer: CALayer {
    var progress: CGFloat = 0 {
        didSet { setNeedsDisplay() }
    }
    var ringWidth: CGFloat = 6
    var trackColor = CGColor(gray: 0.85, alpha: 1)
    var ringColor = CGColor(red: 0.1, green: 0.7, blue: 0.3, alpha: 1)

    override init() {
        super.init()
        contentsScale = 2
    }

    override init(layer: Any) {
        super.init(layer: layer)
        if let layer = layer as? ProgressRingLayer {
            progress = layer.progress
            ringWidth = layer.ringWidth
            trackColor = layer.trackColor
            ringColor = layer.ringColor
        }
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }

    override func draw(in ctx: CGContext) {
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = (min(bounds.width, bounds.height) - ringWidth) / 2
        let startAngle = -CGFloat.pi / 2

        // The track: a whole circle.
        ctx.setLineWidth(ringWidth)
        ctx.setStrokeColor(trackColor)
        ctx.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: startAngle + 2 * .pi, clockwise: false)
        ctx.strokePath()

        // The progress, clockwise on screen from the top.
        guard progress > 0 else { return }
        ctx.setStrokeColor(ringColor)
        ctx.setLineCap(.round)
        ctx.addArc(center: center, radius: radius, startAngle: startAngle,
                   endAngle: startAngle + 2 * .pi * min(progress, 1), clockwise: false)
        ctx.strokePath()
    }
}

/// The ring in a container that fades in and spins once, as a host view would set it up.
func makeProgressRing(progress: CGFloat) -> (container: CALayer, ring: ProgressRingLayer) {
    let container = CALayer()
    container.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
    container.backgroundColor = CGColor(gray: 1, alpha: 1)
    let ring = ProgressRingLayer()
    ring.frame = container.bounds
    ring.progress = progress
    container.addSublayer(ring)

    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 0
    fade.toValue = 1
    fade.duration = 0.5
    fade.fillMode = .backwards
    ring.add(fade, forKey: "fadeIn")
    return (container, ring)
}
