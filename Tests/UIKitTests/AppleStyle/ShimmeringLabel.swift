import UIKit

/// A label masked by its own text, written as iOS sample code writes it: the text is drawn
/// into an image with `UIGraphicsImageRenderer`, which masks a gradient whose highlight moves
/// through the letters.
final class ShimmeringLabel: UIView {
    var text: String = "" { didSet { setNeedsLayout() } }
    var font: UIFont = .boldSystemFont(ofSize: 32) { didSet { setNeedsLayout() } }

    private let gradientLayer = CAGradientLayer()
    private let textMask = CALayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        gradientLayer.colors = [UIColor.systemGray.cgColor, UIColor.white.cgColor, UIColor.systemGray.cgColor]
        gradientLayer.startPoint = CGPoint(x: 0, y: 0.5)
        gradientLayer.endPoint = CGPoint(x: 1, y: 0.5)
        gradientLayer.locations = [0, 0.15, 0.3]
        gradientLayer.mask = textMask
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
        textMask.frame = bounds
        textMask.contents = textImage().cgImage
        CATransaction.commit()
    }

    /// The text, centered in the bounds, white on clear.
    private func textImage() -> UIImage {
        let renderer = UIGraphicsImageRenderer(bounds: bounds)
        return renderer.image { _ in
            let paragraph = NSMutableParagraphStyle()
            paragraph.alignment = .center
            let attributes: [NSAttributedString.Key: Any] = [.font: font, .foregroundColor: UIColor.white, .paragraphStyle: paragraph]
            let height = text.size(withAttributes: attributes).height
            let rect = CGRect(x: 0, y: (bounds.height - height) / 2, width: bounds.width, height: height)
            text.draw(in: rect, withAttributes: attributes)
        }
    }

    /// Starts moving the highlight through the text, once a second.
    func startShimmering() {
        let shimmer = CABasicAnimation(keyPath: "locations")
        shimmer.fromValue = [-0.3, -0.15, 0]
        shimmer.toValue = [1, 1.15, 1.3]
        shimmer.duration = 1
        shimmer.repeatCount = .infinity
        gradientLayer.add(shimmer, forKey: "shimmer")
    }
}
