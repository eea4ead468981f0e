import CPixman
import Foundation

/// What the debug switches `hits` and `fps` draw over a window's composited frame: outlines of
/// the layer the pointer hits and of its ancestors, and a graph of the recent frame times in the
/// top-right corner. The window fills it in before each frame (it knows the pointer, the tree
/// and the frame times); the compositor draws it over the frame and repaints what it covered in
/// the next one, as it does for `damage`'s flashes. Empty, it draws nothing and costs nothing.
package struct DebugOverlay: Sendable, Equatable {
    /// Quadrilaterals in points (the window's coordinates, y down): the hit layer's bounds
    /// first, then each ancestor's up to the root. The hit layer is outlined red, its ancestors
    /// blue, 2 device pixels wide, centred on the edges.
    package var outlines: [[CGPoint]] = []
    /// Recent frame times in seconds, oldest first (the graph shows the last `graphFrames`);
    /// nil: no graph.
    package var frameTimes: [Double]?
    /// The frame interval the graph measures against (seconds): its dashed line is there, bars
    /// above it are red, bars below green, and its top is twice this.
    package var frameBudget: Double = 1.0 / 60

    /// How many frames the graph shows, one bar of 2 points each.
    package static let graphFrames = 60
    /// The graph's size and distance from the window's top-right corner, in points.
    static let graphSize = CGSize(width: CGFloat(graphFrames) * 2 + 8, height: 48), graphMargin: CGFloat = 8
    /// Outline width in device pixels.
    static let lineWidth: CGFloat = 2

    package init(outlines: [[CGPoint]] = [], frameTimes: [Double]? = nil, frameBudget: Double = 1.0 / 60) {
        self.outlines = outlines
        self.frameTimes = frameTimes
        self.frameBudget = frameBudget
    }

    /// Whether there is anything to draw.
    package var isEmpty: Bool { outlines.isEmpty && frameTimes == nil }

    /// Where the graph lies on a `screen` of `scale` device pixels per point, in points.
    static func graphFrame(screen: DeviceRect, scale: CGFloat) -> CGRect {
        let width = CGFloat(screen.width) / scale
        return CGRect(x: width - graphSize.width - graphMargin, y: graphMargin, width: graphSize.width, height: graphSize.height)
    }

    /// The device pixels the overlay covers on `screen`: a strip along each outline edge (not
    /// the outlined layers' whole bounding boxes: a hovered root would repaint the window) and
    /// the graph.
    func rectangles(scale: CGFloat, screen: DeviceRect) -> [DeviceRect] {
        let pad = Self.lineWidth
        var rects: [DeviceRect] = []
        for quad in outlines where quad.count == 4 {
            for (a, b) in zip(quad, quad.dropFirst() + quad.prefix(1)) {
                let edge = CGRect(x: min(a.x, b.x) * scale - pad, y: min(a.y, b.y) * scale - pad,
                                  width: abs(a.x - b.x) * scale + 2 * pad, height: abs(a.y - b.y) * scale + 2 * pad)
                if let rect = DeviceRect(enclosing: edge, within: screen) { rects.append(rect) }
            }
        }
        if frameTimes != nil {
            let graph = Self.graphFrame(screen: screen, scale: scale)
            let device = CGRect(x: graph.minX * scale, y: graph.minY * scale, width: graph.width * scale, height: graph.height * scale)
            if let rect = DeviceRect(enclosing: device, within: screen) { rects.append(rect) }
        }
        return rects
    }

    /// Draws the overlay over `target` (`scale` device pixels per point).
    func draw(in target: PixelTarget, scale: CGFloat) {
        guard !isEmpty else { return }
        let alpha: CGImageAlphaInfo = target.format == PIXMAN_x8r8g8b8 ? .noneSkipFirst : .premultipliedFirst
        guard let ctx = CGContext(data: target.data, width: Int(target.width), height: Int(target.height), bitsPerComponent: 8,
                                  bytesPerRow: Int(target.bytesPerRow), space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGBitmapInfo(rawValue: alpha.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
        else { return }
        // Points, y down, as the window's coordinates.
        ctx.translateBy(x: 0, y: CGFloat(target.height))
        ctx.scaleBy(x: scale, y: -scale)
        drawOutlines(in: ctx, scale: scale)
        if let frameTimes {
            drawGraph(frameTimes, in: ctx, at: Self.graphFrame(screen: DeviceRect(x: 0, y: 0, width: target.width, height: target.height), scale: scale))
        }
    }

    private func drawOutlines(in ctx: CGContext, scale: CGFloat) {
        ctx.setLineWidth(Self.lineWidth / scale)
        ctx.setLineJoin(.miter)
        // The ancestors first, outermost at the back; the hit layer on top of them all.
        for (index, quad) in outlines.enumerated().reversed() where quad.count == 4 && quad.allSatisfy(\.isFinite) {
            ctx.setStrokeColor(index == 0 ? CGColor(red: 1, green: 0, blue: 0, alpha: 1) : CGColor(red: 0, green: 0.3, blue: 1, alpha: 1))
            ctx.beginPath()
            ctx.addLines(between: quad)
            ctx.closePath()
            ctx.strokePath()
        }
    }

    private func drawGraph(_ times: [Double], in ctx: CGContext, at frame: CGRect) {
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 0.7))
        ctx.fill(frame)
        let plot = frame.insetBy(dx: 4, dy: 4)
        let budget = frameBudget > 0 && frameBudget.isFinite ? frameBudget : 1.0 / 60
        for (slot, seconds) in times.suffix(Self.graphFrames).enumerated() where seconds.isFinite && seconds >= 0 {
            let height = plot.height * CGFloat(min(seconds / (2 * budget), 1))
            ctx.setFillColor(seconds <= budget ? CGColor(red: 0.2, green: 0.9, blue: 0.3, alpha: 1) : CGColor(red: 1, green: 0.2, blue: 0.2, alpha: 1))
            ctx.fill(CGRect(x: plot.minX + CGFloat(slot) * 2, y: plot.maxY - height, width: 2, height: height))
        }
        // The budget: half way up.
        ctx.setStrokeColor(CGColor(red: 1, green: 1, blue: 1, alpha: 0.6))
        ctx.setLineWidth(1)
        ctx.setLineDash(phase: 0, lengths: [3, 3])
        ctx.strokeLineSegments(between: [CGPoint(x: plot.minX, y: plot.midY), CGPoint(x: plot.maxX, y: plot.midY)])
        ctx.setLineDash(phase: 0, lengths: [])
    }
}
