// Path forms from Apple's Swift declarations that sit beside the Swift-style methods: the
// initializers Core Graphics' C functions import as (`CGPath(__byStroking:…)`,
// `CGPath(__byDashing:…)`), still written by code ported from Objective-C, and iOS 16's
// `flattened(threshold:)`.

extension CGPath {
    /// The stroked outline of `path` (`CGPathCreateCopyByStroking`), as
    /// `copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:)` builds it; nil when the
    /// line width is not a positive finite number or the miter limit is not finite.
    public convenience init?(__byStroking path: CGPath, transform: UnsafePointer<CGAffineTransform>?,
                             lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat) {
        guard lineWidth.isFinite, lineWidth > 0, miterLimit.isFinite else {
            CGDiagnostics.log("CGPathCreateCopyByStrokingPath", "line width \(lineWidth) or miter limit \(miterLimit) is not usable.")
            return nil
        }
        let outline = path.copy(strokingWithWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit,
                                transform: transform?.pointee ?? .identity)
        self.init(elements: outline.elements)
    }

    /// `path` cut into dashes (`CGPathCreateCopyByDashingPath`): `count` lengths at `lengths`, as
    /// `copy(dashingWithPhase:lengths:transform:)` cuts them; nil when there is no usable pattern.
    public convenience init?(__byDashing path: CGPath, transform: UnsafePointer<CGAffineTransform>?,
                             phase: CGFloat, lengths: UnsafePointer<CGFloat>?, count: Int) {
        guard let lengths, count > 0 else {
            CGDiagnostics.log("CGPathCreateCopyByDashingPath", "no dash lengths.")
            return nil
        }
        let pattern = Array(UnsafeBufferPointer(start: lengths, count: count))
        guard pattern.allSatisfy({ $0 >= 0 && $0.isFinite }), pattern.reduce(0, +) > 0, phase.isFinite else {
            CGDiagnostics.log("CGPathCreateCopyByDashingPath", "invalid dash lengths \(pattern).")
            return nil
        }
        let dashed = path.copy(dashingWithPhase: phase, lengths: pattern, transform: transform?.pointee ?? .identity)
        self.init(elements: dashed.elements)
    }

    /// The path with every curve replaced by straight lines that stray at most about `threshold`
    /// from it (iOS 16). A threshold that is not positive is taken as 0.5 units.
    public func flattened(threshold: CGFloat) -> CGPath {
        let tolerance = threshold.isFinite && threshold > 0 ? threshold : 0.5
        let result = CGMutablePath()
        for polyline in PathFlattener.polylines(of: elements, tolerance: tolerance) {
            guard let first = polyline.points.first else { continue }
            result.move(to: first)
            for point in polyline.points.dropFirst() { result.addLine(to: point) }
            if polyline.closed { result.closeSubpath() }
        }
        return result
    }
}
