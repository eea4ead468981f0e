/// The axes along which a `CAScrollLayer` may scroll.
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// It does not scroll.
    public static let none = Self(rawValue: "none")
    /// Only up and down.
    public static let vertically = Self(rawValue: "vertically")
    /// Only left and right.
    public static let horizontally = Self(rawValue: "horizontally")
    /// Along both axes.
    public static let both = Self(rawValue: "both")
}

/// A layer that shows part of content larger than itself: scrolling moves its bounds' origin,
/// so its sublayers move the other way under its clip. It draws no scrollers and handles no
/// events.
///
/// A scroll layer clips its sublayers: `masksToBounds` defaults to true. In windows the clip is
/// a rectangle on the compositor's items (no offscreen pass), and rows that stay the same are
/// placed again without being drawn, so scrolling draws only the rows it brings into view.
open class CAScrollLayer: CALayer {
    /// The axes it may scroll along. Defaults to `.both`.
    open var scrollMode = CAScrollLayerScrollMode.both {
        didSet { didChange("scrollMode", from: oldValue) }
    }

    public override init() {
        super.init()
        masksToBounds = true
    }

    public override init(layer: Any) {
        super.init(layer: layer)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        masksToBounds = true
    }

    /// Moves the bounds' origin to `p`, along the axes `scrollMode` allows.
    open func scroll(to p: CGPoint) {
        guard p.x.isFinite, p.y.isFinite else {
            CGDiagnostics.log("CAScrollLayer.scroll(to:)", "\(p) is not finite; not scrolled.")
            return
        }
        var origin = bounds.origin
        if scrollMode == .both || scrollMode == .horizontally { origin.x = p.x }
        if scrollMode == .both || scrollMode == .vertically { origin.y = p.y }
        guard origin != bounds.origin else { return }
        bounds.origin = origin
    }

    /// Scrolls as little as makes `r` visible: along each axis, a rectangle larger than the
    /// layer scrolls to its own origin; one already inside stays where it is.
    open func scroll(to r: CGRect) {
        guard r.isFiniteRect, !r.isNull else {
            CGDiagnostics.log("CAScrollLayer.scroll(to:)", "\(r) is not a finite rectangle; not scrolled.")
            return
        }
        let r = r.standardized, visible = bounds
        func axis(_ min: CGFloat, _ length: CGFloat, _ shown: CGFloat, _ shownLength: CGFloat) -> CGFloat {
            if length > shownLength || min < shown { return min }
            if min + length > shown + shownLength { return min + length - shownLength }
            return shown
        }
        scroll(to: CGPoint(x: axis(r.minX, r.width, visible.minX, visible.width),
                           y: axis(r.minY, r.height, visible.minY, visible.height)))
    }

    /// CALayer's rows and this class's, merged once: the table is read for every key-value
    /// access, every animated value and every presentation copy.
    nonisolated(unsafe) private static let propertyTable: [String: LayerProperty] =
        CALayer.keyValueProperties.merging(["scrollMode": .name(\CAScrollLayer.scrollMode)]) { $1 }

    open override class var keyValueProperties: [String: LayerProperty] { propertyTable }
}

extension CALayer {
    /// The nearest `CAScrollLayer` above this layer (not the layer itself).
    private var enclosingScrollLayer: CAScrollLayer? {
        var current = superlayerStorage
        while let layer = current {
            if let scroll = layer as? CAScrollLayer { return scroll }
            current = layer.superlayerStorage
        }
        return nil
    }

    /// `scroll`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultScroll(_ p: CGPoint) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(to: convert(p, to: scroller))
    }

    /// `scrollRectToVisible`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultScrollRectToVisible(_ r: CGRect) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(to: convert(r, to: scroller))
    }

    /// `visibleRect`'s behaviour (the open member is declared in `CALayer.swift`).
    var defaultVisibleRect: CGRect {
        guard let scroller = enclosingScrollLayer else { return bounds }
        return scroller.convert(scroller.bounds, to: self).intersection(bounds)
    }
}
