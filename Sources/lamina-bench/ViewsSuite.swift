import GalleryDemos
import LaminaHost
import UIKit

/// `lamina-bench views`: UIKit's views on Lamina (issue 45), three figures:
///
///     views layout: views=10001 samples=N build_ms=… layout_ms=… total_ms=… total_cpu_ms=… commit_ms=… relayout_ms=… teardown_ms=… laid_out=…
///     views drag offscreen: …                      (as `drag` prints)
///     views drag window: …
///     views animate offscreen: views=1000 …        (as `AnimatedSceneSuite` prints)
///     views animate window: views=1000 …
///
/// `layout`: a tree of 10,000 views (100 rows of 99 cells under a root, each row placing its
/// cells in `layoutSubviews`) made and laid out with `layoutIfNeeded()`, offscreen; medians of
/// `samples` trees: making it (`build_ms`), laying it out (`layout_ms`), both (`total_ms`, and the
/// main thread's CPU time `total_cpu_ms`), then committing it (`commit_ms`), laying it out again
/// at a new size (`relayout_ms`) and freeing it (`teardown_ms`); `laid_out` counts the rows whose
/// `layoutSubviews` ran in the first pass. `drag`: one view moved over 1000 still ones, its
/// `center` set and committed each frame, as `drag` moves a layer. `animate`: 1000 views each
/// animated by `UIView.animate` (position, transform and alpha, repeating, autoreversed), paced.
enum ViewsSuite {
    @MainActor
    static func run(_ options: SuiteOptions) -> Int32 {
        let size = options.geometry.size
        if !options.windowOnly { layout(samples: options.short ? 3 : 9, size: size, options.geometry) }
        let drag = DragSuite.measure("views drag", options) {
            var dragged: UIView!
            let host = UIKitHostingView(size: size) { window in
                tiles(in: window, size: size, animated: false)
                dragged = UIView(frame: CGRect(x: 68, y: 328, width: 64, height: 64))
                dragged.backgroundColor = .white
                dragged.layer.cornerRadius = 8
                window.addSubview(dragged)
            }
            return (host, { dragged.center = $0 })
        }
        guard drag == 0 else { return drag }
        return AnimatedSceneSuite.run("views animate", options, size: "views=1000") {
            UIKitHostingView(size: size) { tiles(in: $0, size: size, animated: true) }
        }
    }

    /// 1000 views in a 40 × 25 grid over the window, each its own color; when `animated`, each
    /// bobs, turns and fades in a `UIView.animate` block of its own duration, forever.
    @MainActor
    static func tiles(in window: UIWindow, size: CGSize, animated: Bool) {
        let columns = 40, rows = 25
        let width = size.width / CGFloat(columns), height = size.height / CGFloat(rows)
        for index in 0..<(columns * rows) {
            let tile = UIView(frame: CGRect(x: CGFloat(index % columns) * width + 2, y: CGFloat(index / columns) * height + 2,
                                            width: width - 4, height: height - 4))
            tile.backgroundColor = UIColor(hue: CGFloat(index % 97) / 97, saturation: 0.6, brightness: 0.9, alpha: 1)
            tile.layer.cornerRadius = 4
            window.addSubview(tile)
            guard animated else { continue }
            UIView.animate(withDuration: 1 + Double(index % 50) * 0.02, delay: 0, options: [.repeat, .autoreverse, .curveEaseInOut],
                           animations: {
                tile.center.y += 6
                tile.transform = CGAffineTransform(rotationAngle: .pi / 4)
                tile.alpha = 0.5
            })
        }
    }

    /// Prints the `views layout` line.
    @MainActor
    static func layout(samples: Int, size: CGSize, _ geometry: SceneGeometry) {
        var build: [Double] = [], layout: [Double] = [], total: [Double] = [], cpu: [Double] = []
        var commit: [Double] = [], relayout: [Double] = [], teardown: [Double] = []
        var views = 0, laidOut = 0
        for sample in 0..<(samples + 1) {                              // the first, a warm-up
            var root: ViewTree.Stack?
            ViewTree.Row.laidOut = 0
            let made = Benchmark.times(cpu: CLOCK_THREAD_CPUTIME_ID) {
                let built = Benchmark.seconds { root = ViewTree.make(size: size) }
                let laid = Benchmark.seconds { root!.layoutIfNeeded() }
                if sample > 0 { build.append(built); layout.append(laid) }
            }
            laidOut = ViewTree.Row.laidOut
            views = ViewTree.count(root!)
            let committed = Benchmark.seconds { CATransaction.flush() }
            let relaid = Benchmark.seconds {
                root!.frame.size = CGSize(width: size.width / 2, height: size.height)
                root!.layoutIfNeeded()
            }
            let freed = Benchmark.seconds { root = nil }
            if sample > 0 {
                total.append(made.wall); cpu.append(made.cpu)
                commit.append(committed); relayout.append(relaid); teardown.append(freed)
            }
        }
        func p50(_ seconds: [Double]) -> Double { FrameTimes(seconds).percentile(0.5) }
        print(String(format: "views layout: views=%d samples=%d build_ms=%.2f layout_ms=%.2f total_ms=%.2f total_cpu_ms=%.2f "
                     + "commit_ms=%.2f relayout_ms=%.2f teardown_ms=%.2f laid_out=%d %@",
                     views, samples, p50(build), p50(layout), p50(total), p50(cpu), p50(commit), p50(relayout), p50(teardown), laidOut,
                     geometry.description))
        fflush(nil)
    }
}
