/// A smooth transition between colors at locations from 0 to 1.
public final class CGGradient: @unchecked Sendable {
    /// Stops in order of location: unpremultiplied sRGB color and location.
    let stops: [(location: Double, r: Double, g: Double, b: Double, a: Double)]
    public let colorSpace: CGColorSpace

    /// A gradient from `CGColor`s. With nil `locations` the colors are spread evenly from 0 to 1.
    /// Nil when fewer than one color is given, an element is not a `CGColor`, or the locations
    /// are not finite.
    public init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        let cgColors = colors.compactMap { $0 as? CGColor }
        guard !cgColors.isEmpty, cgColors.count == colors.count else {
            CGDiagnostics.log("CGGradientCreateWithColors", "colors must be a non-empty array of CGColor.")
            return nil
        }
        let locs = Self.locations(locations, count: cgColors.count)
        guard locs.allSatisfy(\.isFinite) else { return nil }
        colorSpace = space ?? .sRGBSpace
        stops = Self.sorted(zip(locs, cgColors).map { location, color in
            let c = color.rgba
            return (Double(location), c.r, c.g, c.b, c.a)
        })
    }

    /// A gradient from raw components in `space` (`numberOfComponents + 1` values per color).
    public init?(colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
                 locations: UnsafePointer<CGFloat>?, count: Int) {
        guard count > 0 else { return nil }
        let n = space.numberOfComponents + 1
        var colors: [CGColor] = []
        for i in 0..<count {
            guard let color = CGColor(colorSpace: space, components: components + i * n) else { return nil }
            colors.append(color)
        }
        let locs = Self.locations(locations, count: count)
        guard locs.allSatisfy(\.isFinite) else { return nil }
        colorSpace = space
        stops = Self.sorted(zip(locs, colors).map { location, color in
            let c = color.rgba
            return (Double(location), c.r, c.g, c.b, c.a)
        })
    }

    private static func locations(_ pointer: UnsafePointer<CGFloat>?, count: Int) -> [CGFloat] {
        if let pointer { return Array(UnsafeBufferPointer(start: pointer, count: count)) }
        return count == 1 ? [0] : (0..<count).map { CGFloat($0) / CGFloat(count - 1) }
    }

    private static func sorted(_ stops: [(location: Double, r: Double, g: Double, b: Double, a: Double)])
        -> [(location: Double, r: Double, g: Double, b: Double, a: Double)] {
        stops.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map { ($0.element.location.clamped, $0.element.r, $0.element.g, $0.element.b, $0.element.a) }
    }
}
