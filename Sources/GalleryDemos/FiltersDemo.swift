import LaminaHost

/// Core Image filters on layers: a frosted-glass panel (`backgroundFilters`: a gaussian blur of
/// what is behind it) that can be dragged over a moving, colourful scene, and a board of blend
/// modes (`compositingFilter`), one per cell: an orange disc over a striped cell.
public final class FiltersDemo: DemoView {
    private let panel = CALayer()
    private var grab: CGPoint?

    public static let blendModes = ["multiplyBlendMode", "screenBlendMode", "overlayBlendMode", "darkenBlendMode",
                                    "lightenBlendMode", "differenceBlendMode", "colorDodgeBlendMode", "hueBlendMode"]

    public override init() {
        super.init()
        layer.backgroundColor = Self.color(0.1, 0.11, 0.14)
        addMovingScene()
        addPanel()
        addBlendBoard()
    }

    private func addMovingScene() {
        let palette: [(CGFloat, CGFloat, CGFloat)] = [(0.95, 0.35, 0.3), (0.25, 0.6, 0.95), (0.35, 0.8, 0.4), (0.98, 0.75, 0.2),
                                                      (0.7, 0.4, 0.9), (0.2, 0.8, 0.8)]
        for i in 0..<12 {
            let tile = CALayer()
            tile.bounds = CGRect(x: 0, y: 0, width: 56, height: 56)
            tile.position = CGPoint(x: 50 + CGFloat(i % 6) * 108, y: 60 + CGFloat(i / 6) * 110)
            let (r, g, b) = palette[i % palette.count]
            tile.backgroundColor = Self.color(r, g, b)
            tile.cornerRadius = i % 2 == 0 ? 28 : 10
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0
            spin.toValue = 2 * CGFloat.pi
            spin.duration = 3 + Double(i % 4) * 0.5
            spin.repeatCount = .infinity
            tile.add(spin, forKey: "spin")
            let drift = CABasicAnimation(keyPath: "position.x")
            drift.fromValue = tile.position.x - 30
            drift.toValue = tile.position.x + 30
            drift.duration = 2 + Double(i % 3) * 0.4
            drift.autoreverses = true
            drift.repeatCount = .infinity
            tile.add(drift, forKey: "drift")
            layer.addSublayer(tile)
        }
    }

    private func addPanel() {
        panel.frame = CGRect(x: 170, y: 40, width: 300, height: 160)
        panel.cornerRadius = 24
        panel.backgroundColor = Self.color(1, 1, 1, 0.2)
        panel.borderWidth = 1
        panel.borderColor = Self.color(1, 1, 1, 0.6)
        let frost = CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 12])!
        frost.name = "frost"
        panel.backgroundFilters = [frost]
        panel.name = "frosted panel"
        let label = TextLayer(TextLayout("Drag me", fontSize: 22, weight: .semibold, color: .white))
        label.frame = CGRect(origin: CGPoint(x: 24, y: 20), size: label.text.size)
        panel.addSublayer(label)
        layer.addSublayer(panel)
    }

    private func addBlendBoard() {
        for (i, mode) in Self.blendModes.enumerated() {
            let cell = CALayer()
            cell.frame = CGRect(x: 16 + CGFloat(i) * 77, y: 300, width: 70, height: 110)
            cell.masksToBounds = true
            cell.cornerRadius = 8
            for (k, color) in [Self.color(0.15, 0.45, 0.85), Self.color(0.9, 0.9, 0.85), Self.color(0.3, 0.7, 0.35)].enumerated() {
                let stripe = CALayer()
                stripe.frame = CGRect(x: 0, y: CGFloat(k) * 37, width: 70, height: 37)
                stripe.backgroundColor = color
                cell.addSublayer(stripe)
            }
            let disc = CALayer()
            disc.frame = CGRect(x: 10, y: 30, width: 50, height: 50)
            disc.cornerRadius = 25
            disc.backgroundColor = Self.color(0.98, 0.55, 0.15)
            disc.compositingFilter = mode
            cell.addSublayer(disc)
            layer.addSublayer(cell)
            let name = TextLayer(TextLayout(String(mode.dropLast("BlendMode".count)), fontSize: 11, color: .white))
            name.frame = CGRect(origin: CGPoint(x: cell.frame.minX, y: 418), size: name.text.size)
            layer.addSublayer(name)
        }
    }

    public override func mouseDown(with event: PointerEvent) {
        guard panel.frame.contains(event.location) else { return }
        grab = CGPoint(x: event.location.x - panel.position.x, y: event.location.y - panel.position.y)
    }

    public override func mouseDragged(with event: PointerEvent) {
        guard let grab else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)                         // follow the pointer exactly
        panel.position = CGPoint(x: event.location.x - grab.x, y: event.location.y - grab.y)
        CATransaction.commit()
    }

    public override func mouseUp(with event: PointerEvent) { grab = nil }
}
