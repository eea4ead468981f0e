import CoreGraphics
import CoreText
import ImageIO

/// `lamina-bench cg`: the cost of Core Graphics operations on this machine.
enum CoreGraphicsSuite {
    static func context(_ width: Int, _ height: Int, native: Bool = true) -> CGContext {
        let info = native ? CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
                          : CGImageAlphaInfo.premultipliedLast.rawValue
        return CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                         space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info)!
    }

    /// A translucent, noisy 256×256 image (opaque sources would take copy shortcuts).
    static let photo: CGImage = {
        let c = context(256, 256)
        var seed: UInt32 = 12345
        for y in stride(from: 0, to: 256, by: 8) {
            for x in stride(from: 0, to: 256, by: 8) {
                seed = seed &* 1_103_515_245 &+ 12345
                c.setFillColor(red: CGFloat(seed >> 24) / 255, green: CGFloat((seed >> 16) & 255) / 255,
                               blue: CGFloat((seed >> 8) & 255) / 255, alpha: 0.8)
                c.fill(CGRect(x: x, y: y, width: 8, height: 8))
            }
        }
        return c.makeImage()!
    }()

    static var benchmarks: [Benchmark] {
        let target = context(1280, 720)
        let rgbaTarget = context(1280, 720, native: false)
        let rounded = CGPath(roundedRect: CGRect(x: 100, y: 100, width: 64, height: 64), cornerWidth: 12, cornerHeight: 12, transform: nil)
        let gradient = CGGradient(colorsSpace: nil, colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                                              CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)] as CFArray, locations: nil)!
        let paragraph = TextLayout(String(repeating: "Layers animate on their own thread. ", count: 6), fontSize: 14, wrapWidth: 400)
        let (coreTextParagraph, coreTextBox) = CoreTextFigures.paragraph()
        let labels = (0..<1000).map { CoreTextFigures.label($0) }
        let png = encode(photo, "public.png"), jpeg = encode(photo, "public.jpeg")
        func drawImage(_ quality: CGInterpolationQuality, _ rect: CGRect) -> () -> Void {
            { target.interpolationQuality = quality; target.draw(photo, in: rect) }
        }
        return [
            Benchmark(name: "fill 64×64 rounded rect (AA)") { target.addPath(rounded); target.fillPath() },
            Benchmark(name: "fill 64×64 rect, RGBA context (pixman conversion)") { rgbaTarget.fill(CGRect(x: 10, y: 10, width: 64, height: 64)) },
            Benchmark(name: "stroke 64×64 rounded rect, width 2") { target.addPath(rounded); target.strokePath() },
            Benchmark(name: "draw image 256² at 1:1") { target.draw(photo, in: CGRect(x: 0, y: 0, width: 256, height: 256)) },
            Benchmark(name: "draw image 256² → 512², none (nearest)", body: drawImage(.none, CGRect(x: 0, y: 0, width: 512, height: 512))),
            Benchmark(name: "draw image 256² → 512², default (bilinear)", body: drawImage(.default, CGRect(x: 0, y: 0, width: 512, height: 512))),
            Benchmark(name: "draw image 256² → 512², high (cairo GOOD)", body: drawImage(.high, CGRect(x: 0, y: 0, width: 512, height: 512))),
            Benchmark(name: "draw image 256² → 128², default (bilinear)", body: drawImage(.default, CGRect(x: 0, y: 0, width: 128, height: 128))),
            Benchmark(name: "draw image 256² → 128², high (cairo GOOD)", body: drawImage(.high, CGRect(x: 0, y: 0, width: 128, height: 128))),
            Benchmark(name: "linear gradient 1280×720") {
                target.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 1280, y: 720), options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
            },
            Benchmark(name: "fill 64×64 with shadow, blur 10") {
                target.saveGState()
                target.setShadow(offset: CGSize(width: 4, height: -4), blur: 10)
                target.fill(CGRect(x: 300, y: 300, width: 64, height: 64))
                target.restoreGState()
            },
            Benchmark(name: "text: 6-line paragraph, lay out and draw") { paragraph.draw(in: target, at: CGPoint(x: 20, y: 700)) },
            Benchmark(name: "Core Text: 6-line attributed paragraph, framesetter + CTFrameDraw (target ≤ 0.3 ms)") {
                let framesetter = CTFramesetterCreateWithAttributedString(coreTextParagraph)
                CTFrameDraw(CTFramesetterCreateFrame(framesetter, CFRange(), coreTextBox, nil), target)
            },
            Benchmark(name: "Core Text: 1000 CTLines created and measured (target ≤ 20 ms)") {
                var total = 0.0
                for label in labels { total += CTLineGetTypographicBounds(CTLineCreateWithAttributedString(label), nil, nil, nil) }
                precondition(total > 0)
            },
            Benchmark(name: "PNG encode 256²") { _ = encode(photo, "public.png") },
            Benchmark(name: "PNG decode 256²") { _ = decode(png) },
            Benchmark(name: "JPEG encode 256²") { _ = encode(photo, "public.jpeg") },
            Benchmark(name: "JPEG decode 256²") { _ = decode(jpeg) },
        ]
    }

    /// The Core Text figures' inputs, made once.
    enum CoreTextFigures {
        static let font = CTFontCreateWithName("Helvetica" as CFString, 14, nil)

        /// Six lines of Helvetica 14 in a 400-point frame, one phrase colored, one bold.
        static func paragraph() -> (NSAttributedString, CGPath) {
            let text = NSMutableAttributedString(string: String(repeating: "Layers animate on their own thread. ", count: 6)
                + "Core Text lays out the words.", attributes: [.font: font])
            text.addAttribute(.foregroundColor, value: CGColor(red: 0.8, green: 0.2, blue: 0.1, alpha: 1), range: NSRange(location: 0, length: 6))
            text.addAttribute(.font, value: CTFontCreateWithName("Helvetica-Bold" as CFString, 14, nil), range: NSRange(location: 36, length: 6))
            return (text, CGPath(rect: CGRect(x: 20, y: 500, width: 400, height: 200), transform: nil))
        }

        /// A chart label: short, each one different.
        static func label(_ i: Int) -> NSAttributedString {
            NSAttributedString(string: "Label \(i): \(i * 37 % 1000).\(i % 10) ms", attributes: [.font: font])
        }
    }

    static func encode(_ image: CGImage, _ type: String) -> Data {
        let data = NSMutableData()
        let destination = CGImageDestinationCreateWithData(data, type as CFString, 1, nil)!
        CGImageDestinationAddImage(destination, image, nil)
        _ = CGImageDestinationFinalize(destination)
        return data as Data
    }

    static func decode(_ data: Data) -> CGImage? {
        CGImageSourceCreateWithData(data as CFData, nil).flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }
    }
}
