/// How a layer's frame follows its superlayer's size (macOS API; Lamina has it everywhere, as
/// the layer hierarchy chapter of Apple's guide relies on it). "Min" and "max" are the
/// superlayer's own coordinates: `layerMinYMargin` is the margin at the smaller y.
public struct CAAutoresizingMask: OptionSet, Hashable, Sendable {
    /// The mask as bits (`kCALayerMinXMargin` is 1, … `kCALayerMaxYMargin` 32).
    public let rawValue: UInt32
    /// A mask from bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The margin between the superlayer's min-x edge and the layer's is flexible.
    public static let layerMinXMargin = CAAutoresizingMask(rawValue: 1 << 0)
    /// The layer's width is flexible.
    public static let layerWidthSizable = CAAutoresizingMask(rawValue: 1 << 1)
    /// The margin between the layer's max-x edge and the superlayer's is flexible.
    public static let layerMaxXMargin = CAAutoresizingMask(rawValue: 1 << 2)
    /// The margin between the superlayer's min-y edge and the layer's is flexible.
    public static let layerMinYMargin = CAAutoresizingMask(rawValue: 1 << 3)
    /// The layer's height is flexible.
    public static let layerHeightSizable = CAAutoresizingMask(rawValue: 1 << 4)
    /// The margin between the layer's max-y edge and the superlayer's is flexible.
    public static let layerMaxYMargin = CAAutoresizingMask(rawValue: 1 << 5)
}

/// The layer does not follow its superlayer's size (the default mask).
public let kCALayerNotSizable = CAAutoresizingMask([])
/// See `CAAutoresizingMask.layerMinXMargin`.
public let kCALayerMinXMargin = CAAutoresizingMask.layerMinXMargin
/// See `CAAutoresizingMask.layerWidthSizable`.
public let kCALayerWidthSizable = CAAutoresizingMask.layerWidthSizable
/// See `CAAutoresizingMask.layerMaxXMargin`.
public let kCALayerMaxXMargin = CAAutoresizingMask.layerMaxXMargin
/// See `CAAutoresizingMask.layerMinYMargin`.
public let kCALayerMinYMargin = CAAutoresizingMask.layerMinYMargin
/// See `CAAutoresizingMask.layerHeightSizable`.
public let kCALayerHeightSizable = CAAutoresizingMask.layerHeightSizable
/// See `CAAutoresizingMask.layerMaxYMargin`.
public let kCALayerMaxYMargin = CAAutoresizingMask.layerMaxYMargin

extension CALayer {
    /// `resize(withOldSuperlayerSize:)`'s default (the rule is written there).
    func defaultResize(withOldSuperlayerSize size: CGSize) {
        guard let superlayerStorage, !autoresizingMask.isEmpty else { return }
        let new = superlayerStorage.bounds.size
        var frame = self.frame
        let x = Self.autoresize(min: frame.minX, length: frame.width, by: new.width - size.width,
                                flexible: (autoresizingMask.contains(.layerMinXMargin), autoresizingMask.contains(.layerWidthSizable),
                                           autoresizingMask.contains(.layerMaxXMargin)))
        let y = Self.autoresize(min: frame.minY, length: frame.height, by: new.height - size.height,
                                flexible: (autoresizingMask.contains(.layerMinYMargin), autoresizingMask.contains(.layerHeightSizable),
                                           autoresizingMask.contains(.layerMaxYMargin)))
        if let x { (frame.origin.x, frame.size.width) = x }
        if let y { (frame.origin.y, frame.size.height) = y }
        if x != nil || y != nil { self.frame = frame }
    }

    /// One axis: the new (min, length) after the superlayer's length changed by `delta`, or nil
    /// when nothing on the axis is flexible (or nothing changed).
    static func autoresize(min: CGFloat, length: CGFloat, by delta: CGFloat,
                           flexible: (minMargin: Bool, size: Bool, maxMargin: Bool)) -> (CGFloat, CGFloat)? {
        let margins = (flexible.minMargin ? 1 : 0) + (flexible.maxMargin ? 1 : 0)
        guard delta != 0, margins > 0 || flexible.size else { return nil }
        let grow = flexible.size ? (margins > 0 ? delta / 3 : delta) : 0
        let share = margins > 0 ? (delta - grow) / CGFloat(margins) : 0
        let low = whole(min + (flexible.minMargin ? share : 0), .down)
        let high = whole(min + length + delta - (flexible.maxMargin ? share : 0), .up)
        return (low, Swift.max(high - low, 0))
    }

    /// `value` rounded `rule`, except that a value a rounding error away from a whole number is
    /// that number (a third of 300 added back must not round 160.00000000000003 up to 161).
    private static func whole(_ value: CGFloat, _ rule: FloatingPointRoundingRule) -> CGFloat {
        let nearest = value.rounded()
        return abs(value - nearest) < 1e-9 ? nearest : value.rounded(rule)
    }
}
