import LaminaHost
import AppKit

/// A small screen written as a Mac developer writes one, with AppKit's layer-backed views (y up
/// from the bottom left): a layer-hosting view of the app's own layers, a view whose
/// `makeBackingLayer()` gives a gradient, a view that gives its layer an `NSImage` in
/// `updateLayer()`, a view that draws paths and text in `draw(_:)`, and a dot pulsing through
/// `NSAnimationContext` and `animator()`.
public final class AppKitDemo: DemoView {
    private let board = DemoBoardView(frame: NSRect(x: 0, y: 0, width: 640, height: 480))

    public override init() {
        super.init()
        board.wantsLayer = true
        layer = board.layer!
        board.pulse()
    }

    public override func layout() {
        board.frame = NSRect(origin: .zero, size: bounds.size)
    }
}

/// The board: its panels placed in `layout()`, y up, from the bottom left.
final class DemoBoardView: NSView {
    private let hosting = NSView()
    private let gradient = GradientPanelView()
    private let picture = PicturePanelView()
    private let drawing = DrawnPanelView()
    private let dot = NSView()

    override init(frame frameRect: NSRect) {
        super.init(frame: frameRect)
        // Layer-hosting: the app's layer, assigned before `wantsLayer`.
        let hosted = CALayer()
        hosted.backgroundColor = NSColor(calibratedRed: 0.12, green: 0.16, blue: 0.22, alpha: 1).cgColor
        hosted.cornerRadius = 16
        for (i, color) in [NSColor.systemRed, .systemOrange, .systemYellow, .systemGreen, .systemBlue].enumerated() {
            let bar = CALayer()
            bar.backgroundColor = color.cgColor
            bar.cornerRadius = 4
            bar.frame = CGRect(x: 20 + CGFloat(i) * 44, y: 20, width: 30, height: 30 + CGFloat(i) * 24)   // rising from the bottom
            hosted.addSublayer(bar)
        }
        hosting.layer = hosted
        hosting.wantsLayer = true
        for view in [hosting, gradient, picture, drawing, dot] { addSubview(view) }
        dot.wantsLayer = true
        dot.layer?.backgroundColor = NSColor.systemPink.cgColor
        dot.layer?.cornerRadius = 14
        needsLayout = true
    }

    required init?(coder: NSCoder) { nil }

    override func draw(_ dirtyRect: NSRect) {
        NSColor.windowBackgroundColor.setFill()
        bounds.fill()
    }

    override func layout() {
        let w = bounds.width, h = bounds.height
        let half = (w - 60) / 2, rowHeight = (h - 60) / 2
        hosting.frame = NSRect(x: 20, y: 20, width: half, height: rowHeight)                       // bottom left
        gradient.frame = NSRect(x: 40 + half, y: 20, width: half, height: rowHeight)               // bottom right
        picture.frame = NSRect(x: 20, y: 40 + rowHeight, width: half, height: rowHeight)           // top left
        drawing.frame = NSRect(x: 40 + half, y: 40 + rowHeight, width: half, height: rowHeight)    // top right
        dot.frame = NSRect(x: w / 2 - 14, y: h / 2 - 14, width: 28, height: 28)
    }

    /// Fades the dot out and in forever, each way an animation group.
    func pulse(to alpha: CGFloat = 0.2) {
        NSAnimationContext.runAnimationGroup({ context in
            context.duration = 0.8
            context.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            dot.animator().alphaValue = alpha
        }, completionHandler: { [weak self] in
            DispatchQueue.main.async { MainActor.assumeIsolated { self?.pulse(to: alpha < 1 ? 1 : 0.2) } }
        })
    }
}

/// A view whose backing layer is a gradient (`makeBackingLayer()`).
final class GradientPanelView: NSView {
    override func makeBackingLayer() -> CALayer {
        let layer = CAGradientLayer()
        layer.colors = [NSColor.systemIndigo.cgColor, NSColor.systemTeal.cgColor]
        layer.startPoint = CGPoint(x: 0, y: 0.5)
        layer.endPoint = CGPoint(x: 1, y: 0.5)
        layer.cornerRadius = 16
        return layer
    }

    override init(frame frameRect: NSRect) {
        super.init(frame: frameRect)
        wantsLayer = true
    }

    required init?(coder: NSCoder) { nil }
}

/// A view that updates its layer instead of drawing: an `NSImage` drawn once by a handler.
final class PicturePanelView: NSView {
    private static let sun = NSImage(size: NSSize(width: 120, height: 90), flipped: false) { rect in
        NSColor(calibratedRed: 0.55, green: 0.78, blue: 0.95, alpha: 1).setFill()
        rect.fill()
        NSColor.systemYellow.setFill()
        NSBezierPath(ovalIn: NSRect(x: 70, y: 50, width: 30, height: 30)).fill()              // the sun high up
        NSColor(calibratedRed: 0.3, green: 0.6, blue: 0.3, alpha: 1).setFill()
        NSBezierPath(rect: NSRect(x: 0, y: 0, width: rect.width, height: 25)).fill()         // the ground at the bottom
        return true
    }

    override init(frame frameRect: NSRect) {
        super.init(frame: frameRect)
        wantsLayer = true
        layerContentsPlacement = .scaleProportionallyToFill
    }

    required init?(coder: NSCoder) { nil }

    override var wantsUpdateLayer: Bool { true }

    override func updateLayer() {
        layer?.contents = PicturePanelView.sun
        layer?.cornerRadius = 16
        layer?.masksToBounds = true
    }
}

/// A view that draws: a rounded card, a path, and a title drawn at a point near its bottom.
final class DrawnPanelView: NSView {
    override func draw(_ dirtyRect: NSRect) {
        NSColor.white.setFill()
        NSBezierPath(roundedRect: bounds, xRadius: 16, yRadius: 16).fill()
        let wave = NSBezierPath()
        wave.move(to: NSPoint(x: 20, y: bounds.midY))
        wave.curve(to: NSPoint(x: bounds.maxX - 20, y: bounds.midY), controlPoint1: NSPoint(x: bounds.midX, y: bounds.maxY - 20),
                   controlPoint2: NSPoint(x: bounds.midX, y: 20))
        wave.lineWidth = 6
        wave.lineCapStyle = .round
        NSColor.systemPurple.setStroke()
        wave.stroke()
        ("Drawn in draw(_:)" as NSString).draw(at: NSPoint(x: 20, y: 16), withAttributes: [
            .font: NSFont.boldSystemFont(ofSize: 18), .foregroundColor: NSColor.labelColor,
        ])
    }
}
