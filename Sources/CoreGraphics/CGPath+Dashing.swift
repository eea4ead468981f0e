extension CGPath {
    /// This path cut into dashes: `lengths` alternate painted and unpainted lengths, starting
    /// `phase` units into the pattern; every subpath starts the pattern anew. Curves are flattened
    /// to 0.01 units. An empty, negative or all-zero pattern returns the path unchanged, and so
    /// does a pattern so fine for the path's length that it would cut more than
    /// `largestDashCount` pieces (with a message: lengths of 1e-9 along 100 units asked for 30 GB).
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat],
                     transform: CGAffineTransform = .identity) -> CGPath {
        let source = transform.isIdentity ? elements : elements.map { $0.applying(transform) }
        let total = lengths.reduce(0, +)
        guard !lengths.isEmpty, lengths.allSatisfy({ $0 >= 0 && $0.isFinite }), total > 0, phase.isFinite else {
            if !lengths.isEmpty { CGDiagnostics.log("CGPathCreateCopyByDashingPath", "invalid dash lengths \(lengths).") }
            return CGPath(elements: source)
        }
        let polylines = PathFlattener.polylines(of: source, tolerance: 0.01)
        let length = polylines.reduce(0) { sum, polyline in
            zip(polyline.points, polyline.points.dropFirst()).reduce(sum) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
        }
        let pieces = (length / total + 1) * CGFloat(lengths.count)
        guard pieces.isFinite, pieces <= CGFloat(CGPath.largestDashCount) else {
            CGDiagnostics.log("CGPathCreateCopyByDashingPath",
                              "dash lengths \(lengths) along a path \(length) long make more than \(CGPath.largestDashCount) dashes; not dashed.")
            return CGPath(elements: source)
        }
        let result = CGMutablePath()
        for polyline in polylines {
            var dasher = Dasher(lengths: lengths, phase: phase, total: total, output: result)
            var points = polyline.points
            if polyline.closed, let first = points.first { points.append(first) }
            dasher.start(at: points[0])
            for i in 1..<max(points.count, 1) { dasher.walk(to: points[i]) }
        }
        return result
    }
}

extension CGPath {
    /// The most pieces `copy(dashingWithPhase:lengths:)` (or a dashed stroke) cuts a path into.
    static let largestDashCount = 1 << 20
}

/// Walks along a polyline, emitting the painted intervals of a dash pattern.
private struct Dasher {
    let lengths: [CGFloat]
    let output: CGMutablePath
    var index = 0
    var remaining: CGFloat
    var painting = true
    var position = CGPoint.zero
    var isOpen = false   // whether a painted piece is under way in `output`

    init(lengths: [CGFloat], phase: CGFloat, total: CGFloat, output: CGMutablePath) {
        self.lengths = lengths
        self.output = output
        var offset = phase.truncatingRemainder(dividingBy: total)
        if offset < 0 { offset += total }
        remaining = lengths[0]
        while offset >= remaining && offset > 0 {
            offset -= remaining
            advance()
        }
        remaining -= offset
    }

    private mutating func advance() {
        index = (index + 1) % lengths.count
        remaining = lengths[index]
        painting = index % 2 == 0
    }

    mutating func start(at p: CGPoint) {
        position = p
        isOpen = false
    }

    mutating func walk(to end: CGPoint) {
        var length = hypot(end.x - position.x, end.y - position.y)
        guard length > 0 else { return }
        let ux = (end.x - position.x) / length, uy = (end.y - position.y) / length
        while length > 0 {
            let step = min(remaining, length)
            let next = step == length ? end : CGPoint(x: position.x + ux * step, y: position.y + uy * step)
            if painting {
                if !isOpen { output.move(to: position); isOpen = true }
                output.addLine(to: next)
            }
            position = next
            length -= step
            remaining -= step
            if remaining <= 0 {
                advance()
                isOpen = false
            }
        }
    }
}
