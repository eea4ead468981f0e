import LaminaHost

/// Particles from `CAEmitterLayer`s: confetti falling from a line across the top (white
/// rectangles tinted per particle, spinning), and a fire of soft dots added together
/// (`.additive`) rising from a short line, with sparks that each emit a fading trail (nested cells).
public final class EmitterDemo: DemoView {
    public override init() {
        super.init()
        layer.backgroundColor = Self.color(0.06, 0.06, 0.09)
        layer.addSublayer(confetti())
        layer.addSublayer(fire())
    }

    /// An image of `width` × `height` pixels drawn by `body`.
    public static func sprite(width: Int, height: Int, _ body: (CGContext) -> Void) -> CGImage? {
        guard let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        body(ctx)
        return ctx.makeImage()
    }

    /// A soft white dot: opaque in the middle, fading to nothing at its edge.
    public static let softDot = sprite(width: 32, height: 32) { ctx in
        let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1), clear = CGColor(red: 1, green: 1, blue: 1, alpha: 0)
        if let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [white, clear] as CFArray, locations: [0, 1]) {
            ctx.drawRadialGradient(gradient, startCenter: CGPoint(x: 16, y: 16), startRadius: 0,
                                   endCenter: CGPoint(x: 16, y: 16), endRadius: 16, options: [])
        }
    }

    private func confetti() -> CALayer {
        let emitter = CAEmitterLayer()
        emitter.name = "confetti"
        emitter.frame = CGRect(x: 0, y: 0, width: 640, height: 480)
        emitter.emitterPosition = CGPoint(x: 320, y: -10)
        emitter.emitterShape = .line
        emitter.emitterSize = CGSize(width: 640, height: 1)
        emitter.seed = 7
        let paper = Self.sprite(width: 8, height: 14) { ctx in
            ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 14))
        }
        let colors = [Self.color(0.95, 0.3, 0.35), Self.color(0.3, 0.75, 0.95), Self.color(1, 0.8, 0.25), Self.color(0.45, 0.9, 0.5)]
        emitter.emitterCells = colors.enumerated().map { index, color in
            let cell = CAEmitterCell()
            cell.name = "paper\(index)"
            cell.contents = paper
            cell.birthRate = 12
            cell.lifetime = 9
            cell.velocity = 120
            cell.velocityRange = 60
            cell.emissionLongitude = .pi / 2          // down
            cell.emissionRange = .pi / 5
            cell.yAcceleration = 25
            cell.spin = 3
            cell.spinRange = 6
            cell.scale = 0.9
            cell.scaleRange = 0.5
            cell.color = color
            cell.redRange = 0.1
            cell.greenRange = 0.1
            return cell
        }
        return emitter
    }

    private func fire() -> CALayer {
        let emitter = CAEmitterLayer()
        emitter.name = "fire"
        emitter.frame = CGRect(x: 0, y: 0, width: 640, height: 480)
        emitter.emitterPosition = CGPoint(x: 320, y: 430)
        emitter.emitterShape = .line
        emitter.emitterSize = CGSize(width: 60, height: 1)
        emitter.renderMode = .additive
        emitter.seed = 3
        let flame = CAEmitterCell()
        flame.name = "flame"
        flame.contents = Self.softDot
        flame.birthRate = 220
        flame.lifetime = 1.1
        flame.lifetimeRange = 0.4
        flame.velocity = 110
        flame.velocityRange = 40
        flame.emissionLongitude = -.pi / 2           // up
        flame.emissionRange = .pi / 8
        flame.scale = 1.4
        flame.scaleSpeed = -0.9
        flame.color = Self.color(1, 0.42, 0.12, 0.35)
        flame.greenSpeed = -0.3
        flame.alphaSpeed = -0.45
        let trail = CAEmitterCell()
        trail.name = "trail"
        trail.contents = Self.softDot
        trail.birthRate = 20
        trail.lifetime = 0.4
        trail.scale = 0.15
        trail.color = Self.color(1, 0.75, 0.3, 0.7)
        trail.alphaSpeed = -1.7
        let spark = CAEmitterCell()
        spark.name = "spark"
        spark.contents = Self.softDot
        spark.birthRate = 6
        spark.lifetime = 1.6
        spark.velocity = 220
        spark.velocityRange = 80
        spark.emissionLongitude = -.pi / 2
        spark.emissionRange = .pi / 4
        spark.yAcceleration = 120
        spark.scale = 0.35
        spark.color = Self.color(1, 0.85, 0.5)
        spark.alphaSpeed = -0.6
        spark.emitterCells = [trail]
        emitter.emitterCells = [flame, spark]
        return emitter
    }
}
