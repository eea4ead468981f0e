import CoreGraphics

/// Line caps, joins, widths, dashes, and a path stroked into an outline.
enum StrokesScene {
    static func draw(_ c: CGContext) {
        Showcase.caption("caps: butt round square · joins: miter round bevel · dashes · stroked outline", in: c, at: CGPoint(x: 12, y: 350))
        c.setStrokeColor(Showcase.color(0.15, 0.30, 0.60))
        c.setLineWidth(16)
        for (i, cap) in [CGLineCap.butt, .round, .square].enumerated() {
            let y = 300 - CGFloat(i) * 40
            c.setLineCap(cap)
            c.strokeLineSegments(between: [CGPoint(x: 40, y: y), CGPoint(x: 180, y: y)])
        }
        c.setLineCap(.butt)
        for (i, join) in [CGLineJoin.miter, .round, .bevel].enumerated() {
            let x = 230 + CGFloat(i) * 80
            c.setLineJoin(join)
            c.addLines(between: [CGPoint(x: x, y: 220), CGPoint(x: x + 30, y: 300), CGPoint(x: x + 60, y: 220)])
            c.strokePath()
        }

        c.setLineJoin(.miter)
        c.setStrokeColor(Showcase.color(0.80, 0.30, 0.20))
        for (i, dash) in [[12.0, 6.0], [2.0, 6.0], [20.0, 5.0, 5.0, 5.0]].enumerated() {
            let y = 160 - CGFloat(i) * 30
            c.setLineWidth(CGFloat(i + 2))
            c.setLineCap(i == 1 ? .round : .butt)
            c.setLineDash(phase: 0, lengths: dash.map { CGFloat($0) })
            c.strokeLineSegments(between: [CGPoint(x: 40, y: y), CGPoint(x: 220, y: y)])
        }
        c.setLineDash(phase: 0, lengths: [])

        // A curve stroked into an outline, filled and then outlined by a hairline.
        let curve = CGMutablePath()
        curve.move(to: CGPoint(x: 270, y: 60))
        curve.addCurve(to: CGPoint(x: 450, y: 150), control1: CGPoint(x: 320, y: 190), control2: CGPoint(x: 380, y: 0))
        let outline = curve.copy(strokingWithWidth: 18, lineCap: .round, lineJoin: .round, miterLimit: 10)
        c.addPath(outline)
        c.setFillColor(Showcase.color(0.30, 0.70, 0.45, 0.6))
        c.fillPath()
        c.addPath(curve)
        c.setLineWidth(1)
        c.setStrokeColor(Showcase.color(0.1, 0.1, 0.1))
        c.strokePath()
    }
}
