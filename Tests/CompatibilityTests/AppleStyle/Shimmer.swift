// Written as iOS shimmer and skeleton libraries write theirs; only the import differs.
import QuartzCore

/// A highlight band sweeping across a placeholder, by animating the gradient's locations.
final class ShimmerView {
    let layer = CALayer()
    private let gradientLayer = CAGradientLayer()

    var baseColor = CGColor(gray: 0.2, alpha: 1)
    var highlightColor = CGColor(gray: 0.9, alpha: 1)

    init(frame: CGRect) {
        layer.frame = frame
        gradientLayer.frame = layer.bounds
        gradientLayer.startPoint = CGPoint(x: 0.0, y: 0.5)
        gradientLayer.endPoint = CGPoint(x: 1.0, y: 0.5)
        gradientLayer.colors = [baseColor, highlightColor, baseColor]
        gradientLayer.locations = [0.0, 0.5, 1.0]
        layer.addSublayer(gradientLayer)
    }

    func startShimmering() {
        let animation = CABasicAnimation(keyPath: "locations")
        animation.fromValue = [-1.0, -0.5, 0.0]
        animation.toValue = [1.0, 1.5, 2.0]
        animation.repeatCount = .infinity
        animation.duration = 1.0
        gradientLayer.add(animation, forKey: animation.keyPath)
    }
}

/// A skeleton placeholder whose gradient slides by its start and end points, boxed in
/// `NSValue`s, in a group tagged so that the delegate knows which animation ended.
final class SkeletonSlide: NSObject, CAAnimationDelegate {
    let gradient = CAGradientLayer()
    private(set) var finishedTags: [String] = []

    init(frame: CGRect) {
        super.init()
        gradient.frame = frame
        gradient.colors = [CGColor(gray: 0.8, alpha: 1), CGColor(gray: 0.3, alpha: 1), CGColor(gray: 0.8, alpha: 1)]
    }

    func slide(duration: CFTimeInterval = 1.5) {
        let startPointAnim = CABasicAnimation(keyPath: "startPoint")
        startPointAnim.fromValue = NSValue(cgPoint: CGPoint(x: -1, y: 0.5))
        startPointAnim.toValue = NSValue(cgPoint: CGPoint(x: 1, y: 0.5))

        let endPointAnim = CABasicAnimation(keyPath: "endPoint")
        endPointAnim.fromValue = NSValue(cgPoint: CGPoint(x: 0, y: 0.5))
        endPointAnim.toValue = NSValue(cgPoint: CGPoint(x: 2, y: 0.5))

        let animGroup = CAAnimationGroup()
        animGroup.animations = [startPointAnim, endPointAnim]
        animGroup.duration = duration
        animGroup.timingFunction = CAMediaTimingFunction(name: .linear)
        animGroup.delegate = self
        animGroup.setValue("skeletonSlide", forKey: "animationTag")
        gradient.add(animGroup, forKey: "skeletonAnimation")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if flag, let tag = anim.value(forKey: "animationTag") as? String {
            finishedTags.append(tag)
        }
    }
}
