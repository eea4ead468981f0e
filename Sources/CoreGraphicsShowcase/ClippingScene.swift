import CoreGraphics

/// Clipping to a path, to an even-odd ring, to rectangles, and to an image mask.
enum ClippingScene {
    static func stripes(_ c: CGContext, in rect: CGRect) {
        for i in 0..<Int(rect.width / 10 + rect.height / 10) {
            c.setFillColor(i % 2 == 0 ? Showcase.color(0.2, 0.45, 0.85) : Showcase.color(0.95, 0.75, 0.2))
            c.move(to: CGPoint(x: rect.minX + CGFloat(i) * 10, y: rect.minY))
            c.addLine(to: CGPoint(x: rect.minX + CGFloat(i) * 10 + 10, y: rect.minY))
            c.addLine(to: CGPoint(x: rect.minX + CGFloat(i) * 10 + 10 - rect.height, y: rect.maxY))
            c.addLine(to: CGPoint(x: rect.minX + CGFloat(i) * 10 - rect.height, y: rect.maxY))
            c.fillPath()
        }
    }

    static func draw(_ c: CGContext) {
        Showcase.caption("clip to ellipse · even-odd ring · rects · gray image mask", in: c, at: CGPoint(x: 12, y: 350))
        let cells = [CGRect(x: 20, y: 190, width: 200, height: 130), CGRect(x: 260, y: 190, width: 200, height: 130),
                     CGRect(x: 20, y: 30, width: 200, height: 130), CGRect(x: 260, y: 30, width: 200, height: 130)]
        c.saveGState()
        c.addEllipse(in: cells[0])
        c.clip()
        stripes(c, in: cells[0])
        c.restoreGState()

        c.saveGState()
        c.addEllipse(in: cells[1])
        c.addEllipse(in: cells[1].insetBy(dx: 40, dy: 30))
        c.clip(using: .evenOdd)
        stripes(c, in: cells[1])
        c.restoreGState()

        c.saveGState()
        c.clip(to: (0..<4).map { CGRect(x: cells[2].minX + CGFloat($0) * 52, y: cells[2].minY + CGFloat($0) * 20, width: 44, height: 70) })
        stripes(c, in: cells[2])
        c.restoreGState()

        // A horizontal gray ramp as a mask: stripes fade in from left to right.
        var ramp = [UInt8](repeating: 0, count: 64)
        for x in 0..<64 { ramp[x] = UInt8(x * 4) }
        let mask = CGImage(width: 64, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 64,
                           space: CGColorSpaceCreateDeviceGray(), bitmapInfo: [], provider: CGDataProvider(data: Data(ramp) as CFData)!,
                           decode: nil, shouldInterpolate: true, intent: .defaultIntent)!
        c.saveGState()
        c.clip(to: cells[3], mask: mask)
        stripes(c, in: cells[3])
        c.restoreGState()
    }
}
