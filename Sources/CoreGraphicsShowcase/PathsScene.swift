import CoreGraphics

/// Rectangles, ellipses, rounded rectangles, arcs, curves, and the two fill rules.
enum PathsScene {
    static func draw(_ c: CGContext) {
        Showcase.caption("rect · ellipse · rounded rect · arcs · curves · winding vs even-odd", in: c, at: CGPoint(x: 12, y: 350))
        c.setFillColor(Showcase.color(0.20, 0.45, 0.85))
        c.fill(CGRect(x: 20, y: 220, width: 100, height: 90))
        c.setFillColor(Showcase.color(0.90, 0.35, 0.25))
        c.fillEllipse(in: CGRect(x: 140, y: 220, width: 120, height: 90))
        c.setFillColor(Showcase.color(0.25, 0.70, 0.40))
        c.addPath(CGPath(roundedRect: CGRect(x: 280, y: 220, width: 180, height: 90), cornerWidth: 24, cornerHeight: 24, transform: nil))
        c.fillPath()

        // Pie slices from arcs.
        let center = CGPoint(x: 80, y: 110)
        for (i, color) in [Showcase.color(0.95, 0.75, 0.20), Showcase.color(0.55, 0.30, 0.80), Showcase.color(0.20, 0.65, 0.75)].enumerated() {
            let start = CGFloat(i) * 2 * .pi / 3
            c.move(to: center)
            c.addArc(center: center, radius: 60, startAngle: start, endAngle: start + 2 * .pi / 3 - 0.08, clockwise: false)
            c.closePath()
            c.setFillColor(color)
            c.fillPath()
        }

        // Curves.
        c.setStrokeColor(Showcase.color(0.15, 0.15, 0.20))
        c.setLineWidth(3)
        c.move(to: CGPoint(x: 160, y: 60))
        c.addCurve(to: CGPoint(x: 300, y: 60), control1: CGPoint(x: 190, y: 190), control2: CGPoint(x: 270, y: -40))
        c.addQuadCurve(to: CGPoint(x: 300, y: 170), control: CGPoint(x: 380, y: 110))
        c.strokePath()

        // A five-pointed star: winding fills the middle, even-odd leaves it empty.
        for (i, rule) in [CGPathFillRule.winding, .evenOdd].enumerated() {
            let star = CGMutablePath()
            let middle = CGPoint(x: 360 + CGFloat(i) * 70, y: 110)
            let points = (0..<5).map { k -> CGPoint in
                let angle = CGFloat.pi / 2 + CGFloat(k) * 4 * .pi / 5
                return CGPoint(x: middle.x + 32 * cos(angle), y: middle.y + 32 * sin(angle))
            }
            star.addLines(between: points)
            star.closeSubpath()
            c.addPath(star)
            c.setFillColor(Showcase.color(0.85, 0.20, 0.45))
            c.fillPath(using: rule)
        }
    }
}
