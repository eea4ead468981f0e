// lamina-snap — visual regression from the command line.
//   lamina-snap DEMO --at 0,0.5,1 --out DIR [--scale S] [--window]
//                    [--compare GOLDEN_DIR --tolerance N]
// Renders the gallery demo DEMO at those media times (seconds after it starts) on a virtual
// clock — offscreen by default, or captured from a real window with --window — and writes
// DIR/DEMO@T.png. With --compare, each frame is compared with GOLDEN_DIR/DEMO@T.png: at most 0.2 %
// of pixels may differ by more than N levels (default 2); a diff PNG is written beside the frame
// and the exit status is 1 on any mismatch.
import GalleryDemos
import LaminaHost
import LaminaTesting
import ImageIO

struct Options {
    var demo = ""
    var times: [Double] = [0]
    var out = "out/snap"
    var scale: CGFloat = 1
    var window = false
    var compare: String?
    var tolerance = 2
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("lamina-snap: \(message)\n".utf8))
    exit(2)
}

func parse(_ arguments: [String]) -> Options {
    var options = Options()
    var rest = arguments[...]
    guard let demo = rest.popFirst(), !demo.hasPrefix("-") else {
        fail("usage: lamina-snap DEMO --at 0,0.5,1 --out DIR [--scale S] [--window] [--compare DIR --tolerance N]\n"
             + "demos: " + demos.map(\.name).joined(separator: ", "))
    }
    options.demo = demo
    func number(_ text: Substring) -> Double {
        guard let value = Double(text) else { fail("'\(text)' is not a number") }
        return value
    }
    while let flag = rest.popFirst() {
        guard flag == "--window" || !rest.isEmpty else { fail("\(flag) needs a value") }
        switch flag {
        case "--at": options.times = rest.removeFirst().split(separator: ",").map(number)
        case "--out": options.out = rest.removeFirst()
        case "--scale": options.scale = CGFloat(number(Substring(rest.removeFirst())))
        case "--window": options.window = true
        case "--compare": options.compare = rest.removeFirst()
        case "--tolerance": options.tolerance = Int(number(Substring(rest.removeFirst())))
        default: fail("unknown option \(flag)")
        }
    }
    return options
}

/// Frames of the demo at each time, on a virtual clock started at `start`.
@MainActor
func frames(_ demo: Demo, _ options: Options) throws -> [(Double, CGImage)] {
    let start: CFTimeInterval = 1000
    MediaClock.setVirtualTime(start)
    let view = demo.make()
    let size = CGSize(width: 640, height: 480)
    if options.window {
        let window = try Window(checkedTitle: "lamina-snap \(demo.name)", size: size)
        window.contentView = view
        window.show()
        defer { window.close() }
        return options.times.compactMap { t in
            MediaClock.setVirtualTime(start + t)
            window.setNeedsDisplay()
            // The render thread puts the frame; the first ones may take a while on a busy machine.
            guard Application.shared.runUntil(timeout: 30, { window.shownMediaTime == start + t }) else {
                fail("the window showed no frame at \(t) s within 30 s")
            }
            return window.capture().map { (t, $0) }
        }
    }
    view.layer.frame = CGRect(origin: .zero, size: size)
    let renderer = CARenderer(size: size, scale: options.scale)
    renderer.backgroundColor = CGColor(gray: 1, alpha: 1)
    renderer.layer = view.layer
    return options.times.compactMap { t in renderer.makeImage(atTime: start + t).map { (t, $0) } }
}

MainActor.assumeIsolated {
    let options = parse(Array(CommandLine.arguments.dropFirst()))
    guard let demo = demos.first(where: { $0.name == options.demo }) else { fail("no demo named '\(options.demo)'") }
    try? FileManager.default.createDirectory(atPath: options.out, withIntermediateDirectories: true)
    let rendered: [(Double, CGImage)]
    do { rendered = try frames(demo, options) } catch { fail("\(error)") }
    var mismatches = 0
    for (index, (t, image)) in rendered.enumerated() {
        let name = "\(demo.name)@\(t)"
        let path = "\(options.out)/\(name).png"
        SnapshotComparison.write(image, to: URL(fileURLWithPath: path))
        var line = "[\(index + 1)/\(rendered.count)] \(path)"
        if let goldenDirectory = options.compare {
            let goldenURL = URL(fileURLWithPath: goldenDirectory).appendingPathComponent("\(name).png")
            guard let golden = SnapshotComparison.read(goldenURL) else {
                line += "  no golden at \(goldenURL.path)"
                mismatches += 1
                print(line)
                continue
            }
            let (differing, worst, diff) = SnapshotComparison.difference(image, golden, channelTolerance: options.tolerance)
            let fraction = Double(differing) / Double(max(image.width * image.height, 1))
            if golden.width != image.width || golden.height != image.height || fraction > 0.002 {
                mismatches += 1
                let diffImage = CGImage(width: image.width, height: image.height, bitsPerComponent: 8, bitsPerPixel: 32,
                                        bytesPerRow: image.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                                        bitmapInfo: CGBitmapInfo(alpha: .premultipliedLast),
                                        provider: CGDataProvider(data: Data(diff) as CFData), decode: nil,
                                        shouldInterpolate: false, intent: .defaultIntent)
                if let diffImage { SnapshotComparison.write(diffImage, to: URL(fileURLWithPath: "\(options.out)/\(name).diff.png")) }
                line += "  MISMATCH: \(differing) pixels differ by more than \(options.tolerance) (worst \(worst))"
            } else {
                line += "  matches"
            }
        }
        print(line)
    }
    exit(mismatches == 0 && rendered.count == options.times.count ? 0 : 1)
}
