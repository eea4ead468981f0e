/// A projective transform of the plane (row vectors: [x y 1] · M): how a layer's plane lands in
/// its superlayer's plane once perspective has flattened it.
struct Homography: Equatable {
    /// Row-major 3×3.
    var m: [CGFloat]

    static let identity = Homography(m: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// `self` first, then `other`.
    func concatenating(_ other: Homography) -> Homography {
        var r = [CGFloat](repeating: 0, count: 9)
        for i in 0..<3 { for j in 0..<3 { r[i * 3 + j] = m[i * 3] * other.m[j] + m[i * 3 + 1] * other.m[3 + j] + m[i * 3 + 2] * other.m[6 + j] } }
        return Homography(m: r)
    }

    /// The mapped point; nil where w ≤ 0 (behind the viewer) or the result is not finite.
    func apply(_ p: CGPoint) -> CGPoint? {
        let w = p.x * m[2] + p.y * m[5] + m[8]
        guard w > 1e-12 else { return nil }
        let q = CGPoint(x: (p.x * m[0] + p.y * m[3] + m[6]) / w, y: (p.x * m[1] + p.y * m[4] + m[7]) / w)
        return q.x.isFinite && q.y.isFinite ? q : nil
    }

    var inverse: Homography? {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        guard abs(det) > 1e-12, det.isFinite else { return nil }
        return Homography(m: [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det,
                              (f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det,
                              (d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det])
    }

    /// Whether it is affine (no perspective row), so that Core Graphics can draw through it.
    var isAffine: Bool { m[2] == 0 && m[5] == 0 && m[8] == 1 }

    var affine: CGAffineTransform {
        CGAffineTransform(a: m[0], b: m[1], c: m[3], d: m[4], tx: m[6], ty: m[7])
    }

    init(m: [CGFloat]) { self.m = m }

    init(_ t: CGAffineTransform) {
        m = [t.a, t.b, 0, t.c, t.d, 0, t.tx, t.ty, 1]
    }
}
