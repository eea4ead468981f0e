import Foundation

/// The outline of a layer's bounds with its rounded corners, and of its border.
struct LayerShape {
    let bounds: CGRect
    let radius: CGFloat
    let corners: CACornerMask
    let curve: CALayerCornerCurve
    /// Where its paths are kept (the renderer's context).
    let paths: PathCache

    init(_ layer: LayerSnapshot, paths: PathCache) {
        bounds = layer.bounds
        radius = layer.cornerRadius
        corners = layer.maskedCorners
        curve = layer.cornerCurve
        self.paths = paths
    }

    /// The outline with strips reaching `reach` past the straight parts of `sides` (and as far
    /// inside), as one shape under the winding rule (the strips turn as the outline does): a
    /// drawing to cut there by pixel centers, whose rounded corners stay as they are.
    func reachingPath(past sides: AliasedEdges, by reach: CGFloat) -> CGPath {
        let path = CGMutablePath()
        path.addPath(self.path)
        addStrips(to: path, past: sides, by: reach, inward: reach)
        return path
    }

    /// The border's ring reaching past `sides`, as one shape under the winding rule: the outline,
    /// the inner edge turning the other way, and strips reaching `reach` out and no deeper than
    /// the border inward (they must not paint inside it).
    func reachingBorderPath(width: CGFloat, past sides: AliasedEdges, by reach: CGFloat) -> CGPath {
        let path = CGMutablePath()
        path.addPath(self.path)
        let inner = bounds.insetBy(dx: width, dy: width)
        if inner.width > 0 && inner.height > 0 {
            // Mirrored about the middle (corners swapped to match): the same edge, turning the other way.
            var mirrored: CACornerMask = []
            if corners.contains(.layerMinXMinYCorner) { mirrored.insert(.layerMaxXMinYCorner) }
            if corners.contains(.layerMaxXMinYCorner) { mirrored.insert(.layerMinXMinYCorner) }
            if corners.contains(.layerMinXMaxYCorner) { mirrored.insert(.layerMaxXMaxYCorner) }
            if corners.contains(.layerMaxXMaxYCorner) { mirrored.insert(.layerMinXMaxYCorner) }
            let edge = Self.roundedRect(inner, radius: max(0, LayerNode.cornerRadius(radius, in: bounds) - width),
                                        corners: mirrored, curve: curve)
            let mirror = CGAffineTransform(translationX: inner.midX, y: 0).scaledBy(x: -1, y: 1).translatedBy(x: -inner.midX, y: 0)
            path.addPath(edge, transform: mirror)
        }
        addStrips(to: path, past: sides, by: reach, inward: min(reach, width))
        return path
    }

    /// Strips beside the straight parts of `sides`, from `inward` inside to `reach` outside. At
    /// a square corner between two aliased sides a strip runs on past the corner by `reach`, so
    /// that the pixel on the corner is wholly covered too.
    private func addStrips(to path: CGMutablePath, past sides: AliasedEdges, by reach: CGFloat, inward: CGFloat) {
        let r = LayerNode.cornerRadius(radius, in: bounds) * (curve == .continuous ? 1.53 : 1)
        func inset(_ corner: CACornerMask) -> CGFloat { corners.contains(corner) ? r : 0 }
        // How far a strip starts before (a negative inset) or after its end at `corner`.
        func start(_ corner: CACornerMask, _ other: AliasedEdges) -> CGFloat {
            inset(corner) == 0 && sides.contains(other) ? -reach : inset(corner)
        }
        let b = bounds, depth = reach + inward
        // A strip of no length adds nothing (one of negative length would wind the other way).
        func addStrip(_ rect: CGRect) { if rect.width > 0, rect.height > 0 { path.addRect(rect) } }
        if sides.contains(.minX) {
            let y0 = start(.layerMinXMinYCorner, .minY), y1 = start(.layerMinXMaxYCorner, .maxY)
            addStrip(CGRect(x: b.minX - reach, y: b.minY + y0, width: depth, height: b.height - y0 - y1))
        }
        if sides.contains(.maxX) {
            let y0 = start(.layerMaxXMinYCorner, .minY), y1 = start(.layerMaxXMaxYCorner, .maxY)
            addStrip(CGRect(x: b.maxX - inward, y: b.minY + y0, width: depth, height: b.height - y0 - y1))
        }
        if sides.contains(.minY) {
            let x0 = start(.layerMinXMinYCorner, .minX), x1 = start(.layerMaxXMinYCorner, .maxX)
            addStrip(CGRect(x: b.minX + x0, y: b.minY - reach, width: b.width - x0 - x1, height: depth))
        }
        if sides.contains(.maxY) {
            let x0 = start(.layerMinXMaxYCorner, .minX), x1 = start(.layerMaxXMaxYCorner, .maxX)
            addStrip(CGRect(x: b.minX + x0, y: b.maxY - inward, width: b.width - x0 - x1, height: depth))
        }
    }

    /// The bounds with the masked corners rounded; the radius is limited to half the shorter side.
    var path: CGPath {
        paths.path(for: Key(shape: self, border: nil)) { Self.roundedRect(bounds, radius: radius, corners: corners, curve: curve) }
    }

    /// The border's area: between the outline and the outline inset by `width` (a ring to fill
    /// with the even-odd rule). Nil for empty bounds.
    func borderPath(width: CGFloat) -> CGPath? {
        guard bounds.width > 0, bounds.height > 0 else { return nil }
        return paths.path(for: Key(shape: self, border: width)) { makeBorderPath(width: width) }
    }

    private func makeBorderPath(width: CGFloat) -> CGPath {
        let path = CGMutablePath()
        path.addPath(self.path)
        let inner = bounds.insetBy(dx: width, dy: width)
        if inner.width > 0 && inner.height > 0 {
            path.addPath(Self.roundedRect(inner, radius: max(0, LayerNode.cornerRadius(radius, in: bounds) - width),
                                          corners: corners, curve: curve))
        }
        return path
    }

    /// What a shape's paths depend on.
    struct Key: Hashable {
        var bounds: CGRect
        var radius: CGFloat
        var corners: CACornerMask
        var curve: CALayerCornerCurve
        /// The border's width, for its ring; nil for the outline.
        var border: CGFloat?

        init(shape: LayerShape, border: CGFloat?) {
            (bounds, radius, corners, curve, self.border) = (shape.bounds, shape.radius, shape.corners, shape.curve, border)
        }
    }


    static func roundedRect(_ rect: CGRect, radius: CGFloat, corners: CACornerMask,
                            curve: CALayerCornerCurve = .circular) -> CGPath {
        let r = LayerNode.cornerRadius(radius, in: rect)
        guard r > 0, !corners.isEmpty else { return CGPath(rect: rect, transform: nil) }
        if curve == .continuous { return ContinuousCorners.roundedRect(rect, radius: r, corners: corners) }
        func rounding(_ corner: CACornerMask) -> CGFloat { corners.contains(corner) ? r : 0 }
        let path = CGMutablePath()
        // Layer coordinates: min y is the top (iOS).
        let topLeft = rounding(.layerMinXMinYCorner), topRight = rounding(.layerMaxXMinYCorner)
        let bottomLeft = rounding(.layerMinXMaxYCorner), bottomRight = rounding(.layerMaxXMaxYCorner)
        path.move(to: CGPoint(x: rect.minX + topLeft, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX - topRight, y: rect.minY))
        corner(path, CGPoint(x: rect.maxX - topRight, y: rect.minY + topRight), topRight, -.pi / 2)
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - bottomRight))
        corner(path, CGPoint(x: rect.maxX - bottomRight, y: rect.maxY - bottomRight), bottomRight, 0)
        path.addLine(to: CGPoint(x: rect.minX + bottomLeft, y: rect.maxY))
        corner(path, CGPoint(x: rect.minX + bottomLeft, y: rect.maxY - bottomLeft), bottomLeft, .pi / 2)
        path.addLine(to: CGPoint(x: rect.minX, y: rect.minY + topLeft))
        corner(path, CGPoint(x: rect.minX + topLeft, y: rect.minY + topLeft), topLeft, .pi)
        path.closeSubpath()
        return path
    }

    /// A quarter circle from `start` (radians) turning toward increasing angles; nothing for r = 0.
    private static func corner(_ path: CGMutablePath, _ center: CGPoint, _ r: CGFloat, _ start: CGFloat) {
        guard r > 0 else { return }
        path.addArc(center: center, radius: r, startAngle: start, endAngle: start + .pi / 2, clockwise: false)
    }
}
