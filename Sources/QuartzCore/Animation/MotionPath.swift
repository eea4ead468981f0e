/// A keyframe animation's `path` taken apart for following: its keyframes are the end points of
/// its elements, and between two keyframes the value moves along the element that joins them —
/// a line, a quadratic or a cubic curve — as Core Animation moves a layer along a motion path:
/// by the curve's own parameter (the segment's time fraction is the parameter), or at an even
/// speed (by arc length) in the paced modes.
struct MotionPath: Sendable {
    /// One element of the path, from the previous keyframe to the next.
    enum Segment: Sendable {
        case line(CGPoint, CGPoint)
        case quad(CGPoint, CGPoint, CGPoint)
        case cubic(CGPoint, CGPoint, CGPoint, CGPoint)

        var end: CGPoint {
            switch self {
            case .line(_, let p), .quad(_, _, let p), .cubic(_, _, _, let p): p
            }
        }

        /// The point at curve parameter `t` (0…1).
        func point(at t: CGFloat) -> CGPoint {
            let u = 1 - t
            switch self {
            case let .line(a, b):
                return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
            case let .quad(a, c, b):
                return CGPoint(x: u * u * a.x + 2 * u * t * c.x + t * t * b.x,
                               y: u * u * a.y + 2 * u * t * c.y + t * t * b.y)
            case let .cubic(a, c1, c2, b):
                let (w0, w1, w2, w3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                return CGPoint(x: w0 * a.x + w1 * c1.x + w2 * c2.x + w3 * b.x,
                               y: w0 * a.y + w1 * c1.y + w2 * c2.y + w3 * b.y)
            }
        }
    }

    /// How finely curves are measured: enough for sub-pixel accuracy at any size animations use,
    /// and cheap (a curve's table is made once, when the animation is added).
    static let samplesPerCurve = 32

    /// The keyframes: the first element's start, then each element's end.
    let points: [CGPoint]
    /// The elements between consecutive keyframes (`points.count - 1` of them).
    let segments: [Segment]
    /// Per segment, the cumulative arc lengths at its samples (lines: just their length).
    private let arcLengths: [[CGFloat]]
    /// Whether the last segment is the line a trailing `closeSubpath` adds back to the start.
    let endsWithClose: Bool

    init(_ path: CGPath) {
        var points: [CGPoint] = []
        var segments: [Segment] = []
        var subpathStart: CGPoint?
        var closes = false
        path.applyWithBlock { e in
            let element = e.pointee
            let current = points.last
            closes = false
            switch element.type {
            case .moveToPoint:
                let p = element.points[0]
                // A new subpath: the value jumps there in a straight line, as between values.
                if let current { segments.append(.line(current, p)) }
                points.append(p)
                subpathStart = p
            case .addLineToPoint:
                let p = element.points[0]
                if let current { segments.append(.line(current, p)) }
                points.append(p)
            case .addQuadCurveToPoint:
                let (c, p) = (element.points[0], element.points[1])
                if let current { segments.append(.quad(current, c, p)) }
                points.append(p)
            case .addCurveToPoint:
                let (c1, c2, p) = (element.points[0], element.points[1], element.points[2])
                if let current { segments.append(.cubic(current, c1, c2, p)) }
                points.append(p)
            case .closeSubpath:
                // The line back to the subpath's start is one more keyframe (a rectangle's
                // path goes all the way round).
                if let current, let start = subpathStart {
                    segments.append(.line(current, start))
                    points.append(start)
                    closes = true
                }
            }
        }
        self.points = points
        self.segments = segments
        self.endsWithClose = closes
        self.arcLengths = segments.map(Self.arcLengthTable)
    }

    /// The keyframes without the trailing close's return to the start: what a path that closes
    /// after its last point means when it comes with one key time per point (lottie-ios closes
    /// every motion path so).
    var pointsWithoutClose: [CGPoint] { endsWithClose ? Array(points.dropLast()) : points }

    /// The length of segment `i`.
    func length(ofSegment i: Int) -> CGFloat { arcLengths[i].last ?? 0 }

    /// The point a fraction `s` (0…1) of the way along segment `i`: at curve parameter `s`, or
    /// with `evenSpeed` a fraction `s` of its arc length. Measured on iOS: outside the paced
    /// modes a layer follows a curve by its parameter, faster where the control points are far
    /// apart (lottie-ios's eased motion paths: by arc length they lagged or led iOS's frames by
    /// up to a tenth of the way).
    func point(inSegment i: Int, atFraction s: CGFloat, evenSpeed: Bool) -> CGPoint {
        let segment = segments[i]
        if case .line = segment { return segment.point(at: s) }
        if !evenSpeed { return segment.point(at: min(max(s, 0), 1)) }
        let table = arcLengths[i]
        guard let total = table.last, total > 0, s > 0 else { return s >= 1 ? segment.end : segment.point(at: 0) }
        if s >= 1 { return segment.end }
        let target = s * total
        // The sample interval that holds the target length, then linear within it.
        var lo = 0, hi = table.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if table[mid] < target { lo = mid } else { hi = mid }
        }
        let span = table[hi] - table[lo]
        let within = span > 0 ? (target - table[lo]) / span : 0
        let n = CGFloat(table.count - 1)
        return segment.point(at: (CGFloat(lo) + within) / n)
    }

    private static func arcLengthTable(_ segment: Segment) -> [CGFloat] {
        if case let .line(a, b) = segment { return [0, hypot(b.x - a.x, b.y - a.y)] }
        var table: [CGFloat] = [0]
        table.reserveCapacity(samplesPerCurve + 1)
        var previous = segment.point(at: 0), total: CGFloat = 0
        for k in 1...samplesPerCurve {
            let p = segment.point(at: CGFloat(k) / CGFloat(samplesPerCurve))
            total += hypot(p.x - previous.x, p.y - previous.y)
            table.append(total)
            previous = p
        }
        return table
    }
}
