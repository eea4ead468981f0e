import LaminaHost

/// Drag layers around, hover to highlight, click to trigger implicit animations; a live readout
/// names the layer under the pointer.
public final class InteractionDemo: DemoView {
    private let readout = TextLayer(TextLayout("", fontSize: 14, color: CGColor(gray: 0.2, alpha: 1)))
    private var dragged: CALayer?
    private var grab = CGPoint.zero
    private weak var hovered: CALayer?

    public override init() {
        super.init()
        layer.backgroundColor = Self.color(0.96, 0.96, 0.98)
        for i in 0..<5 {
            let chip = CALayer()
            chip.name = "chip \(i + 1)"
            chip.frame = CGRect(x: 60 + CGFloat(i) * 110, y: 180 + CGFloat(i % 2) * 60, width: 90, height: 90)
            chip.backgroundColor = Self.color(0.2 + 0.15 * CGFloat(i), 0.5, 0.85 - 0.12 * CGFloat(i))
            chip.cornerRadius = 16
            chip.shadowOpacity = 0.25
            chip.shadowRadius = 6
            layer.addSublayer(chip)
        }
        readout.frame = CGRect(x: 20, y: 20, width: 600, height: 22)
        readout.zPosition = 10
        layer.addSublayer(readout)
        show("drag a chip, hover, click")
    }

    private func chip(at point: CGPoint) -> CALayer? {
        guard let hit = layer.hitTest(point), hit !== layer, hit !== readout else { return nil }
        return hit
    }

    private func show(_ text: String) {
        readout.text.string = text
        readout.setNeedsDisplay()
    }

    public override func mouseDown(with event: PointerEvent) {
        guard let chip = chip(at: event.location) else { return }
        dragged = chip
        grab = CGPoint(x: event.location.x - chip.position.x, y: event.location.y - chip.position.y)
        chip.zPosition = 1
        chip.setValue(1.15, forKeyPath: "transform.scale")            // implicitly animated
        show("\(chip.name ?? "?") picked up at (\(Int(event.location.x)), \(Int(event.location.y)))")
    }

    public override func mouseDragged(with event: PointerEvent) {
        guard let chip = dragged else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)                         // follow the pointer exactly
        chip.position = CGPoint(x: event.location.x - grab.x, y: event.location.y - grab.y)
        CATransaction.commit()
    }

    public override func mouseUp(with event: PointerEvent) {
        dragged?.setValue(1, forKeyPath: "transform.scale")
        dragged?.zPosition = 0
        dragged = nil
    }

    public override func mouseMoved(with event: PointerEvent) {
        let chip = chip(at: event.location)
        if chip !== hovered {
            hovered?.borderWidth = 0
            chip?.borderWidth = 4
            chip?.borderColor = Self.color(1, 0.8, 0.2)
            hovered = chip
        }
        show("(\(Int(event.location.x)), \(Int(event.location.y))) → \(chip?.name ?? "background")")
    }
}
