/// How `drawPath(using:)` paints the current path.
public enum CGPathDrawingMode: Int32, Sendable {
    case fill = 0
    case eoFill
    case stroke
    case fillStroke
    case eoFillStroke
}

/// The quality of image interpolation when images are scaled.
public enum CGInterpolationQuality: Int32, Sendable {
    case `default` = 0
    case none = 1
    case low = 2
    case medium = 4
    case high = 3
}

/// Whether gradients extend beyond their start and end.
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}
