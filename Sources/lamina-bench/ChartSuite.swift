import CoreGraphics
import ImageIO
import Foundation

/// `lamina-bench chart --out FILE.png --title T [--x-label L] [--target FPS] [--y-max FPS] --series "NAME=x:y,x:y…" …`:
/// a line chart of frame rate against a scene's size (layers, by default; `--x-label` names
/// another, such as particles), with a dashed line at `--target` fps when given, drawn with
/// Lamina's own Core Graphics (for the bench report's charts, one per scene). With `--y-max`, the
/// axis stops there (or at the highest point, if lower) and points above it sit on the top edge
/// with their value written beside them, so a fast small scene does not flatten the rest.
enum ChartSuite {
    struct Series {
        let name: String
        let points: [(x: Double, y: Double)]
    }

    static func run(_ arguments: [String]) -> Int32 {
        var out: String?, title = "", xLabel = "layers", target: Double?, yMax: Double?, series: [Series] = []
        var i = 1
        while i + 1 < arguments.count {
            let value = arguments[i + 1]
            switch arguments[i] {
            case "--out": out = value
            case "--title": title = value
            case "--x-label": xLabel = value
            case "--target":
                guard let fps = Double(value), fps.isFinite, fps > 0 else { print("lamina-bench chart: bad target \(value)"); return 2 }
                target = fps
            case "--y-max":
                guard let fps = Double(value), fps.isFinite, fps >= 10 else { print("lamina-bench chart: bad y-max \(value)"); return 2 }
                yMax = fps
            case "--series":
                let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
                // Sizes on a log axis (above 0) and rates on a linear one, both finite and in
                // bounds a chart can label: anything else is refused, never drawn as NaN.
                let points = parts.count == 2 ? parts[1].split(separator: ",").map { pair -> (x: Double, y: Double)? in
                    let xy = pair.split(separator: ":").compactMap { Double($0) }
                    guard xy.count == 2, (1...1e9).contains(xy[0]), (0...1e5).contains(xy[1]) else { return nil }
                    return (xy[0], xy[1])
                } : []
                guard !points.isEmpty, !points.contains(where: { $0 == nil }) else {
                    print("lamina-bench chart: bad series \(value) (NAME=x:y,x:y…, x from 1 to 1e9, y from 0 to 100000)")
                    return 2
                }
                series.append(Series(name: parts[0], points: points.compactMap { $0 }))
            default: print("lamina-bench chart: unknown option \(arguments[i])"); return 2
            }
            i += 2
        }
        guard let out, !series.isEmpty, let image = draw(series, title: title, xLabel: xLabel, target: target, yMax: yMax) else {
            print("usage: lamina-bench chart --out FILE.png [--title T] [--x-label L] [--target FPS] [--y-max FPS] --series \"NAME=x:y,x:y\" …")
            return 2
        }
        guard let destination = CGImageDestinationCreateWithURL(URL(fileURLWithPath: out) as CFURL, "public.png" as CFString, 1, nil) else {
            print("lamina-bench chart: cannot write \(out)")
            return 1
        }
        CGImageDestinationAddImage(destination, image, nil)
        return CGImageDestinationFinalize(destination) ? 0 : 1
    }

    static let colors = [CGColor(red: 0.16, green: 0.44, blue: 0.85, alpha: 1), CGColor(red: 0.85, green: 0.37, blue: 0.16, alpha: 1),
                         CGColor(red: 0.2, green: 0.65, blue: 0.3, alpha: 1)]

    /// Scene sizes on a log scale (x, named `xLabel`), frames per second on a linear one (y).
    static func draw(_ series: [Series], title: String, xLabel: String = "layers", target: Double? = nil,
                     yMax: Double? = nil) -> CGImage? {
        let (width, height) = (900, 540)
        guard let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: width, height: height))
        let plot = CGRect(x: 80, y: 70, width: CGFloat(width) - 120, height: CGFloat(height) - 150)   // y up; text too
        let xs = series.flatMap { $0.points.map(\.x) }, ys = series.flatMap { $0.points.map(\.y) }
        let (x0, x1) = (log10(xs.min()!), log10(max(xs.max()!, xs.min()! * 2)))
        // At most ten grid lines, a round number apart.
        let highest = min(ys.max()!, yMax ?? .infinity)
        let step = [10.0, 20, 50, 100, 200, 500, 1000].first { highest / $0 <= 10 } ?? 1000
        let yTop = max(60, (highest / step).rounded(.up) * step)
        func point(_ x: Double, _ y: Double) -> CGPoint {
            CGPoint(x: plot.minX + plot.width * CGFloat((log10(x) - x0) / (x1 - x0)), y: plot.minY + plot.height * CGFloat(min(y, yTop) / yTop))
        }
        let text = { (text: String) in TextLayout(text, fontSize: 13, color: CGColor(gray: 0.25, alpha: 1)) }
        let label = { (string: String, at: CGPoint) in text(string).draw(in: ctx, at: at) }
        // Centered on x: tick labels and the axis' name, whatever their length.
        let centered = { (string: String, x: CGFloat, y: CGFloat) in
            label(string, CGPoint(x: x - text(string).size.width / 2, y: y))
        }
        // Grid and axis labels.
        ctx.setLineWidth(1)
        for k in 0...Int((yTop / step).rounded()) {
            let value = Double(k) * step, y = point(xs.min()!, value).y
            ctx.setStrokeColor(gray: k == 0 ? 0.3 : 0.88, alpha: 1)
            ctx.strokeLineSegments(between: [CGPoint(x: plot.minX, y: y), CGPoint(x: plot.maxX, y: y)])
            label("\(Int(value))", CGPoint(x: plot.minX - 36, y: y + 8))
        }
        for x in Set(xs).sorted() {
            let p = point(x, 0)
            ctx.setStrokeColor(gray: 0.88, alpha: 1)
            ctx.strokeLineSegments(between: [CGPoint(x: p.x, y: plot.minY), CGPoint(x: p.x, y: plot.maxY)])
            centered("\(Int(x))", p.x, plot.minY - 8)
        }
        centered(xLabel, plot.midX, plot.minY - 30)
        if let target, target <= yTop {
            let y = point(xs.min()!, target).y
            ctx.setStrokeColor(gray: 0.45, alpha: 1)
            ctx.setLineDash(phase: 0, lengths: [6, 4])
            ctx.strokeLineSegments(between: [CGPoint(x: plot.minX, y: y), CGPoint(x: plot.maxX, y: y)])
            ctx.setLineDash(phase: 0, lengths: [])
            // At the right end, where the curves have fallen (and below the legend).
            let name = String(format: "%g fps", target)
            label(name, CGPoint(x: plot.maxX - 6 - text(name).size.width, y: y + 18))
        }
        label("fps", CGPoint(x: 24, y: plot.maxY + 24))
        TextLayout(title, fontSize: 18, weight: .semibold, color: CGColor(gray: 0.1, alpha: 1))
            .draw(in: ctx, at: CGPoint(x: plot.minX, y: CGFloat(height) - 16))
        // One line per series, with its legend entry (top right, inside the plot, as wide as the
        // longest name).
        let legendX = plot.maxX - 44 - series.map { text($0.name).size.width }.max()!
        for (n, s) in series.enumerated() {
            let color = colors[n % colors.count]
            let points = s.points.sorted { $0.x < $1.x }.map { point($0.x, $0.y) }
            ctx.setStrokeColor(color)
            ctx.setFillColor(color)
            ctx.setLineWidth(3)
            ctx.addLines(between: points)
            ctx.strokePath()
            for p in points { ctx.fillEllipse(in: CGRect(x: p.x - 5, y: p.y - 5, width: 10, height: 10)) }
            for (x, y) in s.points where y > yTop {
                label(String(format: "%.0f ↑", y), CGPoint(x: point(x, y).x + 8, y: plot.maxY - 4))
            }
            let legend = CGPoint(x: legendX, y: plot.maxY - 12 - CGFloat(n) * 24)
            ctx.fill(CGRect(x: legend.x, y: legend.y - 10, width: 18, height: 6))
            label(s.name, CGPoint(x: legend.x + 26, y: legend.y))
        }
        return ctx.makeImage()
    }
}
