import GalleryDemos
import LaminaHost
import Glibc

/// `lamina-bench idle`, `mover` and `blocked`: what a window costs when nothing changes, when one
/// tile moves over 1000 still ones (damage against whole frames), and how animations fare while
/// the main thread is blocked — in a real window.
enum WindowSuite {
    /// 1000 still tiles of the stress scene (no animations), plus the moving tile if asked.
    @MainActor
    static func scene(moving: Bool) -> HostingView {
        let view = StressDemo(count: 1000)
        for tile in view.layer.sublayers ?? [] { tile.removeAllAnimations() }
        if moving {
            let mover = CALayer()
            mover.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
            mover.position = CGPoint(x: 100, y: 360)
            mover.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            mover.cornerRadius = 8
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.fromValue = 100
            slide.toValue = 1180
            slide.duration = 4
            slide.autoreverses = true
            slide.repeatCount = .infinity
            mover.add(slide, forKey: "slide")
            view.layer.addSublayer(mover)
        }
        return view
    }

    @MainActor
    static func open(_ view: HostingView) -> Window? {
        guard let window = try? Window(checkedTitle: "lamina-bench", size: StressDemo.size) else {
            print("lamina-bench: cannot open the X display (DISPLAY=\(ProcessInfo.processInfo.environment["DISPLAY"] ?? "unset"))")
            return nil
        }
        window.contentView = view
        window.show()
        Application.shared.runUntil(timeout: 1) { false }               // warm up: textures, first frames
        return window
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// `idle: seconds=S puts=N cpu_percent=X`: a still window, the main run loop running.
    @MainActor
    static func idle(seconds: Double) -> Int32 {
        guard let window = open(scene(moving: false)) else { return 1 }
        let puts = window.framesPresented, cpu = cpuSeconds(), started = Date()
        RunLoop.main.run(until: started.addingTimeInterval(seconds))     // as Application.run() does
        let elapsed = Date().timeIntervalSince(started)
        print(String(format: "idle: seconds=%.2f puts=%d cpu_percent=%.2f", elapsed, window.framesPresented - puts,
                     100 * (cpuSeconds() - cpu) / elapsed))
        window.close()
        return 0
    }

    /// `blocked: layers=N seconds=S fps=X`: the stress scene's frame rate while the main thread
    /// sleeps (animations run on the render thread).
    @MainActor
    static func blocked(seconds: Double, layers: Int) -> Int32 {
        guard let window = open(StressDemo(count: layers)) else { return 1 }
        let frames = window.framesPresented, started = Date()
        Thread.sleep(forTimeInterval: seconds)                          // the busy main thread
        let elapsed = Date().timeIntervalSince(started)
        print(String(format: "blocked: layers=%d seconds=%.2f fps=%.1f", layers, elapsed, Double(window.framesPresented - frames) / elapsed))
        window.close()
        return 0
    }

    /// `mover: damage_p50_ms=X whole_p50_ms=Y ratio=R`: frame times with damage, then with
    /// whole frames, of the same scene in the same run.
    @MainActor
    static func mover(seconds: Double) -> Int32 {
        guard let window = open(scene(moving: true)) else { return 1 }
        func medianFrame() -> Double {
            let before = window.recentFrameTimes.count
            Application.shared.runUntil(timeout: seconds) { false }
            let times = window.recentFrameTimes.suffix(max(window.recentFrameTimes.count - before, 1)).sorted()
            return times.isEmpty ? 0 : times[times.count / 2] * 1000
        }
        let damaged = medianFrame()
        Window.drawsWholeFrames = true
        let whole = medianFrame()
        Window.drawsWholeFrames = false
        print(String(format: "mover: damage_p50_ms=%.3f whole_p50_ms=%.3f ratio=%.3f", damaged, whole, damaged / max(whole, 1e-9)))
        window.close()
        return 0
    }
}
