import CoreGraphics

/// Shadows: hard and blurred, colored, on strokes, and on a whole transparency layer.
enum ShadowsScene {
    static func draw(_ c: CGContext) {
        Showcase.caption("hard · blurred · colored · stroke · transparency layer (one shadow)", in: c, at: CGPoint(x: 12, y: 350))
        c.saveGState()
        c.setShadow(offset: CGSize(width: 8, height: -8), blur: 0)
        c.setFillColor(Showcase.color(0.2, 0.45, 0.85))
        c.fill(CGRect(x: 30, y: 200, width: 110, height: 100))
        c.setShadow(offset: CGSize(width: 6, height: -10), blur: 12)
        c.fillEllipse(in: CGRect(x: 180, y: 200, width: 110, height: 100))
        c.setShadow(offset: .zero, blur: 16, color: Showcase.color(0.95, 0.3, 0.2, 0.9))
        c.setFillColor(gray: 1, alpha: 1)
        c.addPath(CGPath(roundedRect: CGRect(x: 330, y: 200, width: 110, height: 100), cornerWidth: 18, cornerHeight: 18, transform: nil))
        c.fillPath()
        c.setShadow(offset: CGSize(width: 4, height: -4), blur: 4)
        c.setStrokeColor(Showcase.color(0.25, 0.65, 0.4))
        c.setLineWidth(8)
        c.setLineCap(.round)
        c.strokeLineSegments(between: [CGPoint(x: 40, y: 60), CGPoint(x: 180, y: 150)])
        c.restoreGState()

        // Overlapping shapes in a layer cast one shadow together.
        c.saveGState()
        c.setShadow(offset: CGSize(width: 10, height: -10), blur: 8)
        c.setAlpha(0.8)
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        c.setFillColor(Showcase.color(0.9, 0.6, 0.1))
        c.fillEllipse(in: CGRect(x: 250, y: 40, width: 100, height: 100))
        c.setFillColor(Showcase.color(0.6, 0.2, 0.7))
        c.fillEllipse(in: CGRect(x: 310, y: 40, width: 100, height: 100))
        c.endTransparencyLayer()
        c.restoreGState()
    }
}
