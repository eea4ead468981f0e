import CoreGraphics

/// Text through Pango: sizes, weights, alignment, wrapping, color and alpha.
enum TextScene {
    static func draw(_ c: CGContext) {
        Showcase.caption("TextLayout on Pango: sizes, weights, alignment, wrapping", in: c, at: CGPoint(x: 12, y: 350))
        TextLayout("Lamina", fontSize: 48, weight: .bold, color: Showcase.color(0.15, 0.30, 0.60)).draw(in: c, at: CGPoint(x: 20, y: 325))
        TextLayout("Core Animation for Linux", fontSize: 20, isItalic: true,
                   color: Showcase.color(0.8, 0.3, 0.2)).draw(in: c, at: CGPoint(x: 24, y: 262))
        let paragraph = "Layers, implicit animations and transactions, composited on the CPU and shown in X11 windows."
        for (i, alignment) in [TextLayout.Alignment.left, .center, .right].enumerated() {
            let box = CGRect(x: 20 + CGFloat(i) * 150, y: 60, width: 140, height: 150)
            c.setStrokeColor(gray: 0.75, alpha: 1)
            c.stroke(box)
            TextLayout(paragraph, fontSize: 13, alignment: alignment).draw(in: c, in: box.insetBy(dx: 6, dy: 6))
        }
        c.setAlpha(0.5)
        TextLayout("alpha 0.5", fontSize: 16, weight: .semibold).draw(in: c, at: CGPoint(x: 20, y: 40))
    }
}
