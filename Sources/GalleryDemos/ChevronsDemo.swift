import LaminaHost
import ImageIO

/// The classic: a gradient masked by a double-chevron image, its `locations` sweeping forever.
public final class ChevronsDemo: DemoView {
    public override init() {
        super.init()
        layer.backgroundColor = Self.color(0.1, 0.11, 0.14)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 170, y: 140, width: 300, height: 200)
        gradient.colors = [Self.color(1, 1, 1, 0.15), Self.color(1, 1, 1, 1), Self.color(1, 1, 1, 0.15)]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        gradient.locations = [0, 0.1, 0.2]
        let mask = CALayer()
        mask.frame = gradient.bounds
        mask.contents = Chevrons.image()
        mask.contentsGravity = .resizeAspect
        gradient.mask = mask
        let sweep = CABasicAnimation(keyPath: "locations")
        sweep.fromValue = [0, 0.1, 0.2]
        sweep.toValue = [0.8, 0.9, 1]
        sweep.duration = 1.6
        sweep.repeatCount = .infinity
        gradient.add(sweep, forKey: "sweep")
        layer.addSublayer(gradient)
    }
}

/// The double chevron, shipped as Resources/chevrons.png (drawn by `draw()`; found relative to the
/// working directory or the executable, else drawn on the spot).
public enum Chevrons {
    public static func image() -> CGImage? {
        let candidates = [FileManager.default.currentDirectoryPath + "/Resources/chevrons.png",
                          URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
                              .appendingPathComponent("../../../Resources/chevrons.png").path]
        for path in candidates where FileManager.default.fileExists(atPath: path) {
            if let source = CGImageSourceCreateWithURL(URL(fileURLWithPath: path) as CFURL, nil),
               let image = CGImageSourceCreateImageAtIndex(source, 0, nil) { return image }
        }
        return draw()
    }

    /// Two chevrons pointing right, white on transparent, 300×200 pixels.
    public static func draw() -> CGImage? {
        guard let c = CGContext(data: nil, width: 300, height: 200, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return nil }
        c.setStrokeColor(gray: 1, alpha: 1)
        c.setLineWidth(34)
        c.setLineCap(.round)
        c.setLineJoin(.round)
        for x in [70.0, 160.0] as [CGFloat] {
            c.addLines(between: [CGPoint(x: x, y: 40), CGPoint(x: x + 70, y: 100), CGPoint(x: x, y: 160)])
            c.strokePath()
        }
        return c.makeImage()
    }
}
