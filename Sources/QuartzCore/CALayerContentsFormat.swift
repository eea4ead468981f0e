/// The pixel format of the bitmap a layer draws its contents into (`CALayer.contentsFormat`).
/// Lamina draws every layer into 8-bit premultiplied RGBA, whichever format is asked for.
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Four 8-bit channels: the default.
    public static let RGBA8Uint = Self(rawValue: "RGBA8")
    /// Four 16-bit half-float channels (extended range).
    public static let RGBA16Float = Self(rawValue: "RGBAh")
    /// One 8-bit gray channel.
    public static let gray8Uint = Self(rawValue: "Gray8")
}

/// The range of brightness a layer's content may use on screen (`CALayer.preferredDynamicRange`).
/// Lamina's output is standard range: every value shows as `.standard`.
public struct CADynamicRange: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The system decides: the default.
    public static let automatic = Self(rawValue: "automatic")
    /// Standard dynamic range.
    public static let standard = Self(rawValue: "standard")
    /// High dynamic range, held back to sit beside standard content.
    public static let constrainedHigh = Self(rawValue: "constrainedHigh")
    /// The display's full high dynamic range.
    public static let high = Self(rawValue: "high")
}

/// How a layer's extended-range content is tone mapped to the display (`CALayer.toneMapMode`).
/// Lamina's content is never extended range, so there is nothing to map.
public struct CAToneMapMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The system decides: the default.
    public static let automatic = Self(rawValue: "automatic")
    /// Never tone mapped.
    public static let never = Self(rawValue: "never")
    /// Tone mapped when the display supports it.
    public static let ifSupported = Self(rawValue: "ifSupported")
}

extension CALayer {
    /// Apple's Swift name for `CADynamicRange`.
    public typealias DynamicRange = CADynamicRange

}
