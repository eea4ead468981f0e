import LaminaHost

/// A long list scrolling inside a rounded, clipping container, as a scroll view scrolls: `rows`
/// rounded cards, each with an icon and a line of text drawn into an image, moved by animating
/// the container's `bounds.origin.y` from the top to the bottom and back, forever. The scene of
/// `lamina-bench scroll` (which shows it at 1280×720).
///
/// Each label's image is as wide as the card leaves room for and one line high, and its text is
/// drawn when its pixels are first needed (a direct-access data provider, as an app decodes
/// images lazily): the window draws the rows it shows, so the list starts without laying out
/// and drawing a thousand lines of text first.
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
        let labelSize = CGSize(width: max(width - 72, 1).rounded(.down),
                               height: TextLayout("Row", fontSize: 17, weight: .regular).size.height.rounded(.up))
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
            text.frame = CGRect(x: 62, y: (card.bounds.height - labelSize.height) / 2, width: labelSize.width, height: labelSize.height)
            text.contents = Self.label("Row \(row + 1) · \(Self.words[row % Self.words.count])", size: labelSize)
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

    /// `string` drawn dark on transparent from the top left of an image of `size` pixels, when
    /// the image's pixels are first read.
    static func label(_ string: String, size: CGSize) -> CGImage? {
        let drawing = LabelDrawing(text: TextLayout(string, fontSize: 17, weight: .regular, color: color(0.12, 0.13, 0.16)),
                                   width: Int(size.width), height: Int(size.height))
        var callbacks = CGDataProviderDirectCallbacks(
            version: 0, getBytePointer: nil, releaseBytePointer: nil,
            getBytesAtPosition: { info, buffer, position, count in
                Unmanaged<LabelDrawing>.fromOpaque(info!).takeUnretainedValue().copy(into: buffer, from: Int(position), count: count)
            },
            releaseInfo: { info in Unmanaged<LabelDrawing>.fromOpaque(info!).release() })
        let info = Unmanaged.passRetained(drawing).toOpaque()
        guard let provider = CGDataProvider(directInfo: info, size: off_t(drawing.bytesPerRow * drawing.height), callbacks: &callbacks) else {
            Unmanaged<LabelDrawing>.fromOpaque(info).release()
            return nil
        }
        return CGImage(width: drawing.width, height: drawing.height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: drawing.bytesPerRow,
                       space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: LabelDrawing.bitmapInfo, provider: provider, decode: nil,
                       shouldInterpolate: true, intent: .defaultIntent)
    }
}

/// A label's text and its image's size: draws the image's pixels when its provider is read.
private final class LabelDrawing: @unchecked Sendable {
    static let bitmapInfo = CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
    let text: TextLayout
    let width: Int, height: Int
    var bytesPerRow: Int { width * 4 }

    init(text: TextLayout, width: Int, height: Int) {
        self.text = text
        self.width = max(width, 1)
        self.height = max(height, 1)
    }

    /// Draws the text (top-left origin, y down, as a layer draws) and copies `count` bytes of
    /// the image from `position` into `buffer`; returns how many it copied.
    func copy(into buffer: UnsafeMutableRawPointer, from position: Int, count: Int) -> Int {
        guard let c = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: bytesPerRow,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: Self.bitmapInfo), let data = c.data
        else { return 0 }
        c.translateBy(x: 0, y: CGFloat(height))
        c.scaleBy(x: 1, y: -1)
        text.draw(in: c, at: .zero)
        let copied = max(min(count, bytesPerRow * height - position), 0)
        buffer.copyMemory(from: data + position, byteCount: copied)
        return copied
    }
}
