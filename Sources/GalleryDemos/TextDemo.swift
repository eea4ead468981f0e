import CoreText
import LaminaHost

/// Text drawn the way Apple apps draw it inside `draw(in:)`: Core Text lines for a gauge's
/// labels and badges, a framesetter paragraph after the iOS flip, truncation, and right-to-left
/// and Devanagari labels.
public final class TextDemo: DemoView {
    public override init() {
        super.init()
        layer.backgroundColor = Self.color(0.96, 0.96, 0.98)
        let gauge = GaugeLayer()
        gauge.frame = CGRect(x: 20, y: 20, width: 290, height: 290)
        gauge.contentsScale = 2
        gauge.value = 0.72
        gauge.setNeedsDisplay()
        layer.addSublayer(gauge)

        let card = ArticleLayer()
        card.frame = CGRect(x: 330, y: 20, width: 290, height: 290)
        card.contentsScale = 2
        card.setNeedsDisplay()
        layer.addSublayer(card)

        let badges = BadgesLayer()
        badges.frame = CGRect(x: 20, y: 340, width: 600, height: 110)
        badges.contentsScale = 2
        badges.setNeedsDisplay()
        layer.addSublayer(badges)
    }
}

/// A line of text in a font and color.
private func line(_ string: String, _ font: CTFont, _ color: CGColor) -> CTLine {
    CTLineCreateWithAttributedString(NSAttributedString(string: string, attributes: [.font: font, .foregroundColor: color]))
}

/// Draws a line centered on `center` in a layer's y-down context: the text matrix flips the
/// glyphs upright, as iOS code does for `CTLineDraw` without flipping the whole context.
private func drawCentered(_ line: CTLine, at center: CGPoint, in ctx: CGContext) {
    var ascent: CGFloat = 0, descent: CGFloat = 0
    let width = CGFloat(CTLineGetTypographicBounds(line, &ascent, &descent, nil))
    ctx.textMatrix = CGAffineTransform(scaleX: 1, y: -1)
    ctx.textPosition = CGPoint(x: center.x - width / 2, y: center.y + (ascent - descent) / 2)
    CTLineDraw(line, ctx)
}

/// A dial with tick labels and the value in its middle.
final class GaugeLayer: CALayer {
    /// The reading, 0…1.
    var value: CGFloat = 0.5

    override init() { super.init() }
    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? GaugeLayer { value = other.value }
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func draw(in ctx: CGContext) {
        let center = CGPoint(x: bounds.midX, y: bounds.midY + 10)
        let radius = min(bounds.width, bounds.height) / 2 - 30
        let start = CGFloat.pi * 0.75, sweep = CGFloat.pi * 1.5
        ctx.setLineCap(.round)
        ctx.setLineWidth(14)
        ctx.setStrokeColor(gray: 0.85, alpha: 1)
        ctx.addArc(center: center, radius: radius, startAngle: start, endAngle: start + sweep, clockwise: false)
        ctx.strokePath()
        ctx.setStrokeColor(red: 0.2, green: 0.45, blue: 0.85, alpha: 1)
        ctx.addArc(center: center, radius: radius, startAngle: start, endAngle: start + sweep * value, clockwise: false)
        ctx.strokePath()
        let small = CTFontCreateWithName("Helvetica" as CFString, 12, nil)
        for step in 0...10 {
            let angle = start + sweep * CGFloat(step) / 10
            let at = CGPoint(x: center.x + cos(angle) * (radius - 24), y: center.y + sin(angle) * (radius - 24))
            drawCentered(line("\(step * 10)", small, CGColor(gray: 0.4, alpha: 1)), at: at, in: ctx)
        }
        let big = CTFontCreateWithName("HelveticaNeue-Bold" as CFString, 44, nil)
        drawCentered(line("\(Int((value * 100).rounded())) %", big, CGColor(gray: 0.15, alpha: 1)), at: center, in: ctx)
        drawCentered(line("CPU", CTFontCreateWithName("Menlo" as CFString, 14, nil), CGColor(gray: 0.45, alpha: 1)),
                     at: CGPoint(x: center.x, y: center.y + 42), in: ctx)
    }
}

/// A card with a truncated title and a paragraph laid out by a framesetter, after the iOS flip.
final class ArticleLayer: CALayer {
    override func draw(in ctx: CGContext) {
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.addPath(CGPath(roundedRect: bounds, cornerWidth: 14, cornerHeight: 14, transform: nil))
        ctx.fillPath()
        let title = line("Core Text on Linux, through Pango and HarfBuzz", CTFontCreateWithName("Helvetica-Bold" as CFString, 20, nil),
                         CGColor(gray: 0.1, alpha: 1))
        let token = line("\u{2026}", CTFontCreateWithName("Helvetica-Bold" as CFString, 20, nil), CGColor(gray: 0.1, alpha: 1))
        ctx.textMatrix = CGAffineTransform(scaleX: 1, y: -1)
        ctx.textPosition = CGPoint(x: 16, y: 36)
        if let truncated = CTLineCreateTruncatedLine(title, Double(bounds.width - 32), .end, token) { CTLineDraw(truncated, ctx) }
        // The iOS idiom: flip the context back to y up, then draw a frame.
        ctx.saveGState()
        ctx.textMatrix = .identity
        ctx.translateBy(x: 0, y: bounds.height)
        ctx.scaleBy(x: 1, y: -1)
        let body = NSMutableAttributedString(
            string: "Labels in charts, badges and gauges are drawn in draw(in:) with Core Text. Lines break at words, "
                + "fonts fall back per script, and the same code runs unchanged on iOS.",
            attributes: [.font: CTFontCreateWithName("Helvetica" as CFString, 15, nil), .foregroundColor: CGColor(gray: 0.25, alpha: 1)])
        body.addAttribute(.foregroundColor, value: CGColor(red: 0.2, green: 0.45, blue: 0.85, alpha: 1),
                          range: (body.string as NSString).range(of: "Core Text"))
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(body), CFRange(),
                                             CGPath(rect: CGRect(x: 16, y: 16, width: bounds.width - 32, height: bounds.height - 70), transform: nil), nil)
        CTFrameDraw(frame, ctx)
        ctx.restoreGState()
    }
}

/// Rounded badges sized to their text: Latin, Arabic and Devanagari.
final class BadgesLayer: CALayer {
    override func draw(in ctx: CGContext) {
        let font = CTFontCreateWithName(".SFUI-Semibold" as CFString, 16, nil)
        var x: CGFloat = 0
        let colors = [CGColor(red: 0.85, green: 0.3, blue: 0.25, alpha: 1), CGColor(red: 0.2, green: 0.6, blue: 0.4, alpha: 1),
                      CGColor(red: 0.2, green: 0.45, blue: 0.85, alpha: 1), CGColor(red: 0.55, green: 0.35, blue: 0.75, alpha: 1)]
        for (i, text) in ["New", "مرحبا", "नमस्ते", "99+ messages"].enumerated() {
            let badge = line(text, font, .white)
            let width = CGFloat(CTLineGetTypographicBounds(badge, nil, nil, nil)) + 28
            let rect = CGRect(x: x, y: 30, width: width, height: 36)
            ctx.setFillColor(colors[i])
            ctx.addPath(CGPath(roundedRect: rect, cornerWidth: 18, cornerHeight: 18, transform: nil))
            ctx.fillPath()
            drawCentered(badge, at: CGPoint(x: rect.midX, y: rect.midY), in: ctx)
            x += width + 16
        }
    }
}
