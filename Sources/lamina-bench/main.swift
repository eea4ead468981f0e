// lamina-bench SUITE [--samples N]: release-build benchmarks that print their figures.
//   cg         Core Graphics operations (drawing, images, text, codecs), median time per call
//   text       Core Text's figures step by step (line creation, drawing, frames)
//   offscreen  whole frames of layer trees offscreen: composited, and drawn by CARenderer
//   frames     the render thread's frames offscreen: the stress scene, one tile moving over many;
//              with --layers N --count F: F stress frames of N tiles, wall and CPU time per frame
//   scaling    [--layers N] [--rounds R] [--frames F] [--warm-up W]: the stress frame on one core (each CPU in turn)
//              against two, in rounds of F frames each in one process: the median round's speed-up, and a plain
//              blend loop's in the same rounds (the machine's own)
//   model      the model side: property changes, presentation trees
//   kernels    our pixel kernels beside pixman's, with ratios
//   filters    Core Image's blurs over the frosted panel's 600×400 region, one core, median CPU time
//   chart      --out FILE.png --title T [--x-label L] --series "NAME=x:y,…" …: a chart of fps against layers (or L)
//   idle       --seconds S: puts and CPU of a still window (needs DISPLAY)
//   idle-after-animation --seconds S: the same, 1.5 s after a window's only animation ended
//   blocked    --seconds S --layers N: the stress scene's fps while the main thread sleeps (needs DISPLAY)
//   latency    --presses N: real clicks to changed pixels put beside a spinner, and the intervals between shown frames (needs DISPLAY and xdotool)
//   mover      --seconds S: one tile moving over 1000 still ones, damage against whole frames (needs DISPLAY)
//   stress     --layers N --seconds S [--unpaced]: the stress scene in a real window (needs DISPLAY)
//   first-frame [DEMO…] [--runs N] [--phases]: process start to the first frame shown, per gallery demo, and with
//              --phases where the time went (loading, X connection, building, show(), drawing) (needs DISPLAY)
//   pacing     --layers N --seconds S: intervals between an animating window's frames, p50/p99/max (needs DISPLAY)
//   limits     the README limits table's slow paths (text, shapes, gradients, filters), each once against its 2 s bound
// The render-tree suites: offscreen (the render thread's frames, as `frames`), then in a real window
// when there is a DISPLAY; [--frames N] [--seconds S] [--short] [--offscreen] [--window-only]:
//   nested     one tile moving over 1000 still ones, flat and inside a container: frame cost and ratio
//   drag       a commit per frame moving one layer over 1000 still tiles: main and render thread ms
//   effects    200 animated layers under masks, rounded clips, group opacity, perspective: fps, p99, fallbacks
//              (--layers N: N of them, further sheets of cells over the first)
//   scroll     the gallery's 1000-row list scrolling in a rounded clip: fps, p99, fallbacks
//   tiles      the gallery's tiled map zoomed and dragged (window only): the longest main-thread stall while tiles draw
//   frost      a 600×400 frosted panel (CIGaussianBlur radius 20) over an animated 1280×720 scene; the blur
//              kernel alone beside pixman's separable convolution
//   particles  10,000 live particles of an emitter (turning, fading sprites) at 1280×720: fps, p99
//              (--count N: N live particles)
//   shapes     500 shape-layer rings each animating strokeEnd: fps, p99, fallbacks
//   labels     1000 text layers, 100 given a new string each frame: main-thread and render ms, then fps in a window
//   views      UIKit's views: 10,000 views built and laid out (ms); one view dragged over 1000, a commit per frame
//              (main-thread ms); 1000 views animated with UIView.animate (fps paced)
// Every window and offscreen suite also takes --scale S (device pixels per point; default LAMINA_SCALE,
// else 1) and --size WxH (points; default 1280x720): see SceneGeometry. Their figure lines end with
// `scale=S size=WxH`.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
/// The suites that draw a scene, in a window or offscreen, and so take --scale and --size; the
/// others (per-call and kernel figures, charts) refuse them.
let geometrySuites: Set<String> = ["nested", "drag", "effects", "scroll", "tiles", "frost", "particles", "shapes", "labels", "views",
                                   "first-frame", "stress", "frames", "uikit", "scaling", "pacing", "offscreen",
                                   "idle", "idle-after-animation", "mover", "blocked", "latency"]
let suiteSizes: [String: CGSize] = ["latency": CGSize(width: 320, height: 240), "uikit": CGSize(width: 480, height: 720)]
let geometry: SceneGeometry
if let name = arguments.first, geometrySuites.contains(name) {
    switch SceneGeometry.parse(arguments, defaultSize: suiteSizes[name] ?? SceneGeometry.defaultSize) {
    case .success(let parsed): geometry = parsed
    case .failure(let error):
        print("lamina-bench \(name): \(error)")
        exit(2)
    }
    geometry.applyToWindows()
} else {
    if let flag = arguments.first(where: { $0 == "--scale" || $0 == "--size" }), let name = arguments.first {
        print("lamina-bench \(name): takes no \(flag) (it draws no window or scene; its figures are per call)")
        exit(2)
    }
    geometry = SceneGeometry(size: SceneGeometry.defaultSize, scale: 1)
}
let sceneSuites: [String: @MainActor (SuiteOptions) -> Int32] = ["nested": NestedSuite.run, "drag": DragSuite.run,
                                                                 "effects": EffectsSuite.run, "scroll": ScrollSuite.run,
                                                                 "tiles": TiledSuite.run, "frost": FrostSuite.run,
                                                                 "particles": ParticlesSuite.run, "shapes": ShapesSuite.run, "labels": LabelsSuite.run,
                                                                 "views": ViewsSuite.run]
if let name = arguments.first, let run = sceneSuites[name] {
    #if DEBUG
    print("warning: a debug build; figures mean little (swift build -c release --product lamina-bench)")
    #endif
    exit(MainActor.assumeIsolated { run(SuiteOptions(arguments: arguments, geometry: geometry)) })
}
if arguments.first == "first-frame" {
    exit(FirstFrameSuite.run(arguments, geometry: geometry))
}
if arguments.first == "stress" {
    exit(MainActor.assumeIsolated { StressSuite.run(arguments, geometry: geometry) })
}
if arguments.first == "frames", arguments.contains("--layers") || arguments.contains("--count") {
    exit(MainActor.assumeIsolated { FrameSuite.runStress(arguments, geometry: geometry) })
}
if arguments.first == "uikit" { exit(MainActor.assumeIsolated { UIKitSuite.run(arguments, geometry: geometry) }) }
if arguments.first == "scaling" { exit(MainActor.assumeIsolated { ScalingSuite.run(arguments, geometry: geometry) }) }
if arguments.first == "pacing" { exit(MainActor.assumeIsolated { PacingSuite.run(arguments, geometry: geometry) }) }
if arguments.first == "limits" { exit(MainActor.assumeIsolated { LimitsSuite.run() }) }
let suites: [String: @MainActor () -> [Benchmark]] = ["cg": { CoreGraphicsSuite.benchmarks }, "offscreen": { OffscreenSuite.benchmarks(geometry) },
                                                     "model": { ModelSuite.benchmarks }, "text": { TextSuite.benchmarks },
                                                     "frames": { FrameSuite.benchmarks(geometry) }]

if let window = arguments.first, ["idle", "idle-after-animation", "mover", "blocked", "latency"].contains(window) {
    func value(_ flag: String, _ fallback: Double) -> Double {
        arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? Double(arguments[$0 + 1]) : nil } ?? fallback
    }
    let seconds = value("--seconds", window == "blocked" ? 1 : 5)
    exit(MainActor.assumeIsolated {
        switch window {
        case "idle": WindowSuite.idle(seconds: seconds, geometry)
        case "idle-after-animation": WindowSuite.idleAfterAnimation(seconds: seconds, geometry)
        case "mover": WindowSuite.mover(seconds: seconds, geometry)
        case "latency": WindowSuite.latency(presses: Int(value("--presses", 20)), geometry)
        default: WindowSuite.blocked(seconds: seconds, layers: Int(value("--layers", 1000)), geometry)
        }
    })
}
if arguments.first == "chart" {
    exit(ChartSuite.run(arguments))
}
if arguments.first == "filters" {
    var count = 9
    if let i = arguments.firstIndex(of: "--samples"), i + 1 < arguments.count, let n = Int(arguments[i + 1]), n > 0 { count = n }
    FilterSuite.run(samples: count)
    exit(0)
}
if arguments.first == "kernels" {
    KernelSuite.run(samples: 9)
    SamplingKernelSuite.run(samples: 9)
    exit(0)
}
guard let suite = arguments.first, let makeBenchmarks = suites[suite] else {
    print("usage: lamina-bench SUITE [--samples N]   |   lamina-bench stress --layers N --seconds S [--unpaced]\n"
          + "   |   lamina-bench nested|drag|effects|scroll|tiles|frost|particles|shapes|labels|views [--frames N] [--seconds S] [--short] [--offscreen] [--window-only]\n"
          + "       (effects --layers N, particles --count N)\n"
          + "   |   lamina-bench first-frame [DEMO…] [--runs N] [--phases]   |   lamina-bench filters [--samples N]\n"
          + "   |   lamina-bench uikit [--presses N] [--seconds S]\n"
          + "every window and offscreen suite (the scene suites, stress, frames, offscreen, scaling, pacing, first-frame, idle,\n"
          + "idle-after-animation, mover, blocked, latency, uikit) also takes\n"
          + "       --scale S    device pixels per point, \(SceneGeometry.format(SceneGeometry.scales.lowerBound)) to \(SceneGeometry.format(SceneGeometry.scales.upperBound)) (default LAMINA_SCALE, else 1)\n"
          + "       --size WxH   the window's (or offscreen frame's) size in points, each side ≥ \(SceneGeometry.smallestSide), ≤ \(SceneGeometry.largestPixelSide) pixels at the scale\n"
          + "                    (default 1280x720; latency 320x240, uikit 480x720)\n"
          + "       and its figure lines end with scale=S size=WxH; e.g. lamina-bench scroll --scale 2 --size 1920x1080 (3840×2160 pixels)\n"
          + "suites: \(suites.keys.sorted().joined(separator: ", ")), stress, \(sceneSuites.keys.sorted().joined(separator: ", "))")
    exit(arguments.isEmpty || arguments.first == "--help" ? 0 : 2)
}
var samples = 9
if let i = arguments.firstIndex(of: "--samples"), i + 1 < arguments.count, let n = Int(arguments[i + 1]), n > 0 { samples = n }

#if DEBUG
print("warning: a debug build; figures mean little (swift build -c release --product lamina-bench)")
#endif
print("| benchmark | median per call |")
print("|---|---:|")
for benchmark in makeBenchmarks() {
    let seconds = benchmark.run(samples: samples)
    let figure = seconds >= 1e-3 ? String(format: "%.2f ms", seconds * 1e3) : String(format: "%.1f µs", seconds * 1e6)
    print("| \(benchmark.name) | \(figure) |")
    fflush(nil)   // all streams: the figures appear as they come when piped
}
