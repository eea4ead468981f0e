/// A 4×4 homogeneous transform, as Core Animation declares it. Points are row vectors:
/// [x y z 1] · M, so translations live in m41…m43 and perspective in m34 (m34 = −1/d gives a
/// viewer at distance d).
public struct CATransform3D: Equatable, Hashable, Sendable {
    /// The first row: how x maps (row vectors, as Core Animation multiplies: `p′ = p · M`).
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    /// The second row: how y maps.
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    /// The third row: how z maps (`m34` = −1/distance gives perspective).
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    /// The fourth row: the translation (`m41`, `m42`, `m43`).
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// The identity.
    public init() {
        self.init(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// A transform of these sixteen values, row by row.
    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
                m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
                m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// The 16 entries, row by row.
    var entries: [CGFloat] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    init(entries e: [CGFloat]) {
        self.init(m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
                  m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }

    var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite && m21.isFinite && m22.isFinite && m23.isFinite
            && m24.isFinite && m31.isFinite && m32.isFinite && m33.isFinite && m34.isFinite && m41.isFinite
            && m42.isFinite && m43.isFinite && m44.isFinite
    }

    /// `a.concatenating(b)`: a first, then b.
    func concatenating(_ b: CATransform3D) -> CATransform3D {
        // Written out: every frame places each layer with a few of these (no arrays allocated).
        func row(_ x1: CGFloat, _ x2: CGFloat, _ x3: CGFloat, _ x4: CGFloat)
            -> (CGFloat, CGFloat, CGFloat, CGFloat) {
            (x1 * b.m11 + x2 * b.m21 + x3 * b.m31 + x4 * b.m41, x1 * b.m12 + x2 * b.m22 + x3 * b.m32 + x4 * b.m42,
             x1 * b.m13 + x2 * b.m23 + x3 * b.m33 + x4 * b.m43, x1 * b.m14 + x2 * b.m24 + x3 * b.m34 + x4 * b.m44)
        }
        let r1 = row(m11, m12, m13, m14), r2 = row(m21, m22, m23, m24)
        let r3 = row(m31, m32, m33, m34), r4 = row(m41, m42, m43, m44)
        return CATransform3D(m11: r1.0, m12: r1.1, m13: r1.2, m14: r1.3, m21: r2.0, m22: r2.1, m23: r2.2, m24: r2.3,
                             m31: r3.0, m32: r3.1, m33: r3.2, m34: r3.3, m41: r4.0, m42: r4.1, m43: r4.2, m44: r4.3)
    }

    /// The plane-to-plane part as an affine transform, when it has no perspective (what
    /// `homography.affine` gives, without building the homography).
    var planeAffine: CGAffineTransform? {
        guard m14 == 0, m24 == 0, m44 == 1 else { return nil }
        return CGAffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }

    /// Maps a point of the z = 0 plane, dividing by w; nil behind the viewer (w ≤ 0).
    func project(_ p: CGPoint) -> CGPoint? {
        let w = p.x * m14 + p.y * m24 + m44
        guard w > 1e-9 else { return nil }
        return CGPoint(x: (p.x * m11 + p.y * m21 + m41) / w, y: (p.x * m12 + p.y * m22 + m42) / w)
    }

    /// The plane-to-plane part (z = 0 in, z dropped out) as a 2D projective transform.
    var homography: Homography {
        Homography(m: [m11, m12, m14, m21, m22, m24, m41, m42, m44])
    }
}

/// The identity transform.
public let CATransform3DIdentity = CATransform3D()

/// Whether `t` is exactly the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }

/// Whether the two transforms have exactly the same sixteen values.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// A move by (tx, ty, tz).
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3D()
    t.m41 = tx; t.m42 = ty; t.m43 = tz
    return t
}

/// A scale by (sx, sy, sz).
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3D()
    t.m11 = sx; t.m22 = sy; t.m33 = sz
    return t
}

/// A rotation by `angle` radians about the vector (x, y, z); a zero vector gives the identity,
/// as Apple documents. Rotating about z turns +x toward +y.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite, angle.isFinite else {
        if !angle.isFinite || !length.isFinite { CGDiagnostics.log("CATransform3DMakeRotation", "angle or axis is not finite; identity instead.") }
        return CATransform3D()
    }
    let (ux, uy, uz) = (x / length, y / length, z / length)
    let c = cos(angle), s = sin(angle), k = 1 - c
    return CATransform3D(
        m11: c + ux * ux * k, m12: ux * uy * k + uz * s, m13: ux * uz * k - uy * s, m14: 0,
        m21: uy * ux * k - uz * s, m22: c + uy * uy * k, m23: uy * uz * k + ux * s, m24: 0,
        m31: uz * ux * k + uy * s, m32: uz * uy * k - ux * s, m33: c + uz * uz * k, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)
}

/// Translation first, then `t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DMakeTranslation(tx, ty, tz).concatenating(t)
}

/// `t` with a scale by (sx, sy, sz) applied first.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DMakeScale(sx, sy, sz).concatenating(t)
}

/// `t` with a turn by `angle` radians about the axis (x, y, z) applied first.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3DMakeRotation(angle, x, y, z).concatenating(t)
}

/// `a` first, then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    a.concatenating(b)
}

/// The inverse; a non-invertible matrix comes back unchanged, as Apple documents.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    Matrix4.inverse(t.entries).map(CATransform3D.init(entries:)) ?? t
}

/// The 3D transform that does what `m` does in the plane (z kept).
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    var t = CATransform3D()
    t.m11 = m.a; t.m12 = m.b; t.m21 = m.c; t.m22 = m.d; t.m41 = m.tx; t.m42 = m.ty
    return t
}

/// Whether the transform is an affine transform of the plane (no z, no perspective).
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m23 == 0 && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m43 == 0
        && t.m14 == 0 && t.m24 == 0 && t.m34 == 0 && t.m44 == 1
}

/// The affine part (m11, m12, m21, m22, m41, m42).
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

enum Matrix4 {
    /// The inverse of a row-major 4×4 matrix by Gauss–Jordan elimination; nil when singular.
    static func inverse(_ m: [CGFloat]) -> [CGFloat]? {
        var a = m, inv: [CGFloat] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        for col in 0..<4 {
            guard let pivot = (col..<4).max(by: { abs(a[$0 * 4 + col]) < abs(a[$1 * 4 + col]) }),
                  abs(a[pivot * 4 + col]) > 1e-12 else { return nil }
            for k in 0..<4 {
                a.swapAt(col * 4 + k, pivot * 4 + k)
                inv.swapAt(col * 4 + k, pivot * 4 + k)
            }
            let p = a[col * 4 + col]
            for k in 0..<4 { a[col * 4 + k] /= p; inv[col * 4 + k] /= p }
            for row in 0..<4 where row != col {
                let f = a[row * 4 + col]
                guard f != 0 else { continue }
                for k in 0..<4 { a[row * 4 + k] -= f * a[col * 4 + k]; inv[row * 4 + k] -= f * inv[col * 4 + k] }
            }
        }
        return inv
    }
}
