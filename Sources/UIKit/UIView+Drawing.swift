import QuartzCore

/// How a view's layer gets its content: the layer made from `layerClass`, whether a class draws
/// (found once per class), and the display pass over a tree. (The open drawing API, `draw(_:)`
/// and `setNeedsDisplay`, is in `UIView.swift`.)
@MainActor
extension UIView {
    /// Draws every layer of the tree that is marked for display.
    static func displayTree(_ layer: CALayer) {
        layer.displayIfNeeded()
        for sublayer in layer.sublayers ?? [] { displayTree(sublayer) }
        if let mask = layer.mask { displayTree(mask) }
    }

    /// Whether views of `view`'s class draw: whether its `draw(_:)` is its own (found once per
    /// class, by calling it into a throwaway context: the base implementation marks the view).
    static func probeDrawing(_ view: UIView) -> Bool {
        let key = ObjectIdentifier(type(of: view))
        if let known = drawingClasses[key] { return known }
        view.baseDrawRan = false
        if let context = makeDrawingContext(size: CGSize(width: 1, height: 1), scale: 1) {
            UIGraphicsPushContext(context)
            view.draw(CGRect(x: 0, y: 0, width: 1, height: 1))
            UIGraphicsPopContext()
        }
        let draws = !view.baseDrawRan
        drawingClasses[key] = draws
        return draws
    }

    /// The classes probed so far: whether each draws.
    static var drawingClasses: [ObjectIdentifier: Bool] = [:]
}

/// The view's layer, of `layerClass` (a `CALayer` when the class is not a layer class). The one
/// place UIKit makes a layer from a metatype.
func makeBackingLayer(of layerClass: AnyClass) -> CALayer {
    guard let type = layerClass as? CALayer.Type else {
        CGDiagnostics.log("UIView.layerClass", "\(layerClass) is not a CALayer subclass; made a CALayer.")
        return CALayer()
    }
    // Through the class's own init() (Swift cannot call it on a class value: see CALayer+Making).
    return CALayer.makeLayer(ofClass: type)
}
