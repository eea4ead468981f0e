import LaminaHost
import UIKit

/// A small screen written as an iOS developer writes one, with UIKit's views: a card with a
/// title, a subtitle and an image, a progress ring drawn in `draw(_:)`, a pulsing badge animated
/// with `UIView.animate`, laid out in `layoutSubviews` and by autoresizing.
public final class UIKitDemo: DemoView {
    private let rootWindow = UIWindow(frame: CGRect(x: 0, y: 0, width: 640, height: 480))

    public override init() {
        super.init()
        rootWindow.backgroundColor = .systemGroupedBackground
        rootWindow.makeKeyAndVisible()
        rootWindow.addSubview(ProfileCardView(frame: CGRect(x: 120, y: 90, width: 400, height: 300)))
        layer = rootWindow.layer
    }

    public override func layout() {
        rootWindow.frame = CGRect(origin: .zero, size: bounds.size)
    }
}

/// A card: rounded, shadowed, its subviews placed in `layoutSubviews`.
final class ProfileCardView: UIView {
    private let avatarView = UIImageView(image: ProfileCardView.avatar())
    private let titleLabel = UILabel()
    private let subtitleLabel = UILabel()
    private let ringView = ProgressRingView()
    private let badgeView = UIView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .secondarySystemGroupedBackground
        layer.cornerRadius = 20
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowOpacity = 0.12
        layer.shadowRadius = 16
        layer.shadowOffset = CGSize(width: 0, height: 8)
        autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]

        avatarView.contentMode = .scaleAspectFill
        avatarView.clipsToBounds = true
        avatarView.layer.cornerRadius = 36
        titleLabel.text = "Ada Lovelace"
        titleLabel.font = .systemFont(ofSize: 24, weight: .bold)
        subtitleLabel.text = "Wrote the first program for the Analytical Engine, a machine that did not yet exist."
        subtitleLabel.font = .systemFont(ofSize: 15)
        subtitleLabel.textColor = .secondaryLabel
        subtitleLabel.numberOfLines = 2
        ringView.progress = 0.72
        badgeView.backgroundColor = .systemGreen
        badgeView.layer.cornerRadius = 8
        for view in [avatarView, titleLabel, subtitleLabel, ringView, badgeView] { addSubview(view) }

        UIView.animate(withDuration: 0.8, delay: 0, options: [.repeat, .autoreverse, .curveEaseInOut], animations: {
            self.badgeView.transform = CGAffineTransform(scaleX: 1.4, y: 1.4)
            self.badgeView.alpha = 0.6
        })
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let inset: CGFloat = 24
        avatarView.frame = CGRect(x: inset, y: inset, width: 72, height: 72)
        badgeView.bounds = CGRect(x: 0, y: 0, width: 16, height: 16)
        badgeView.center = CGPoint(x: avatarView.frame.maxX - 6, y: avatarView.frame.maxY - 6)
        let textX = avatarView.frame.maxX + 16
        titleLabel.frame = CGRect(x: textX, y: inset + 6, width: bounds.width - textX - inset, height: 30)
        let subtitleSize = subtitleLabel.sizeThatFits(CGSize(width: bounds.width - 2 * inset, height: .greatestFiniteMagnitude))
        subtitleLabel.frame = CGRect(x: inset, y: avatarView.frame.maxY + 20, width: bounds.width - 2 * inset, height: subtitleSize.height)
        ringView.frame = CGRect(x: (bounds.width - 96) / 2, y: subtitleLabel.frame.maxY + 20, width: 96, height: 96)
    }

    /// A round avatar drawn with UIGraphicsImageRenderer: initials on a gradient of two circles.
    static func avatar() -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 72, height: 72)).image { context in
            UIColor.systemIndigo.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 72, height: 72))
            UIColor.systemPink.withAlphaComponent(0.8).setFill()
            UIBezierPath(ovalIn: CGRect(x: 30, y: -10, width: 60, height: 60)).fill()
            let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.boldSystemFont(ofSize: 28), .foregroundColor: UIColor.white]
            let size = "AL".size(withAttributes: attributes)
            "AL".draw(at: CGPoint(x: (72 - size.width) / 2, y: (72 - size.height) / 2), withAttributes: attributes)
        }
    }
}

/// A ring showing a fraction, drawn with UIBezierPath in `draw(_:)`.
final class ProgressRingView: UIView {
    var progress: CGFloat = 0 { didSet { setNeedsDisplay() } }

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .clear
        contentMode = .redraw
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func draw(_ rect: CGRect) {
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2 - 8
        let track = UIBezierPath(arcCenter: center, radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        track.lineWidth = 10
        UIColor.systemGray5.setStroke()
        track.stroke()
        let arc = UIBezierPath(arcCenter: center, radius: radius, startAngle: -.pi / 2,
                               endAngle: -.pi / 2 + 2 * .pi * progress, clockwise: true)
        arc.lineWidth = 10
        arc.lineCapStyle = .round
        UIColor.systemBlue.setStroke()
        arc.stroke()
        let text = "\(Int((progress * 100).rounded())) %"
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.monospacedDigitSystemFont(ofSize: 18, weight: .semibold),
                                                         .foregroundColor: UIColor.label]
        let size = text.size(withAttributes: attributes)
        text.draw(at: CGPoint(x: center.x - size.width / 2, y: center.y - size.height / 2), withAttributes: attributes)
    }
}
