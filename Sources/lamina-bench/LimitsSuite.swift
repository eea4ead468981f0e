import CoreText
import Foundation
import QuartzCore

/// `lamina-bench limits`: the slow paths of the README's limits table, each timed once, wall
/// time, with the 2-second bound each must stay under (release build): text Pango once took
/// tens of seconds over, shapes and gradients of very many elements, layer filters with
/// absurd parameters. A row past its bound prints "OVER".
enum LimitsSuite {
    /// The bound every case must finish within, in seconds.
    static let bound = 2.0

    @MainActor
    static func run() -> Int32 {
        let font = CTFontCreateWithName("Helvetica" as CFString, 14, nil)
        func attributed(_ text: String) -> NSAttributedString {
            NSAttributedString(string: text, attributes: [NSAttributedString.Key(kCTFontAttributeName as String): font])
        }
        func line(_ text: String) -> () -> Void {
            let string = attributed(text)
            return { _ = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(string), nil, nil, nil) }
        }
        func rendered(_ layer: CALayer, frames: Int = 1) -> () -> Void {
            {
                let renderer = CARenderer(size: CGSize(width: 400, height: 400))
                renderer.layer = layer
                for frame in 0..<frames { _ = renderer.makeImage(atTime: Double(frame) / 60) }
            }
        }
        let words = String(repeating: "lorem ipsum ", count: 83_334)
        let cases: [(String, () -> Void)] = [
            ("CTLine of 10⁶ characters", line(String(words.prefix(1_000_000)))),
            ("CTLine of 10⁵ newlines", line(String(repeating: "\n", count: 100_000))),
            ("CTLine of 10⁵ tabs", line(String(repeating: "\t", count: 100_000))),
            ("CTLine of 15,000 bidi embeddings", line(String(repeating: "\u{202B}a\u{202C}", count: 15_000))),
            ("CTLine of 10⁵ Arabic letters", line(String(repeating: "\u{627}\u{644}\u{639}\u{631}\u{628}", count: 20_000))),
            ("CTLine of 10⁵ Devanagari letters", line(String(repeating: "\u{915}\u{94D}\u{937}\u{93F} ", count: 20_000))),
            ("CTFrame of one 10⁶-character word, 300 pt wide", {
                let framesetter = CTFramesetterCreateWithAttributedString(attributed(String(repeating: "x", count: 1_000_000)))
                _ = CTFramesetterCreateFrame(framesetter, CFRange(), CGPath(rect: CGRect(x: 0, y: 0, width: 300, height: 1e7), transform: nil), nil)
            }),
            ("CATextLayer of 10⁶ characters, wrapped, rendered", rendered({
                let text = CATextLayer()
                text.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
                text.isWrapped = true
                text.string = String(words.prefix(1_000_000))
                return text
            }())),
            ("CAShapeLayer of 10⁶ elements, stroked, rendered", rendered({
                let path = CGMutablePath()
                path.move(to: .zero)
                for i in 0..<1_000_000 { path.addLine(to: CGPoint(x: Double(i % 400), y: Double((i * 7) % 400))) }
                let shape = CAShapeLayer()
                shape.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
                shape.path = path
                shape.fillColor = nil
                shape.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                return shape
            }())),
            ("200,000 curves, strokeEnd animated, 5 frames", rendered({
                let path = CGMutablePath()
                path.move(to: .zero)
                // A scribble of short curves, 400 to a row, as a drawing app's stroke.
                for i in 0..<200_000 {
                    let x = Double(i % 400), y = Double(i / 400) * 0.8
                    path.addCurve(to: CGPoint(x: x + 1, y: y), control1: CGPoint(x: x + 0.3, y: y - 1), control2: CGPoint(x: x + 0.7, y: y + 1))
                }
                let shape = CAShapeLayer()
                shape.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
                shape.path = path
                shape.fillColor = nil
                shape.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                let grow = CABasicAnimation(keyPath: "strokeEnd")
                grow.fromValue = 0
                grow.toValue = 1
                grow.duration = 5.0 / 60
                shape.add(grow, forKey: "grow")
                return shape
            }(), frames: 5)),
            ("CAGradientLayer of 10⁵ colors, linear, rendered", rendered(gradient(.axial))),
            ("CAGradientLayer of 10⁵ colors, radial, rendered", rendered(gradient(.radial))),
            ("CAGradientLayer of 10⁵ colors, conic, rendered", rendered(gradient(.conic))),
        ] + ["CIGaussianBlur", "CIDiscBlur", "CIMotionBlur", "CIBoxBlur"].map { name in
            ("layer filter \(name) at radius 1e9, rendered", rendered({
                let layer = CALayer()
                layer.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
                layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                layer.filters = [CIFilter(name: name, parameters: [kCIInputRadiusKey: 1e9])].compactMap { $0 }
                return layer
            }()))
        }
        print("| slow path (release, one run) | seconds | bound |")
        print("|---|---:|---:|")
        var over = 0
        for (name, work) in cases {
            let seconds = Benchmark.seconds(work)
            if seconds > bound { over += 1 }
            print("| \(name) | \(String(format: "%.3f", seconds)) | \(seconds > bound ? "OVER" : "\(bound)") |")
            fflush(nil)
        }
        return over == 0 ? 0 : 1
    }

    /// A gradient layer of 10⁵ colors of the given kind, 400 × 400.
    private static func gradient(_ type: CAGradientLayerType) -> CALayer {
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        layer.type = type
        layer.colors = (0..<100_000).map { CGColor(red: CGFloat($0 % 256) / 255, green: 0.5, blue: 0, alpha: 1) }
        layer.startPoint = CGPoint(x: 0.5, y: 0.5)
        layer.endPoint = CGPoint(x: 1, y: 1)
        return layer
    }
}
