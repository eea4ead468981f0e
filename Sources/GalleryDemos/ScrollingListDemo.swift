import LaminaHost

/// A long list scrolling inside a rounded, clipping container, as a scroll view scrolls: `rows`
/// rounded cards, each with an icon and a line of text drawn into an image, moved by animating
/// the container's `bounds.origin.y` from the top to the bottom and back, forever. The scene of
/// `lamina-bench scroll` (which shows it at 1280×720).
public final class ScrollingListDemo: DemoView {
    /// The distance between the tops of two cards, in points.
    public static let rowPitch: CGFloat = 64
    /// The clipping container (its sublayers are the cards).
    public let list = CALayer()

    /// The gallery's list: 1000 cards in a 640×480 view.
    public convenience override init() { self.init(size: CGSize(width: 640, height: 480)) }

    /// The list filling a view of `size` less a margin, scrolling at `pointsPerSecond`.
    public init(size: CGSize, rows: Int = 1000, pointsPerSecond: CGFloat = 900) {
        super.init()
        layer.backgroundColor = Self.color(0.16, 0.18, 0.22)
        list.frame = CGRect(x: 24, y: 24, width: max(size.width - 48, 120), height: max(size.height - 48, 120))
        list.backgroundColor = Self.color(0.93, 0.94, 0.96)
        list.cornerRadius = 18
        list.masksToBounds = true
        let icons = (0..<Self.iconColors.count).map { Self.icon($0) }
        let width = list.bounds.width - 24
        for row in 0..<rows {
            let card = CALayer()
            card.frame = CGRect(x: 12, y: 10 + CGFloat(row) * Self.rowPitch, width: width, height: Self.rowPitch - 10)
            card.backgroundColor = row % 2 == 0 ? Self.color(1, 1, 1) : Self.color(0.98, 0.97, 1)
            card.cornerRadius = 12
            card.borderWidth = 1
            card.borderColor = Self.color(0.82, 0.84, 0.88)
            let icon = CALayer()
            icon.frame = CGRect(x: 10, y: 7, width: 40, height: 40)
            icon.contents = icons[row % icons.count]
            card.addSublayer(icon)
            let text = CALayer()
            let image = Self.label("Row \(row + 1) · \(Self.words[row % Self.words.count])")
            text.frame = CGRect(x: 62, y: (card.bounds.height - CGFloat(image?.height ?? 0)) / 2,
                                width: CGFloat(image?.width ?? 0), height: CGFloat(image?.height ?? 0))
            text.contents = image
            card.addSublayer(text)
            list.addSublayer(card)
        }
        // From the top to the last card's bottom at the container's bottom, and back.
        let end = max(10 + CGFloat(rows) * Self.rowPitch - list.bounds.height, 0)
        let scroll = CABasicAnimation(keyPath: "bounds.origin.y")
        scroll.fromValue = 0
        scroll.toValue = end
        scroll.duration = max(Double(end / max(pointsPerSecond, 1)), 0.1)
        scroll.autoreverses = true
        scroll.repeatCount = .infinity
        list.add(scroll, forKey: "scroll")
        layer.addSublayer(list)
    }

    static let words = ["Inbox", "Drafts", "Photos from the weekend", "Invoice 2041", "Meeting notes", "Flight to Lisbon",
                        "Groceries", "Quarterly report", "Birthday party", "Release checklist", "Podcast queue"]
    static let iconColors: [(CGFloat, CGFloat, CGFloat)] = [(0.95, 0.35, 0.3), (0.2, 0.6, 0.95), (0.3, 0.75, 0.4),
                                                           (0.95, 0.7, 0.2), (0.6, 0.4, 0.9), (0.2, 0.7, 0.7)]

    /// A 40×40 icon: a rounded square of the `index`th color with a white circle and bar.
    static func icon(_ index: Int) -> CGImage? {
        guard let c = CGContext(data: nil, width: 40, height: 40, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                    | CGBitmapInfo.byteOrder32Little.rawValue) else { return nil }
        let (r, g, b) = iconColors[index]
        c.setFillColor(red: r, green: g, blue: b, alpha: 1)
        c.addPath(CGPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 40), cornerWidth: 10, cornerHeight: 10, transform: nil))
        c.fillPath()
        c.setFillColor(gray: 1, alpha: 1)
        c.fillEllipse(in: CGRect(x: 9, y: 17, width: 14, height: 14))
        c.fill(CGRect(x: 9, y: 9, width: 22, height: 4))
        return c.makeImage()
    }

    /// `string` drawn dark on transparent into an image its size.
    static func label(_ string: String) -> CGImage? {
        let text = TextLayout(string, fontSize: 17, weight: .regular, color: color(0.12, 0.13, 0.16))
        let size = text.size
        guard let c = CGContext(data: nil, width: Int(size.width.rounded(.up)), height: Int(size.height.rounded(.up)), bitsPerComponent: 8,
                                bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        c.translateBy(x: 0, y: CGFloat(c.height))          // top-left origin, y down, as a layer draws
        c.scaleBy(x: 1, y: -1)
        text.draw(in: c, at: .zero)
        return c.makeImage()
    }
}
