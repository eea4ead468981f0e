import CoreGraphics

/// Every `CGBlendMode`: a translucent disc drawn with the mode over two overlapping squares.
enum BlendModesScene {
    static func draw(_ c: CGContext) {
        let columns = 7
        for (i, mode) in CGBlendMode.allCases.enumerated() {
            let cell = CGRect(x: 8 + CGFloat(i % columns) * 67, y: 270 - CGFloat(i / columns) * 88, width: 62, height: 82)
            c.saveGState()
            c.beginTransparencyLayer(in: cell, auxiliaryInfo: nil)
            c.setFillColor(Showcase.color(0.2, 0.4, 0.9))
            c.fill(CGRect(x: cell.minX + 4, y: cell.minY + 22, width: 34, height: 34))
            c.setFillColor(Showcase.color(0.95, 0.8, 0.2, 0.8))
            c.fill(CGRect(x: cell.minX + 22, y: cell.minY + 40, width: 34, height: 34))
            c.setBlendMode(mode)
            c.setFillColor(Showcase.color(0.9, 0.2, 0.3, 0.85))
            c.fillEllipse(in: CGRect(x: cell.minX + 14, y: cell.minY + 18, width: 36, height: 36))
            c.setBlendMode(.normal)
            c.endTransparencyLayer()
            c.restoreGState()
            TextLayout("\(mode)", fontSize: 8, color: CGColor(gray: 0.2, alpha: 1)).draw(in: c, at: CGPoint(x: cell.minX, y: cell.minY + 14))
        }
    }
}
