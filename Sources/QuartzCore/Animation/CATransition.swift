/// How a transition replaces a layer's look.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The old look fades out as the new one fades in.
    public static let fade = Self(rawValue: "fade")
    /// The new look slides in over the old one.
    public static let moveIn = Self(rawValue: "moveIn")
    /// The new look pushes the old one out.
    public static let push = Self(rawValue: "push")
    /// The old look slides away, revealing the new one.
    public static let reveal = Self(rawValue: "reveal")
}

/// Where a directional transition comes from.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The new content comes in from the right side.
    public static let fromRight = Self(rawValue: "fromRight")
    /// The new content comes in from the left side.
    public static let fromLeft = Self(rawValue: "fromLeft")
    /// The new content comes in from the top.
    public static let fromTop = Self(rawValue: "fromTop")
    /// The new content comes in from the bottom.
    public static let fromBottom = Self(rawValue: "fromBottom")
}

/// The key under which transitions are usually added (`kCATransition`).
public let kCATransition = "transition"

/// An animated change of a layer's whole look. Lamina takes the "before" look when the
/// transition is added (Apple takes the last committed one), so add it before changing the layer.
open class CATransition: CAAnimation {
    /// Defaults to `.fade`.
    open var type = CATransitionType.fade
    /// Defaults to nil (`.fromRight` for the directional types).
    open var subtype: CATransitionSubtype?
    /// Where the transition starts and ends, 0…1. Default 0 and 1.
    open var startProgress: Float = 0
    /// Where in the transition (0 to 1) it ends. Defaults to 1.
    open var endProgress: Float = 1
    /// A filter for the transition; not supported (kept for source compatibility).
    open var filter: Any?

    /// The layer's look when the transition was added.
    var before: LayerSnapshot?

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! CATransition
        copy.type = type; copy.subtype = subtype; copy.startProgress = startProgress; copy.endProgress = endProgress
        copy.filter = filter; copy.before = before
        return copy
    }

    override func apply(to layer: AnimationTarget, model: AnimationTarget, fraction: Double, iteration: Int) {
        guard let before else { return }
        let (start, end) = (Double(min(max(startProgress, 0), 1)), Double(min(max(endProgress, 0), 1)))
        let progress = start + (end - start) * progress(fraction)
        layer.setTransition(TransitionState(before: [before], type: type, subtype: subtype ?? .fromRight, progress: CGFloat(progress)))
    }
}

/// A transition in flight, as the renderer draws it.
struct TransitionState: Sendable {
    let before: [LayerSnapshot]
    let type: CATransitionType
    let subtype: CATransitionSubtype
    let progress: CGFloat

    /// Offsets of the old and new looks (in bounds units) and their alphas.
    func placement(in bounds: CGRect) -> (old: CGPoint, new: CGPoint, oldAlpha: CGFloat, newAlpha: CGFloat) {
        let p = progress
        // The direction the new look travels (y down, as in layers).
        let d: CGPoint
        switch subtype {
        case .fromLeft: d = CGPoint(x: bounds.width, y: 0)
        case .fromTop: d = CGPoint(x: 0, y: bounds.height)
        case .fromBottom: d = CGPoint(x: 0, y: -bounds.height)
        default: d = CGPoint(x: -bounds.width, y: 0)
        }
        func at(_ k: CGFloat) -> CGPoint { CGPoint(x: d.x * k, y: d.y * k) }
        switch type {
        case .moveIn: return (.zero, at(p - 1), 1, 1)
        case .push: return (at(p), at(p - 1), 1, 1)
        case .reveal: return (at(p), .zero, 1, 1)
        default: return (.zero, .zero, 1 - p, p)
        }
    }
}
