extension CompositePlan {
    /// The layer's map into its parent's plane as an affine transform, written out when nothing
    /// about it is 3D — a transform affine in the plane, no z anchor or z position, a sublayer
    /// space that neither flips nor transforms (`Placement.isPlainSpace`): the numbers
    /// `transformToParent(in:)` and `planeAffine` give, the same operations in the same order
    /// (the terms they add that are zero left out), without three 4×4 products per layer placed.
    /// Nil otherwise, and when the result is not finite: the caller takes the whole matrix.
    static func planeAffine(of layer: LayerSnapshot, in placement: Placement) -> CGAffineTransform? {
        let t = layer.transform
        guard placement.isPlainSpace, layer.zPosition == 0, layer.anchorPointZ == 0,
              t.m13 == 0, t.m14 == 0, t.m23 == 0, t.m24 == 0, t.m31 == 0, t.m32 == 0, t.m33 == 1, t.m34 == 0,
              t.m43 == 0, t.m44 == 1 else { return nil }
        let bounds = layer.bounds, anchorPoint = layer.anchorPoint, position = layer.position
        let anchor = CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
        // Row four of translate(−anchor) × transform, then moved by the position.
        let tx = (-anchor.x * t.m11 + -anchor.y * t.m21 + t.m41) + position.x
        let ty = (-anchor.x * t.m12 + -anchor.y * t.m22 + t.m42) + position.y
        guard tx.isFinite, ty.isFinite, t.m11.isFinite, t.m12.isFinite, t.m21.isFinite, t.m22.isFinite else { return nil }
        return CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: tx, ty: ty)
    }

    /// How a layer lies on the device, as its parent places it.
    enum DeviceMap {
        /// In the device's plane, by this map (invertible, finite).
        case flat(CGAffineTransform)
        /// Under perspective, by this transform into its parent's plane. (Boxed: unboxed, its
        /// 128 bytes made every map of a flat layer a copy by `memcpy`, several a placed layer.)
        indirect case perspective(CATransform3D)
        /// Turned away (single-sided), or squashed to nothing.
        case unseen
    }

    /// How `layer` lies on the device when placed as `placement` says.
    static func deviceMap(of layer: LayerSnapshot, in placement: Placement) -> DeviceMap {
        let affine: CGAffineTransform
        if let flat = planeAffine(of: layer, in: placement) {
            affine = flat                 // `planeAffine`: the 4×4 products below written out
        } else {
            let m = layer.transformToParent(in: placement.space)
            if !layer.isDoubleSided && m.m33 < 0 { return .unseen }
            guard let plane = m.planeAffine else { return .perspective(m) }
            affine = plane
        }
        let toDevice = affine.concatenating(placement.toDevice)
        let det = toDevice.a * toDevice.d - toDevice.b * toDevice.c
        guard det != 0, det.isFinite else { return .unseen }
        return .flat(toDevice)
    }
}
