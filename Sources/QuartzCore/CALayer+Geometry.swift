extension CALayer {
    /// `frame`'s behaviour (the open member is declared in `CALayer.swift`).
    var defaultFrame: CGRect {
        get { frameFor(position: position, size: bounds.size) }
        set {
            guard newValue.isFiniteRect else {
                CGDiagnostics.log("CALayer.frame", "\(newValue) is not finite; unchanged.")
                return
            }
            let target = newValue.standardized
            bounds.size = untransformedSize(for: target.size)
            let placed = frameFor(position: .zero, size: bounds.size)
            position = CGPoint(x: target.minX - placed.minX, y: target.minY - placed.minY)
        }
    }

    /// `affineTransform`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultAffineTransform() -> CGAffineTransform {
        // Apple's answers the identity for a transform that is not affine (measured).
        CATransform3DIsAffine(transform) ? CATransform3DGetAffineTransform(transform) : .identity
    }

    /// `setAffineTransform`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultSetAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    /// From this layer's plane to its superlayer's (see `LayerGeometry`).
    var transformToSuperlayer: CATransform3D {
        LayerGeometry.transformToParent(bounds: bounds, anchorPoint: anchorPoint, anchorPointZ: anchorPointZ, transform: transform,
                                        position: position, zPosition: zPosition, in: superlayerStorage?.sublayerSpace)
    }

    var sublayerSpace: LayerGeometry.SublayerSpace {
        LayerGeometry.SublayerSpace(bounds: bounds, anchorPoint: anchorPoint, anchorPointZ: anchorPointZ,
                                    sublayerTransform: sublayerTransform, isGeometryFlipped: isGeometryFlipped)
    }

    /// The plane-to-plane map into the superlayer: each layer flattens into its parent's plane.
    var homographyToSuperlayer: Homography { transformToSuperlayer.homography }

    /// The map from this layer's plane into the tree's outer plane: the space in which the
    /// topmost ancestor's frame lies (a window's coordinates, for a window's root layer).
    var homographyToTreePlane: Homography {
        var h = Homography.identity
        var layer: CALayer? = self
        while let l = layer {
            h = h.concatenating(l.homographyToSuperlayer)
            layer = l.superlayerStorage
        }
        return h
    }

    var rootLayer: CALayer {
        var layer = self
        while let parent = layer.superlayerStorage { layer = parent }
        return layer
    }

    // MARK: Converting

    /// `convert`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultConvert(_ point: CGPoint, from layer: CALayer?) -> CGPoint {
        conversion(from: layer, to: self)?.apply(point) ?? CGPoint(x: CGFloat.nan, y: CGFloat.nan)
    }

    /// `convert`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultConvert(_ point: CGPoint, to layer: CALayer?) -> CGPoint {
        conversion(from: self, to: layer)?.apply(point) ?? CGPoint(x: CGFloat.nan, y: CGFloat.nan)
    }

    /// `convert`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultConvert(_ rect: CGRect, from layer: CALayer?) -> CGRect {
        conversion(from: layer, to: self).map { Self.mapRect(rect, $0) } ?? .null
    }

    /// `convert`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultConvert(_ rect: CGRect, to layer: CALayer?) -> CGRect {
        conversion(from: self, to: layer).map { Self.mapRect(rect, $0) } ?? .null
    }

    /// The map between two layers (nil: the tree's outer plane); nil through a singular
    /// transform. Layers of two trees convert as if their trees' outer planes were one, as
    /// Apple's do (measured: each tree's root is placed in the same space).
    func conversion(from source: CALayer?, to target: CALayer?) -> Homography? {
        if source === target { return .identity }
        let forward = source?.homographyToTreePlane ?? .identity
        guard let back = target.map({ $0.homographyToTreePlane.inverse }) ?? .identity else { return nil }
        return forward.concatenating(back)
    }

    static func mapRect(_ rect: CGRect, _ map: Homography) -> CGRect {
        guard rect.isFiniteRect else { return .null }
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)].compactMap(map.apply)
        guard corners.count == 4 else { return .null }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    // MARK: Hit testing

    /// Sublayers from front to back: higher `zPosition` first, then later siblings first.
    var sublayersFrontToBack: [CALayer] {
        sublayerStorage.enumerated().sorted { a, b in
            a.element.zPosition != b.element.zPosition ? a.element.zPosition > b.element.zPosition : a.offset > b.offset
        }.map(\.element)
    }

    func defaultHitTest(_ point: CGPoint) -> CALayer? {
        guard !isHidden, point.x.isFinite, point.y.isFinite else { return nil }
        guard let local = homographyToSuperlayer.inverse?.apply(point) else { return nil }
        if masksToBounds && !contains(local) { return nil }
        for sublayer in sublayersFrontToBack {
            if let hit = sublayer.hitTest(local) { return hit }
        }
        return contains(local) ? self : nil
    }

    // MARK: Frame helpers

    /// The frame for a position and size: the transformed bounds in the superlayer's own
    /// coordinates (its sublayer transform is not part of a frame).
    private func frameFor(position: CGPoint, size: CGSize) -> CGRect {
        let m = LayerGeometry.transformToParent(bounds: CGRect(origin: .zero, size: size), anchorPoint: anchorPoint,
                                                anchorPointZ: anchorPointZ, transform: transform, position: position,
                                                zPosition: zPosition, in: nil)
        return Self.mapRect(CGRect(origin: .zero, size: size), m.homography)
    }

    /// The bounds size whose transformed bounding box is `size` (affine part of the transform).
    private func untransformedSize(for size: CGSize) -> CGSize {
        let t = affineTransform()
        if t.b == 0 && t.c == 0 && t.a != 0 && t.d != 0 {
            return CGSize(width: size.width / abs(t.a), height: size.height / abs(t.d))
        }
        // Bounding box of a w×h box: W = |a|w + |c|h, H = |b|w + |d|h.
        let (a, b, c, d) = (abs(t.a), abs(t.b), abs(t.c), abs(t.d))
        let det = a * d - b * c
        guard abs(det) > 1e-9 else {
            CGDiagnostics.log("CALayer.frame", "the transform makes the frame's size ambiguous; kept the bounds' aspect.")
            let current = frameFor(position: .zero, size: bounds.size)
            let k = current.width > 0 ? size.width / current.width : 1
            return CGSize(width: bounds.width * k, height: bounds.height * k)
        }
        return CGSize(width: max(0, (d * size.width - c * size.height) / det), height: max(0, (a * size.height - b * size.width) / det))
    }
}
