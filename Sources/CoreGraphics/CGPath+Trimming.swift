extension CGPath {
    /// The part of this path between `start` and `end`, given as fractions of its whole length
    /// (every subpath's, closing lines included, in order), as `CAShapeLayer.strokeStart` and
    /// `strokeEnd` select it. Fractions are clamped to 0…1; `end` at or before `start` gives an
    /// empty path; 0…1 gives the path itself. Lines stay lines and curves stay curves (cut by
    /// de Casteljau at the parameter whose arc length is wanted, measured on 24 chords a curve).
    /// A closed subpath kept whole stays closed; a cut one becomes open.
    package func copy(trimmingFrom start: CGFloat, to end: CGFloat) -> CGPath {
        let s = min(max(start.isNaN ? 0 : start, 0), 1), e = min(max(end.isNaN ? 1 : end, 0), 1)
        if s <= 0 && e >= 1 { return self }
        guard e > s else { return CGMutablePath() }
        return TrimmablePath(self).copy(trimmingFrom: s, to: e)
    }
}

/// A path measured once for cutting by length again and again (a shape layer's `strokeEnd`
/// animation cuts the same path every frame): `copy(trimmingFrom:to:)` of it is the path's.
package final class TrimmablePath: @unchecked Sendable {
    // Immutable after init.
    private let path: CGPath
    private let pieces: PathPieces

    package init(_ path: CGPath) {
        self.path = path
        pieces = PathPieces(path.elements)
        hasOneSubpath = pieces.subpaths.filter { $0.end > $0.start }.count <= 1
    }

    /// The path's length (every subpath's, closing lines included), as trimming measures it.
    package var length: CGFloat { pieces.length }

    /// Whether it draws one subpath at most (a ring, an arc): then a cut of it is one open piece.
    package let hasOneSubpath: Bool

    /// Whether the part between fractions `start` and `end` of the length comes within `reach`
    /// of `rect` (by the boxes of its pieces' control points, which hold the curves): a stroke
    /// of it reaching that far from the path may paint inside `rect`.
    package func comesNear(_ rect: CGRect, from start: CGFloat, to end: CGFloat, reach: CGFloat) -> Bool {
        let zone = rect.insetBy(dx: -reach, dy: -reach)
        return !forEachPart(from: start, to: end) { !$0.intersects(zone) }
    }

    /// The box of the control points of the part between fractions `start` and `end` of the
    /// length (as `copy(trimmingFrom:to:).boundingBox`, without making the path); null when empty.
    package func box(from start: CGFloat, to end: CGFloat) -> CGRect {
        var box = CGRect.null
        forEachPart(from: start, to: end) { box = box.union($0); return true }
        return box
    }

    /// Calls `body` with the control box of each piece's part between fractions `start` and
    /// `end` of the length, while it returns true; false when it stopped.
    @discardableResult
    private func forEachPart(from start: CGFloat, to end: CGFloat, _ body: (CGRect) -> Bool) -> Bool {
        let s = min(max(start.isNaN ? 0 : start, 0), 1), e = min(max(end.isNaN ? 1 : end, 0), 1)
        guard e > s else { return true }
        let from = s * pieces.length, to = e * pieces.length
        var offset: CGFloat = 0
        for (index, piece) in pieces.pieces.enumerated() {
            defer { offset += piece.length }
            let a = max(from, offset), b = min(to, offset + piece.length)
            guard b >= a else { continue }
            let part = piece.curve.segment(from: pieces.parameter(of: index, atLength: a - offset),
                                           to: pieces.parameter(of: index, atLength: b - offset))
            if !body(part.controlBox) { return false }
        }
        return true
    }

    /// `CGPath.copy(trimmingFrom:to:)` of the path.
    package func copy(trimmingFrom start: CGFloat, to end: CGFloat) -> CGPath {
        let s = min(max(start.isNaN ? 0 : start, 0), 1), e = min(max(end.isNaN ? 1 : end, 0), 1)
        if s <= 0 && e >= 1 { return path }
        let result = CGMutablePath()
        guard e > s else { return result }
        // Run for every frame of a strokeEnd animation (hundreds of spinners): the pieces and
        // their chord tables are kept inline and in one array, not an array apiece.
        let from = s * pieces.length, to = e * pieces.length
        var offset: CGFloat = 0
        var last: (subpath: Int, point: CGPoint)?
        for (index, piece) in pieces.pieces.enumerated() {
            defer { offset += piece.length }
            let subpath = pieces.subpaths[piece.subpath]
            if piece.isClosing, subpath.closed, subpath.end > subpath.start, subpath.start >= from, subpath.end <= to {
                result.closeSubpath()       // the whole closed subpath is kept: its last join stays
                last = (piece.subpath, piece.curve.p1)
                continue
            }
            let a = max(from, offset), b = min(to, offset + piece.length)
            guard b > a else { continue }
            let part = piece.curve.segment(from: pieces.parameter(of: index, atLength: a - offset),
                                           to: pieces.parameter(of: index, atLength: b - offset))
            if last?.subpath != piece.subpath || last?.point != part.start { result.move(to: part.start) }
            part.append(to: result)
            last = (piece.subpath, part.end)
        }
        return result
    }
}

/// A path as measured pieces (lines and curves from a start point), for cutting by length.
private struct PathPieces {
    struct Subpath {
        var start: CGFloat
        var end: CGFloat
        var closed: Bool
    }

    /// A line, quadratic or cubic piece and where it stands in the path.
    struct Piece {
        let curve: Bezier
        let subpath: Int
        var isClosing = false
        let length: CGFloat
        /// Where its cumulative chord lengths start in `tables` (curves only).
        let table: Int
    }

    var pieces: [Piece] = []
    var subpaths: [Subpath] = []
    var length: CGFloat = 0
    /// Each curve's cumulative chord lengths at parameters i / `chords`, i = 0…chords, one after another.
    var tables: [CGFloat] = []

    static let chords = 24

    init(_ elements: [PathElement]) {
        var current = CGPoint.zero, start = CGPoint.zero
        pieces.reserveCapacity(elements.count)
        func add(_ curve: Bezier, subpath: Int, closing: Bool = false) {
            if subpaths.isEmpty { subpaths.append(Subpath(start: length, end: length, closed: false)) }
            let measured = measure(curve)
            var piece = Piece(curve: curve, subpath: subpath, length: measured.length, table: measured.table)
            piece.isClosing = closing
            pieces.append(piece)
            length += piece.length
            subpaths[subpaths.count - 1].end = length
        }
        for element in elements {
            let sub = max(subpaths.count - 1, 0)
            switch element {
            case .move(let p):
                subpaths.append(Subpath(start: length, end: length, closed: false))
                current = p; start = p
            case .line(let p):
                add(Bezier(current, p), subpath: sub); current = p
            case .quad(let c, let p):
                add(Bezier(current, c, p), subpath: sub); current = p
            case .cubic(let c1, let c2, let p):
                add(Bezier(current, c1, c2, p), subpath: sub); current = p
            case .close:
                guard !subpaths.isEmpty else { continue }
                add(Bezier(current, start), subpath: sub, closing: true)
                subpaths[sub].closed = true
                // A path continuing without a move starts a new subpath at the closed one's start.
                subpaths.append(Subpath(start: length, end: length, closed: false))
                current = start
            }
        }
    }

    /// A piece's length (a curve's: the sum of its chords, tabled), and where its table starts.
    private mutating func measure(_ curve: Bezier) -> (length: CGFloat, table: Int) {
        guard curve.count > 2 else { return (hypot(curve.p1.x - curve.p0.x, curve.p1.y - curve.p0.y), -1) }
        let table = tables.count
        tables.append(0)
        var previous = curve.p0, total: CGFloat = 0
        for i in 1...Self.chords {
            let p = curve.point(at: CGFloat(i) / CGFloat(Self.chords))
            total += ((p.x - previous.x) * (p.x - previous.x) + (p.y - previous.y) * (p.y - previous.y)).squareRoot()
            tables.append(total)
            previous = p
        }
        return (total.isFinite ? total : 0, table)
    }

    /// The parameter at which piece `index` has run `distance` of its length.
    func parameter(of index: Int, atLength distance: CGFloat) -> CGFloat {
        let piece = pieces[index]
        let length = piece.length
        guard length > 0 else { return 0 }
        if piece.table < 0 { return min(max(distance / length, 0), 1) }
        guard distance > 0 else { return 0 }
        guard distance < length else { return 1 }
        let base = piece.table
        var lo = 0, hi = Self.chords
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if tables[base + mid] < distance { lo = mid } else { hi = mid }
        }
        let span = tables[base + hi] - tables[base + lo]
        let f = span > 0 ? (distance - tables[base + lo]) / span : 0
        return (CGFloat(lo) + f) / CGFloat(Self.chords)
    }
}

/// A line (2 points), quadratic (3) or cubic (4) Bézier, its points inline.
private struct Bezier {
    var p0: CGPoint, p1: CGPoint, p2 = CGPoint.zero, p3 = CGPoint.zero
    let count: Int

    init(_ p0: CGPoint, _ p1: CGPoint) { (self.p0, self.p1, count) = (p0, p1, 2) }
    init(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint) { (self.p0, self.p1, self.p2, count) = (p0, p1, p2, 3) }
    init(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) {
        (self.p0, self.p1, self.p2, self.p3, count) = (p0, p1, p2, p3, 4)
    }

    var start: CGPoint { p0 }

    /// The box of its points, which holds the curve.
    var controlBox: CGRect {
        var minX = min(p0.x, p1.x), maxX = max(p0.x, p1.x), minY = min(p0.y, p1.y), maxY = max(p0.y, p1.y)
        if count > 2 { minX = min(minX, p2.x); maxX = max(maxX, p2.x); minY = min(minY, p2.y); maxY = max(maxY, p2.y) }
        if count > 3 { minX = min(minX, p3.x); maxX = max(maxX, p3.x); minY = min(minY, p3.y); maxY = max(maxY, p3.y) }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
    var end: CGPoint { count == 2 ? p1 : count == 3 ? p2 : p3 }

    /// The point at `t` of a quadratic or cubic, in closed form (this runs for every chord of
    /// every curve measured).
    func point(at t: CGFloat) -> CGPoint {
        let u = 1 - t
        if count == 3 {
            let a = u * u, b = 2 * u * t, c = t * t
            return CGPoint(x: a * p0.x + b * p1.x + c * p2.x, y: a * p0.y + b * p1.y + c * p2.y)
        }
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// The piece between parameters `t0` and `t1`.
    func segment(from t0: CGFloat, to t1: CGFloat) -> Bezier {
        // Cut at t1 first, keep the head; then cut the head at t0 / t1.
        var head = self
        if t1 < 1 { head = split(at: t1).head }
        if t0 > 0 { head = head.split(at: t1 > 0 ? t0 / t1 : 0).tail }
        return head
    }

    /// de Casteljau: the control points of the halves before and after `t`.
    func split(at t: CGFloat) -> (head: Bezier, tail: Bezier) {
        func lerp(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        switch count {
        case 2:
            let m = lerp(p0, p1)
            return (Bezier(p0, m), Bezier(m, p1))
        case 3:
            let a = lerp(p0, p1), b = lerp(p1, p2), m = lerp(a, b)
            return (Bezier(p0, a, m), Bezier(m, b, p2))
        default:
            let a = lerp(p0, p1), b = lerp(p1, p2), c = lerp(p2, p3)
            let d = lerp(a, b), e = lerp(b, c), m = lerp(d, e)
            return (Bezier(p0, a, d, m), Bezier(m, e, c, p3))
        }
    }

    func append(to path: CGMutablePath) {
        switch count {
        case 2: path.addLine(to: p1)
        case 3: path.addQuadCurve(to: p2, control: p1)
        default: path.addCurve(to: p3, control1: p1, control2: p2)
        }
    }
}
