import LaminaHost

/// The interaction lab: cards in a tray to drag (and fling), hover to highlight, pinch
/// (Ctrl+scroll) and rotate (Shift+drag), double-click to reset — with the hit-test chain under
/// the pointer shown live, from the layer hit up to the root. Built on the gesture recognizers.
public final class InteractionLabDemo: DemoView {
    private let readout = TextLayer(TextLayout("", fontSize: 14, color: CGColor(gray: 0.2, alpha: 1)))
    private let gestureReadout = TextLayer(TextLayout("", fontSize: 13, color: CGColor(gray: 0.4, alpha: 1)))
    private let tray = CALayer()
    private var cards: [CALayer] = []
    private weak var hovered: CALayer?
    /// Where the dragged card's center was when the pan began.
    private var panStart: CGPoint = .zero
    /// The card's transform when a pinch or rotation began.
    private var gestureStartTransform = CATransform3DIdentity

    public override init() {
        super.init()
        layer.name = "root"
        layer.backgroundColor = Self.color(0.94, 0.95, 0.97)
        tray.name = "tray"
        tray.frame = CGRect(x: 30, y: 90, width: 580, height: 360)
        tray.backgroundColor = Self.color(0.86, 0.88, 0.92)
        tray.cornerRadius = 18
        layer.addSublayer(tray)
        for i in 0..<4 {
            let card = CALayer()
            card.name = "card \(i + 1)"
            card.frame = CGRect(x: 30 + CGFloat(i) * 135, y: 110 + CGFloat(i % 2) * 40, width: 110, height: 130)
            card.backgroundColor = Self.color(0.25 + 0.17 * CGFloat(i), 0.45, 0.85 - 0.15 * CGFloat(i))
            card.cornerRadius = 14
            card.shadowOpacity = 0.3
            card.shadowRadius = 8
            card.shadowOffset = CGSize(width: 0, height: 4)
            let dot = CALayer()
            dot.name = "dot \(i + 1)"
            dot.frame = CGRect(x: 35, y: 45, width: 40, height: 40)
            dot.cornerRadius = 20
            dot.backgroundColor = Self.color(1, 1, 1, 0.85)
            card.addSublayer(dot)
            tray.addSublayer(card)
            cards.append(card)
        }
        readout.frame = CGRect(x: 20, y: 18, width: 600, height: 22)
        gestureReadout.frame = CGRect(x: 20, y: 46, width: 600, height: 20)
        layer.addSublayer(readout)
        layer.addSublayer(gestureReadout)
        show(chain: "move over the cards", gesture: "drag · Ctrl+scroll to pinch · Shift+drag to rotate · double-click to reset")
        addGestureRecognizers()
    }

    /// The card a layer belongs to (itself, or the card holding its dot).
    private func card(of layer: CALayer?) -> CALayer? {
        var layer = layer
        while let current = layer {
            if cards.contains(where: { $0 === current }) { return current }
            layer = current.superlayer
        }
        return nil
    }

    private func show(chain: String? = nil, gesture: String? = nil) {
        if let chain { readout.text.string = chain; readout.setNeedsDisplay() }
        if let gesture { gestureReadout.text.string = gesture; gestureReadout.setNeedsDisplay() }
    }

    private func addGestureRecognizers() {
        addGestureRecognizer(PanGestureRecognizer { [unowned self] recognizer in
            let pan = recognizer as! PanGestureRecognizer
            guard let card = card(of: pan.layer) else { return }
            switch pan.state {
            case .began:
                panStart = card.position
                card.zPosition = 1
                cursor = .closedHand
                fallthrough
            case .changed:
                CATransaction.begin()
                CATransaction.setDisableActions(true)                   // follow the pointer exactly
                card.position = CGPoint(x: panStart.x + pan.translation.x, y: panStart.y + pan.translation.y)
                CATransaction.commit()
                show(gesture: String(format: "pan %@: velocity %.0f, %.0f points/s", card.name ?? "", pan.velocity.x, pan.velocity.y))
            case .ended, .cancelled:
                // A fling: the card carries on for 0.3 s at the release velocity (at most 1500
                // points/s), slowing down.
                let speed = max(hypot(pan.velocity.x, pan.velocity.y), 1)
                let kept = min(speed, 1500) / speed
                let velocity = CGPoint(x: pan.velocity.x * kept, y: pan.velocity.y * kept)
                CATransaction.begin()
                CATransaction.setAnimationDuration(0.3)
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeOut))
                card.position = CGPoint(x: card.position.x + velocity.x * 0.15, y: card.position.y + velocity.y * 0.15)
                CATransaction.commit()
                card.zPosition = 0
                cursor = .arrow
            default: break
            }
        })
        addGestureRecognizer(PinchGestureRecognizer { [unowned self] recognizer in
            let pinch = recognizer as! PinchGestureRecognizer
            guard let card = card(of: pinch.layer) else { return }
            if pinch.state == .began { gestureStartTransform = card.transform }
            card.transform = CATransform3DScale(gestureStartTransform, pinch.scale, pinch.scale, 1)
            show(gesture: String(format: "pinch %@: scale %.2f (%@)", card.name ?? "", pinch.scale, "\(pinch.state)"))
        })
        addGestureRecognizer(RotationGestureRecognizer { [unowned self] recognizer in
            let rotation = recognizer as! RotationGestureRecognizer
            guard let card = card(of: rotation.layer) else { return }
            if rotation.state == .began { gestureStartTransform = card.transform }
            CATransaction.begin()
            CATransaction.setDisableActions(rotation.state != .ended)
            card.transform = CATransform3DRotate(gestureStartTransform, rotation.rotation, 0, 0, 1)
            CATransaction.commit()
            show(gesture: String(format: "rotate %@: %.0f° (%@)", card.name ?? "", rotation.rotation * 180 / .pi, "\(rotation.state)"))
        })
        let reset = TapGestureRecognizer { [unowned self] recognizer in
            guard let card = card(of: recognizer.layer) else { return }
            card.transform = CATransform3DIdentity                      // implicitly animated back
            show(gesture: "double tap \(card.name ?? ""): reset")
        }
        reset.numberOfTapsRequired = 2
        addGestureRecognizer(reset)
    }

    public override func mouseMoved(with event: PointerEvent) {
        let hit = layer.hitTest(event.location)
        let card = card(of: hit)
        if card !== hovered {
            hovered?.borderWidth = 0
            card?.borderWidth = 4
            card?.borderColor = Self.color(1, 0.8, 0.2)
            hovered = card
        }
        var chain: [String] = [], current = hit
        while let layer = current { chain.append(layer.name ?? "layer"); current = layer.superlayer }
        show(chain: "(\(Int(event.location.x)), \(Int(event.location.y))): " + chain.joined(separator: " ← "))
    }

    public override func cursor(at location: CGPoint) -> Cursor {
        cursor == .closedHand ? .closedHand : (card(of: layer.hitTest(location)) != nil ? .openHand : .arrow)
    }
}
