import QuartzCore

extension Window {
    /// Lamina's debug switches for a window's frames: what `LAMINA_DEBUG` (a comma-separated list
    /// of the names below, read when a window is made) turns on, and `Window.debugOptions` sets
    /// at run time. Lamina's own: Apple's platforms have these in Instruments and Xcode.
    ///
    ///     window.debugOptions = [.blended, .hits]          // as LAMINA_DEBUG=blended,hits
    ///
    /// The tints, outlines and graph are drawn over frames the render thread composites; a tree
    /// only the main thread can draw (a custom property animating) shows none of them.
    public struct DebugOptions: OptionSet, Sendable {
        /// The switches as bits (`RenderDebug`'s, which the compositor reads).
        public let rawValue: Int
        /// The switches whose bits `rawValue` sets.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// `damage`: each frame's damaged rectangles flash magenta, repainted the next frame.
        public static let damage = DebugOptions(rawValue: RenderDebug.damage.rawValue)
        /// `fallback`: each subtree the layer renderer draws because the compositor cannot place
        /// it is printed to standard error once, with the layer's name and the reason.
        public static let fallback = DebugOptions(rawValue: RenderDebug.fallback.rawValue)
        /// `offscreen`: what an offscreen pass draws (groups, masks, rasterized layers) is tinted yellow.
        public static let offscreen = DebugOptions(rawValue: RenderDebug.offscreen.rawValue)
        /// `misaligned`: layers not on whole device pixels (turned, scaled, moved by fractions)
        /// are tinted magenta.
        public static let misaligned = DebugOptions(rawValue: RenderDebug.misaligned.rawValue)
        /// `blended`: layers that blend with what is under them are tinted red, opaque ones
        /// green, as Instruments' "Color Blended Layers".
        public static let blended = DebugOptions(rawValue: RenderDebug.blended.rawValue)
        /// `hits`: while the pointer is over the window, the layer `hitTest` returns there is
        /// outlined red and each of its ancestors blue.
        public static let hits = DebugOptions(rawValue: RenderDebug.hits.rawValue)
        /// `fps`: a graph of the recent frame times (drawing and putting each frame) in the
        /// top-right corner: a bar per frame, green within the display's frame interval (the
        /// dashed line), red above it; the top is twice the interval.
        public static let fps = DebugOptions(rawValue: RenderDebug.fps.rawValue)

        /// The switches named in `value`, comma-separated, as `LAMINA_DEBUG` takes them
        /// ("damage,hits"); unknown names are ignored.
        public init(parsing value: String) {
            self.init(rawValue: RenderDebug(parsing: value).rawValue)
        }

        /// The switches `LAMINA_DEBUG` names in this process's environment.
        public static var environment: DebugOptions { DebugOptions(rawValue: RenderDebug.fromEnvironment().rawValue) }
    }

    /// Hands the switches and, with `hits`, the outlines under the pointer to the render thread.
    func debugOptionsDidChange() {
        guard let surface else { return }
        let outlines = debugOptions.contains(.hits) ? hitOutlines() : []
        surface.setDebug(RenderDebug(rawValue: debugOptions.rawValue), hitOutlines: outlines)
        application.renderThread.wake()
    }

    /// The outlines `hits` shows: the bounds of the layer hit under the pointer, then of each
    /// of its ancestors, as quadrilaterals in the window's points (a turned layer's is turned).
    func hitOutlines() -> [[CGPoint]] {
        guard let location = currentPointerLocation, let root = contentView?.layer, let hit = root.hitTest(location) else { return [] }
        var outlines: [[CGPoint]] = []
        var layer: CALayer? = hit
        while let l = layer {
            let b = l.bounds
            outlines.append([CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY),
                             CGPoint(x: b.maxX, y: b.maxY), CGPoint(x: b.minX, y: b.maxY)].map { l.convert($0, to: nil) })
            layer = l.superlayer
        }
        return outlines
    }
}
