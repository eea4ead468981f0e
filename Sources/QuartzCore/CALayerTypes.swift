/// How a layer's contents are positioned or scaled within its bounds. Defaults to `.resize`.
/// Vertical names follow Core Animation's y-up convention: in iOS's y-down layers (and Lamina's)
/// `.top` places contents at the larger y of the layer's geometry, which is the visual bottom
/// where `contentsAreFlipped()` is true, exactly as on iOS; where it is false (an odd number of
/// flipped geometries, the layer's own among them) the names match what is seen.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// At its natural size, centered in the bounds.
    public static let center = Self(rawValue: "center")
    /// At its natural size, centered along the top edge.
    public static let top = Self(rawValue: "top")
    /// At its natural size, centered along the bottom edge.
    public static let bottom = Self(rawValue: "bottom")
    /// At its natural size, centered along the left edge.
    public static let left = Self(rawValue: "left")
    /// At its natural size, centered along the right edge.
    public static let right = Self(rawValue: "right")
    /// At its natural size, in the top-left corner.
    public static let topLeft = Self(rawValue: "topLeft")
    /// At its natural size, in the top-right corner.
    public static let topRight = Self(rawValue: "topRight")
    /// At its natural size, in the bottom-left corner.
    public static let bottomLeft = Self(rawValue: "bottomLeft")
    /// At its natural size, in the bottom-right corner.
    public static let bottomRight = Self(rawValue: "bottomRight")
    /// Stretched to fill the bounds (the default).
    public static let resize = Self(rawValue: "resize")
    /// Scaled to fit inside the bounds, its proportions kept, centered.
    public static let resizeAspect = Self(rawValue: "resizeAspect")
    /// Scaled to cover the bounds, its proportions kept, centered (it may reach past them).
    public static let resizeAspectFill = Self(rawValue: "resizeAspectFill")

    /// Every gravity Core Animation knows.
    static let known: Set<CALayerContentsGravity> = [.center, .top, .bottom, .left, .right, .topLeft, .topRight,
                                                     .bottomLeft, .bottomRight, .resize, .resizeAspect, .resizeAspectFill]
}

/// Filters used when contents are scaled down or up.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The nearest pixel: hard edges, no blending.
    public static let nearest = Self(rawValue: "nearest")
    /// Bilinear: the four nearest pixels blended (the default).
    public static let linear = Self(rawValue: "linear")
    /// Bilinear between two mipmap levels when minifying; bilinear when magnifying.
    public static let trilinear = Self(rawValue: "trilinear")
}

/// The shape of rounded corners.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Corners are quarter circles (the default).
    public static let circular = Self(rawValue: "circular")
    /// Corners whose curvature rises gradually from the straight sides (a squircle), as iOS draws app icons.
    public static let continuous = Self(rawValue: "continuous")
}

/// Which corners `cornerRadius` rounds, named in the layer's coordinates (min y is the top on iOS).
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The corner at the bounds' minimum x and y (the top left on iOS).
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    /// The corner at maximum x, minimum y (the top right on iOS).
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    /// The corner at minimum x, maximum y (the bottom left on iOS).
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    /// The corner at maximum x and y (the bottom right on iOS).
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
}

/// Which edges of a layer are antialiased when `allowsEdgeAntialiasing` is on.
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The edge at minimum x.
    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1 << 0)
    /// The edge at maximum x.
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 1 << 1)
    /// The edge at minimum y.
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 1 << 2)
    /// The edge at maximum y.
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 1 << 3)
}
