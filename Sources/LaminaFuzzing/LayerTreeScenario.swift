import QuartzCore

/// The layer fuzz target: a random tree (up to eight layers, every numeric property from
/// hostile numbers) with random animations (basic, keyframe, spring, groups), rendered by
/// `CARenderer` at random times and presented. Time is the virtual media clock, so a crash
/// found replays exactly.
public enum LayerTreeScenario {
    static let keyPaths = ["position", "position.x", "bounds", "bounds.size.width", "opacity", "transform",
                           "transform.rotation.z", "transform.scale", "cornerRadius", "shadowRadius", "shadowOffset",
                           "borderWidth", "zPosition", "anchorPoint", "backgroundColor", "contentsRect"]

    /// Builds, animates and renders the tree `data` describes.
    public static func run(_ data: Data) {
        var input = FuzzInput(data)
        MediaClock.setVirtualTime(1000)
        defer { MediaClock.useSystemTime() }
        quietly {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 48, height: 32)
            var layers = [root]
            for _ in 0..<Int(input.byte() % 8) {
                let layer = input.bool() ? CAGradientLayer() : CALayer()
                layers[input.index(layers.count)].addSublayer(layer)
                layers.append(layer)
                configure(layer, &input)
            }
            for _ in 0..<Int(input.byte() % 6) {
                let layer = layers[input.index(layers.count)]
                layer.add(animation(&input), forKey: input.bool() ? "a" : nil)
            }
            let renderer = CARenderer(size: CGSize(width: 48, height: 32), scale: input.bool() ? 1 : 2)
            renderer.layer = root
            for _ in 0..<3 {
                let t = 1000 + input.number()
                renderer.beginFrame(atTime: t)
                renderer.render()
                renderer.endFrame()
                if t.isFinite, abs(t) < 1e15 { MediaClock.setVirtualTime(t) }
                _ = layers.last?.presentation()
                _ = root.hitTest(input.point())
            }
        }
    }

    static func configure(_ layer: CALayer, _ input: inout FuzzInput) {
        layer.frame = input.rect()
        for _ in 0..<Int(input.byte() % 10) {
            switch input.byte() % 20 {
            case 0: layer.bounds = input.rect()
            case 1: layer.position = input.point()
            case 2: layer.anchorPoint = input.point()
            case 3: layer.transform = CATransform3DMakeRotation(input.number(), input.number(), input.number(), input.number())
            case 4: var t = CATransform3DMakeScale(input.number(), input.number(), 1); t.m34 = input.number(); layer.transform = t
            case 5: layer.sublayerTransform = CATransform3DMakeTranslation(input.number(), input.number(), input.number())
            case 6: layer.opacity = Float(input.number())
            case 7: layer.cornerRadius = input.number(); layer.masksToBounds = input.bool()
            case 8: layer.borderWidth = input.number(); layer.borderColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            case 9: layer.shadowOpacity = Float(input.number()); layer.shadowRadius = input.number(); layer.shadowOffset = input.size()
            case 10: layer.shadowPath = CGPath(ellipseIn: input.rect(), transform: nil)
            case 11: layer.backgroundColor = CGColor(red: input.number(), green: 0.5, blue: 0, alpha: input.number())
            case 12: layer.shouldRasterize = true; layer.rasterizationScale = input.number()
            case 13: layer.contents = image; layer.contentsRect = input.rect(); layer.contentsCenter = input.rect()
            case 14: layer.contentsScale = input.number(); layer.zPosition = input.number()
            case 15: layer.speed = Float(input.number()); layer.timeOffset = input.number(); layer.beginTime = input.number()
            case 16:
                let mask = CALayer(); mask.frame = input.rect(); mask.backgroundColor = CGColor(gray: 0, alpha: 1); layer.mask = mask
            case 17:
                guard let gradient = layer as? CAGradientLayer else { break }
                gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
                gradient.locations = [NSNumber(value: Double(input.number())), NSNumber(value: Double(input.number()))]
                gradient.startPoint = input.point(); gradient.endPoint = input.point()
                gradient.type = [.axial, .radial, .conic][input.index(3)]
            case 18: layer.isHidden = input.bool(); layer.isDoubleSided = input.bool()
            default: layer.anchorPointZ = input.number()
            }
        }
    }

    static func animation(_ input: inout FuzzInput) -> CAAnimation {
        let keyPath = keyPaths[input.index(keyPaths.count)]
        let made: CAAnimation
        switch input.byte() % 4 {
        case 0:
            let keyframes = CAKeyframeAnimation(keyPath: keyPath)
            keyframes.values = (0..<Int(input.byte() % 5)).map { _ in value(for: keyPath, &input) }
            if input.bool() { keyframes.keyTimes = (0..<Int(input.byte() % 5)).map { _ in NSNumber(value: Double(input.number())) } }
            keyframes.calculationMode = [.linear, .discrete, .paced, .cubic, .cubicPaced][input.index(5)]
            made = keyframes
        case 1:
            let spring = CASpringAnimation(keyPath: keyPath)
            spring.mass = input.number(); spring.stiffness = input.number(); spring.damping = input.number()
            spring.initialVelocity = input.number()
            spring.fromValue = value(for: keyPath, &input); spring.toValue = value(for: keyPath, &input)
            made = spring
        case 2:
            let group = CAAnimationGroup()
            group.animations = [animation(&input), animation(&input)]
            made = group
        default:
            let basic = CABasicAnimation(keyPath: keyPath)
            basic.fromValue = input.bool() ? value(for: keyPath, &input) : nil
            basic.toValue = input.bool() ? value(for: keyPath, &input) : nil
            basic.byValue = input.bool() ? value(for: keyPath, &input) : nil
            basic.isAdditive = input.bool(); basic.isCumulative = input.bool()
            made = basic
        }
        made.duration = input.number()
        made.beginTime = input.bool() ? 0 : 1000 + input.number()
        made.speed = Float(input.number())
        made.timeOffset = input.number()
        made.repeatCount = Float(input.number())
        made.repeatDuration = input.bool() ? 0 : input.number()
        made.autoreverses = input.bool()
        made.fillMode = [.removed, .forwards, .backwards, .both][input.index(4)]
        if input.bool() {
            made.timingFunction = CAMediaTimingFunction(controlPoints: Float(input.number()), Float(input.number()),
                                                        Float(input.number()), Float(input.number()))
        }
        return made
    }

    /// A value of the kind `keyPath` holds (or, now and then, of another kind).
    static func value(for keyPath: String, _ input: inout FuzzInput) -> Any {
        switch input.byte() % 8 == 0 ? input.index(5) : kind(of: keyPath) {
        case 0: return input.point()
        case 1: return input.rect()
        case 2: return CATransform3DMakeRotation(input.number(), 0, 0, 1)
        case 3: return CGColor(red: input.number(), green: 0, blue: 1, alpha: 1)
        default: return NSNumber(value: Double(input.number()))
        }
    }

    static func kind(of keyPath: String) -> Int {
        switch keyPath {
        case "position", "anchorPoint", "shadowOffset": return 0
        case "bounds", "contentsRect": return 1
        case "transform": return 2
        case "backgroundColor": return 3
        default: return 4
        }
    }

    static let image: CGImage = {
        let context = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.setFillColor(CGColor(red: 1, green: 1, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
        return context.makeImage()!
    }()
}
