/// A smooth transition between colors at locations from 0 to 1.
public final class CGGradient: @unchecked Sendable {
    /// Stops in order of location: unpremultiplied sRGB color and location.
    let stops: [(location: Double, r: Double, g: Double, b: Double, a: Double)]
    public let colorSpace: CGColorSpace

    /// The most stops a gradient is drawn with. Past it the ramp is sampled at this many evenly
    /// spaced locations (a step between two samples is spread over 1/1023 of the length, under a
    /// pixel for any gradient shorter than 1023 pixels): pixman finds each pixel's stop by a
    /// linear search, so 10⁵ stops cost 9.6 s for a 400×400 fill, 1024 a few milliseconds.
    static let drawnStopLimit = 1024

    /// The stops the gradient is drawn with: `stops`, or at most `drawnStopLimit` samples of them
    /// (made once, with the gradient: render threads draw one gradient at the same time).
    let drawnStops: [(location: Double, r: Double, g: Double, b: Double, a: Double)]

    static func drawn(_ stops: [(location: Double, r: Double, g: Double, b: Double, a: Double)])
        -> [(location: Double, r: Double, g: Double, b: Double, a: Double)] {
        stops.count > drawnStopLimit ? samples(of: stops, count: drawnStopLimit) : stops
    }

    /// The ramp at `count` evenly spaced locations from 0 to 1 (unpremultiplied sRGB), for
    /// ramps drawn as tables (Core Animation's conic gradients).
    package func samples(_ count: Int) -> [(location: Double, r: Double, g: Double, b: Double, a: Double)] {
        Self.samples(of: stops, count: count)
    }

    /// `stops` (sorted) interpolated at `count` evenly spaced locations, walked once.
    private static func samples(of stops: [(location: Double, r: Double, g: Double, b: Double, a: Double)], count: Int)
        -> [(location: Double, r: Double, g: Double, b: Double, a: Double)] {
        guard let first = stops.first, let last = stops.last, count > 0 else { return [] }
        var next = 0   // the first stop past the sample's location
        return (0..<count).map { i in
            let t = count > 1 ? Double(i) / Double(count - 1) : 0
            while next < stops.count, stops[next].location <= t { next += 1 }
            if next == 0 { return (t, first.r, first.g, first.b, first.a) }
            if next == stops.count { return (t, last.r, last.g, last.b, last.a) }
            let a = stops[next - 1], b = stops[next]
            let span = b.location - a.location
            let f = span > 0 ? (t - a.location) / span : 1
            return (t, a.r + (b.r - a.r) * f, a.g + (b.g - a.g) * f, a.b + (b.b - a.b) * f, a.a + (b.a - a.a) * f)
        }
    }

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
        drawnStops = Self.drawn(stops)
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
        drawnStops = Self.drawn(stops)
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
