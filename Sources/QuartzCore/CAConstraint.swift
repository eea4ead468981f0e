/// An edge, center or size of a layer's frame that a `CAConstraint` sets or reads (macOS API).
public enum CAConstraintAttribute: Int32, Sendable {
    /// The left edge (raw value 0).
    case minX = 0
    /// The horizontal center (1).
    case midX
    /// The right edge (2).
    case maxX
    /// The width (3).
    case width
    /// The top edge in layer coordinates (4).
    case minY
    /// The vertical center (5).
    case midY
    /// The bottom edge in layer coordinates (6).
    case maxY
    /// The height (7).
    case height

    /// The horizontal attributes (`minX`…`width`), else the vertical ones.
    var isHorizontal: Bool { rawValue < 4 }
    /// Within its axis: 0 min, 1 mid, 2 max, 3 size.
    var slot: Int { Int(rawValue % 4) }

    /// This attribute of `rect`.
    func value(of rect: CGRect) -> CGFloat {
        switch self {
        case .minX: return rect.minX
        case .midX: return rect.midX
        case .maxX: return rect.maxX
        case .width: return rect.width
        case .minY: return rect.minY
        case .midY: return rect.midY
        case .maxY: return rect.maxY
        case .height: return rect.height
        }
    }
}

/// One rule of a constraint layout: `attribute` of the layer = `sourceAttribute` of the layer
/// named `sourceName` (a sibling's `name`, or `"superlayer"` for the superlayer's bounds) ×
/// `scale` + `offset`. A `CAConstraintLayoutManager` on the superlayer applies a layer's
/// `constraints` when it lays out (macOS API).
///
///     label.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
///     label.addConstraint(CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .width, scale: 0.5, offset: 0))
///     container.layoutManager = CAConstraintLayoutManager()
open class CAConstraint: NSObject, @unchecked Sendable {
    /// The attribute of the constrained layer this constraint sets.
    public let attribute: CAConstraintAttribute
    /// The layer read: a sibling's `name`, or `"superlayer"`.
    public let sourceName: String
    /// The attribute of the source layer read.
    public let sourceAttribute: CAConstraintAttribute
    /// Multiplies the source's attribute. 1 in the shorter initializers.
    public let scale: CGFloat
    /// Added after scaling. 0 in the shortest initializer.
    public let offset: CGFloat

    /// `attr` = `srcAttr` of the layer named `srcId` × `m` + `c`.
    public init(attribute attr: CAConstraintAttribute, relativeTo srcId: String, attribute srcAttr: CAConstraintAttribute,
                scale m: CGFloat, offset c: CGFloat) {
        attribute = attr; sourceName = srcId; sourceAttribute = srcAttr; scale = m; offset = c
    }

    /// `attr` = `srcAttr` of the layer named `srcId` + `c`.
    public convenience init(attribute attr: CAConstraintAttribute, relativeTo srcId: String, attribute srcAttr: CAConstraintAttribute,
                            offset c: CGFloat) {
        self.init(attribute: attr, relativeTo: srcId, attribute: srcAttr, scale: 1, offset: c)
    }

    /// `attr` = `srcAttr` of the layer named `srcId`.
    public convenience init(attribute attr: CAConstraintAttribute, relativeTo srcId: String, attribute srcAttr: CAConstraintAttribute) {
        self.init(attribute: attr, relativeTo: srcId, attribute: srcAttr, scale: 1, offset: 0)
    }

    /// The value this constraint gives, read from `source`'s frame (the superlayer's bounds for `"superlayer"`).
    func value(from source: CGRect) -> CGFloat { sourceAttribute.value(of: source) * scale + offset }
}
