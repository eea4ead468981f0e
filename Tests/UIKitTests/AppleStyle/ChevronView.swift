import UIKit

/// A "slide to unlock" hint written as iOS sample code writes it: a view whose layer holds a
/// gradient, masked by a double-chevron image, its bright band sweeping across forever.
final class ChevronView: UIView {
    private let gradientLayer = CAGradientLayer()
    private let chevronMask = CALayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .clear
        gradientLayer.colors = [UIColor(white: 1, alpha: 0.15).cgColor,
                                UIColor.white.cgColor,
                                UIColor(white: 1, alpha: 0.15).cgColor]
        gradientLayer.startPoint = CGPoint(x: 0, y: 0.5)
        gradientLayer.endPoint = CGPoint(x: 1, y: 0.5)
        gradientLayer.locations = [0, 0.1, 0.2]
        chevronMask.contents = ChevronView.chevronImage(size: CGSize(width: 150, height: 100)).cgImage
        chevronMask.contentsGravity = .resizeAspect
        gradientLayer.mask = chevronMask
        layer.addSublayer(gradientLayer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        gradientLayer.frame = bounds
        chevronMask.frame = gradientLayer.bounds
        CATransaction.commit()
    }

    /// Starts sweeping once the view is in a window, as the guide's sample code does.
    override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil { startAnimating() } else { gradientLayer.removeAnimation(forKey: "sweep") }
    }

    /// Starts the sweep of the bright band from left to right.
    func startAnimating() {
        let animation = CABasicAnimation(keyPath: "locations")
        animation.fromValue = [0, 0.1, 0.2]
        animation.toValue = [0.8, 0.9, 1]
        animation.duration = 1.6
        animation.repeatCount = .infinity
        gradientLayer.add(animation, forKey: "sweep")
    }

    /// Two chevrons pointing right, white on clear.
    static func chevronImage(size: CGSize) -> UIImage {
        let renderer = UIGraphicsImageRenderer(size: size)
        return renderer.image { _ in
            UIColor.white.setStroke()
            for x in [size.width * 0.23, size.width * 0.53] {
                let chevron = UIBezierPath()
                chevron.move(to: CGPoint(x: x, y: size.height * 0.2))
                chevron.addLine(to: CGPoint(x: x + size.width * 0.23, y: size.height * 0.5))
                chevron.addLine(to: CGPoint(x: x, y: size.height * 0.8))
                chevron.lineWidth = size.height * 0.17
                chevron.lineCapStyle = .round
                chevron.lineJoinStyle = .round
                chevron.stroke()
            }
        }
    }
}
