import CoreGraphics

/// Axial and radial gradients, with and without extension past their ends.
enum GradientsScene {
    static func draw(_ c: CGContext) {
        Showcase.caption("linear · linear with extension · radial · two-circle radial", in: c, at: CGPoint(x: 12, y: 350))
        let rainbow = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                 colors: [Showcase.color(0.9, 0.2, 0.2), Showcase.color(0.95, 0.8, 0.2),
                                          Showcase.color(0.2, 0.7, 0.4), Showcase.color(0.2, 0.4, 0.9)] as CFArray,
                                 locations: [0, 0.3, 0.6, 1])!
        c.saveGState()
        c.clip(to: CGRect(x: 20, y: 200, width: 200, height: 120))
        c.drawLinearGradient(rainbow, start: CGPoint(x: 60, y: 0), end: CGPoint(x: 180, y: 0), options: [])
        c.restoreGState()

        c.saveGState()
        c.clip(to: CGRect(x: 260, y: 200, width: 200, height: 120))
        c.drawLinearGradient(rainbow, start: CGPoint(x: 300, y: 210), end: CGPoint(x: 420, y: 310),
                             options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        c.restoreGState()

        let glow = CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(),
                              colorComponents: [1, 1, 1, 1, 0.3, 0.5, 0.9, 1, 0.05, 0.1, 0.3, 1],
                              locations: [0, 0.4, 1], count: 3)!
        c.drawRadialGradient(glow, startCenter: CGPoint(x: 120, y: 95), startRadius: 0,
                             endCenter: CGPoint(x: 120, y: 95), endRadius: 80, options: [])
        c.saveGState()
        c.clip(to: CGRect(x: 260, y: 20, width: 200, height: 150))
        c.drawRadialGradient(rainbow, startCenter: CGPoint(x: 320, y: 110), startRadius: 10,
                             endCenter: CGPoint(x: 370, y: 90), endRadius: 70, options: [.drawsAfterEndLocation])
        c.restoreGState()
    }
}
