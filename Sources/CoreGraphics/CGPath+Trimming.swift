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
        let result = CGMutablePath()
        guard e > s else { return result }
        let pieces = PathPieces(elements)
        let from = s * pieces.length, to = e * pieces.length
        var offset: CGFloat = 0
        var last: (subpath: Int, point: CGPoint)?
        for piece in pieces.pieces {
            defer { offset += piece.length }
            let subpath = pieces.subpaths[piece.subpath]
            if piece.isClosing, subpath.closed, subpath.end > subpath.start, subpath.start >= from, subpath.end <= to {
                result.closeSubpath()       // the whole closed subpath is kept: its last join stays
                last = (piece.subpath, piece.points[1])
                continue
            }
            let a = max(from, offset), b = min(to, offset + piece.length)
            guard b > a else { continue }
            let part = piece.segment(from: piece.parameter(atLength: a - offset), to: piece.parameter(atLength: b - offset))
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

    var pieces: [Piece] = []
    var subpaths: [Subpath] = []
    var length: CGFloat = 0

    init(_ elements: [PathElement]) {
        var current = CGPoint.zero, start = CGPoint.zero
        func add(_ piece: Piece) {
            if subpaths.isEmpty { subpaths.append(Subpath(start: length, end: length, closed: false)) }
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
                add(Piece(points: [current, p], subpath: sub)); current = p
            case .quad(let c, let p):
                add(Piece(points: [current, c, p], subpath: sub)); current = p
            case .cubic(let c1, let c2, let p):
                add(Piece(points: [current, c1, c2, p], subpath: sub)); current = p
            case .close:
                guard !subpaths.isEmpty else { continue }
                var closing = Piece(points: [current, start], subpath: sub)
                closing.isClosing = true
                add(closing)
                subpaths[sub].closed = true
                // A path continuing without a move starts a new subpath at the closed one's start.
                subpaths.append(Subpath(start: length, end: length, closed: false))
                current = start
            }
        }
    }

    /// A line (2 points), quadratic (3) or cubic (4) Bézier piece.
    struct Piece {
        let points: [CGPoint]
        let subpath: Int
        var isClosing = false
        /// Cumulative chord lengths at parameters i / n (curves only).
        private let table: [CGFloat]
        let length: CGFloat

        static let chords = 24

        init(points: [CGPoint], subpath: Int) {
            self.points = points
            self.subpath = subpath
            if points.count == 2 {
                table = []
                length = hypot(points[1].x - points[0].x, points[1].y - points[0].y)
            } else {
                var cumulative = [CGFloat](repeating: 0, count: Self.chords + 1)
                var previous = points[0], total: CGFloat = 0
                for i in 1...Self.chords {
                    let p = Self.point(points, at: CGFloat(i) / CGFloat(Self.chords))
                    total += ((p.x - previous.x) * (p.x - previous.x) + (p.y - previous.y) * (p.y - previous.y)).squareRoot()
                    cumulative[i] = total
                    previous = p
                }
                table = cumulative
                length = total.isFinite ? total : 0
            }
        }

        /// The parameter at which the piece has run `distance` of its length.
        func parameter(atLength distance: CGFloat) -> CGFloat {
            guard length > 0 else { return 0 }
            if table.isEmpty { return min(max(distance / length, 0), 1) }
            guard distance > 0 else { return 0 }
            guard distance < length else { return 1 }
            var lo = 0, hi = table.count - 1
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if table[mid] < distance { lo = mid } else { hi = mid }
            }
            let span = table[hi] - table[lo]
            let f = span > 0 ? (distance - table[lo]) / span : 0
            return (CGFloat(lo) + f) / CGFloat(Self.chords)
        }

        /// The piece between parameters `t0` and `t1`.
        func segment(from t0: CGFloat, to t1: CGFloat) -> Segment {
            // Cut at t1 first, keep the head; then cut the head at t0 / t1.
            var head = points
            if t1 < 1 { head = Self.split(points, at: t1).head }
            if t0 > 0 { head = Self.split(head, at: t1 > 0 ? t0 / t1 : 0).tail }
            return Segment(points: head)
        }

        /// The point at `t` of a quadratic (3 points) or cubic (4 points) Bézier, in closed form
        /// (this runs for every chord of every curve measured).
        static func point(_ p: [CGPoint], at t: CGFloat) -> CGPoint {
            let u = 1 - t
            if p.count == 3 {
                let a = u * u, b = 2 * u * t, c = t * t
                return CGPoint(x: a * p[0].x + b * p[1].x + c * p[2].x, y: a * p[0].y + b * p[1].y + c * p[2].y)
            }
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return CGPoint(x: a * p[0].x + b * p[1].x + c * p[2].x + d * p[3].x, y: a * p[0].y + b * p[1].y + c * p[2].y + d * p[3].y)
        }

        /// de Casteljau: the control points of the halves before and after `t`.
        static func split(_ p: [CGPoint], at t: CGFloat) -> (head: [CGPoint], tail: [CGPoint]) {
            var head = [p[0]], tail = [p[p.count - 1]]
            var q = p
            while q.count > 1 {
                q = zip(q, q.dropFirst()).map { lerp($0, $1, t) }
                head.append(q[0])
                tail.insert(q[q.count - 1], at: 0)
            }
            return (head, tail)
        }

        static func lerp(_ a: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint {
            CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        }
    }

    /// A cut piece, ready to append.
    struct Segment {
        let points: [CGPoint]
        var start: CGPoint { points[0] }
        var end: CGPoint { points[points.count - 1] }

        func append(to path: CGMutablePath) {
            switch points.count {
            case 2: path.addLine(to: points[1])
            case 3: path.addQuadCurve(to: points[2], control: points[1])
            default: path.addCurve(to: points[3], control1: points[1], control2: points[2])
            }
        }
    }
}
