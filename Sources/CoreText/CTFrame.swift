import CoreGraphics

/// Lines laid out in a path by a framesetter, with their origins. Immutable.
public final class CTFrame: @unchecked Sendable {
    let lines: [CTLine]
    /// Baseline origins from the path's bounding box's bottom-left corner, y up.
    let origins: [CGPoint]
    let path: CGPath
    let stringRange: CFRange
    let visibleRange: CFRange

    init(lines: [CTLine], origins: [CGPoint], path: CGPath, stringRange: CFRange, visibleRange: CFRange) {
        self.lines = lines
        self.origins = origins
        self.path = path
        self.stringRange = stringRange
        self.visibleRange = visibleRange
    }
}

/// The frame's lines (`CTLine`s), top to bottom.
public func CTFrameGetLines(_ frame: CTFrame) -> CFArray { frame.lines as NSArray }

/// Copies the baseline origins of a range of lines (length 0: to the end), relative to the
/// path's bounding box's bottom-left corner, y up.
public func CTFrameGetLineOrigins(_ frame: CTFrame, _ range: CFRange, _ origins: UnsafeMutablePointer<CGPoint>) {
    let start = min(max(range.location, 0), frame.origins.count)
    let end = range.length <= 0 ? frame.origins.count : start + min(range.length, frame.origins.count - start)
    for i in start..<max(start, end) { origins[i - start] = frame.origins[i] }
}

/// The range of the string the frame was asked to hold.
public func CTFrameGetStringRange(_ frame: CTFrame) -> CFRange { frame.stringRange }

/// The range of the string that fits in the frame.
public func CTFrameGetVisibleStringRange(_ frame: CTFrame) -> CFRange { frame.visibleRange }

/// The path the frame was laid out in.
public func CTFrameGetPath(_ frame: CTFrame) -> CGPath { frame.path }

/// Draws every line at its origin (offset by the path's bounding box), through the context's
/// text matrix. Code that flipped the CTM (iOS code drawing in a view's y-down space) gets
/// upright text, as on Apple platforms; the text position is left where the last line starts.
public func CTFrameDraw(_ frame: CTFrame, _ context: CGContext) {
    let box = frame.path.boundingBox
    let base = box.isNull ? CGPoint.zero : box.origin
    for (line, origin) in zip(frame.lines, frame.origins) {
        context.textPosition = CGPoint(x: base.x + origin.x, y: base.y + origin.y)
        CTLineDraw(line, context)
    }
}
