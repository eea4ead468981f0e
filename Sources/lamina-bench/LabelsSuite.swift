import GalleryDemos
import LaminaHost

/// `lamina-bench labels`: 1000 text layers (40 × 25 labels of 12-point text at 1280×720), 100
/// of them given a new string each frame — set in a transaction with actions disabled and
/// committed, which draws those 100 again (the display pass) — then the frame composited.
///
///     labels offscreen: frames=N main_p50_ms=… main_p99_ms=… render_p50_ms=… render_p99_ms=… whole=0
///     labels window: commits=N fps=… main_p50_ms=… main_p99_ms=… render_p50_ms=… render_p99_ms=… cpu_ms=… whole=0
///
/// "main" is the commit (string changes, the display pass drawing the changed labels, the
/// snapshot); "render" the compositor's frame (in a window: draw and put). In a window the
/// main thread changes 100 labels at each tick of the display's rate, as an app's display link
/// would, while the render thread draws; `cpu_ms` is the process's CPU time per frame shown.
enum LabelsSuite {
    static let count = 1000
    static let changedPerFrame = 100

    @MainActor
    static func scene() -> (view: HostingView, labels: [CATextLayer]) {
        let view = HostingView()
        view.layer.backgroundColor = DemoView.color(0.12, 0.13, 0.16)
        let columns = 25
        var labels: [CATextLayer] = []
        for index in 0..<count {
            let label = CATextLayer()
            label.frame = CGRect(x: 4 + CGFloat(index % columns) * 51, y: 4 + CGFloat(index / columns) * 17.9, width: 48, height: 16)
            label.string = "#\(index)"
            label.fontSize = 12
            label.foregroundColor = DemoView.color(0.9, 0.92, 0.95)
            view.layer.addSublayer(label)
            labels.append(label)
        }
        return (view, labels)
    }

    /// New strings for 100 labels, drawn and snapshot with actions disabled: the new contents
    /// replace the old without a cross-fade (an implicit `contents` animation per label would
    /// make a presentation copy of the tree for each).
    @MainActor
    static func change(_ labels: [CATextLayer], frame: Int, _ frames: OffscreenFrames?) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for k in 0..<changedPerFrame {
            let index = (frame * changedPerFrame + k * 7) % labels.count
            labels[index].string = "\(frame % 1000).\(k)"
        }
        frames?.commit()
        CATransaction.commit()
    }

    @MainActor
    static func run(_ options: SuiteOptions) -> Int32 {
        let (view, labels) = scene()
        let frames = OffscreenFrames(view, geometry: options.geometry)
        for i in 0..<10 { change(labels, frame: i, frames); _ = frames.next() }   // warm up
        let whole = frames.wholeFrames
        var main: [Double] = [], render: [Double] = []
        for i in 10..<(10 + options.frames) {
            main.append(Benchmark.times { change(labels, frame: i, frames) }.wall)
            render.append(Benchmark.times { _ = frames.next() }.wall)
        }
        let m = FrameTimes(main), r = FrameTimes(render)
        print(String(format: "labels offscreen: frames=%d main_p50_ms=%.2f main_p99_ms=%.2f render_p50_ms=%.2f render_p99_ms=%.2f whole=%d %@",
                     m.count, m.percentile(0.5), m.percentile(0.99), r.percentile(0.5), r.percentile(0.99), frames.wholeFrames - whole,
                     options.geometry.description))
        fflush(nil)
        guard options.wantsWindow("labels") else { return 0 }
        let (windowView, windowLabels) = scene()
        guard let window = WindowSuite.open(windowView, options.geometry) else { return 1 }
        var commits: [Double] = []
        let interval = 1 / Window.framesPerSecond
        let shown = WindowSuite.measure(window, seconds: options.seconds) { seconds in
            let end = Date().addingTimeInterval(seconds)
            var tick = Date()
            while tick < end {
                let i = commits.count
                commits.append(Benchmark.times {
                    change(windowLabels, frame: i, nil)
                    Application.shared.runUntil(timeout: 0) { true }       // the main thread's frame: events, display, snapshot
                }.wall)
                tick = max(tick.addingTimeInterval(interval), Date())
                RunLoop.main.run(until: tick)                              // the rest of the tick, as an app waits
            }
        }
        window.close()
        let c = FrameTimes(commits)
        print(String(format: "labels window: commits=%d fps=%.1f main_p50_ms=%.2f main_p99_ms=%.2f render_p50_ms=%.2f render_p99_ms=%.2f "
                     + "cpu_ms=%.2f whole=%d %@", c.count, shown.fps, c.percentile(0.5), c.percentile(0.99),
                     shown.times.percentile(0.5), shown.times.percentile(0.99), shown.cpuPerFrame, shown.wholeFrames, options.geometry.description))
        return 0
    }
}
