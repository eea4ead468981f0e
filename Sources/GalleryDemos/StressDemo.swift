import LaminaHost

/// The stress scene of the Qt Quick peer (shared/peers/qtquick/stress.qml): `count` rounded
/// 64×64 tiles with a 2-point white border, each rotating, sliding in x and fading, over a dark
/// 1280×720 backdrop (or one of another size), with a frame-rate readout.
public final class StressDemo: DemoView {
    /// The scene's size in points, the peer's window's.
    public static let size = CGSize(width: 1280, height: 720)
    private let readout = TextLayer(TextLayout("", fontSize: 18, weight: .semibold, color: .white))
    private var timer: Timer?
    private var lastFrames = 0

    public convenience override init() { self.init(count: 1000) }

    /// `count` tiles spread over `size` points (`StressDemo.size` by default; each side over 64
    /// points, the tiles' own).
    public init(count: Int, size: CGSize = StressDemo.size) {
        super.init()
        layer.backgroundColor = Self.color(0x20 / 255, 0x20 / 255, 0x20 / 255)
        let width = max(size.width, 65), height = max(size.height, 65)
        for i in 0..<count {
            let tile = CALayer()
            tile.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
            let hue = (Double(i) * 0.61803).truncatingRemainder(dividingBy: 1)
            tile.backgroundColor = Self.hsl(hue, 0.6, 0.5)
            tile.cornerRadius = 8
            tile.borderWidth = 2
            tile.borderColor = .white
            let a = CGFloat((i * 97) % Int(width - 64)) + 32, b = CGFloat((i * 31) % Int(width - 64)) + 32
            tile.position = CGPoint(x: a, y: CGFloat((i * 53) % Int(height - 64)) + 32)
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0
            spin.toValue = 2 * CGFloat.pi
            spin.duration = 2 + Double(i % 7) * 0.3
            spin.repeatCount = .infinity
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0.3
            fade.duration = 1 + Double(i % 5) * 0.2
            fade.autoreverses = true
            fade.repeatCount = .infinity
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.fromValue = a
            slide.toValue = b
            slide.duration = 1.5 + Double(i % 3) * 0.4
            slide.autoreverses = true
            slide.repeatCount = .infinity
            for (key, animation) in [("spin", spin), ("fade", fade), ("slide", slide)] { tile.add(animation, forKey: key) }
            layer.addSublayer(tile)
        }
        readout.frame = CGRect(x: 16, y: 12, width: 420, height: 28)
        readout.zPosition = 1
        layer.addSublayer(readout)
    }

    /// Updates the frame-rate readout once a second (on the main thread).
    public override func layout() {
        guard timer == nil else { return }
        let timer = Timer(timeInterval: 1, repeats: true) { [weak self] _ in
            MainActor.assumeIsolated { self?.updateReadout() }
        }
        RunLoop.main.add(timer, forMode: .common)
        self.timer = timer
    }

    private func updateReadout() {
        guard let window else { return }
        let frames = window.framesPresented
        readout.text.string = "\(layer.sublayers!.count - 1) layers · \(frames - lastFrames) fps"
        readout.setNeedsDisplay()
        lastFrames = frames
    }

    static func hsl(_ h: Double, _ s: Double, _ l: Double) -> CGColor {
        let c = (1 - abs(2 * l - 1)) * s, x = c * (1 - abs((h * 6).truncatingRemainder(dividingBy: 2) - 1)), m = l - c / 2
        let (r, g, b): (Double, Double, Double)
        switch Int(h * 6) {
        case 0: (r, g, b) = (c, x, 0)
        case 1: (r, g, b) = (x, c, 0)
        case 2: (r, g, b) = (0, c, x)
        case 3: (r, g, b) = (0, x, c)
        case 4: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        return CGColor(red: r + m, green: g + m, blue: b + m, alpha: 1)
    }
}
