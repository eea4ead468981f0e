import GalleryDemos
import LaminaHost
import Glibc

/// `lamina-bench idle`, `mover` and `blocked`: what a window costs when nothing changes, when one
/// tile moves over 1000 still ones (damage against whole frames), and how animations fare while
/// the main thread is blocked — in a real window.
enum WindowSuite {
    /// 1000 still tiles of the stress scene (no animations), plus the moving tile if asked; `nested`
    /// puts them all one level deeper, in one full-size container layer (as views nest).
    @MainActor
    static func scene(moving: Bool, nested: Bool = false, size: CGSize = SceneGeometry.defaultSize) -> HostingView {
        let view = StressDemo(count: 1000, size: size)
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
        if nested {
            let container = CALayer()
            container.frame = CGRect(origin: .zero, size: size)
            for layer in view.layer.sublayers ?? [] { container.addSublayer(layer) }
            view.layer.addSublayer(container)
        }
        return view
    }

    @MainActor
    /// A window of `geometry`'s size (its scale set at start, `SceneGeometry.applyToWindows`)
    /// showing `view`, warmed up for a second; nil, with a message, without a display.
    static func open(_ view: HostingView, _ geometry: SceneGeometry) -> Window? {
        guard let window = try? Window(checkedTitle: "lamina-bench", size: geometry.size) else {
            print("lamina-bench: cannot open the X display (DISPLAY=\(ProcessInfo.processInfo.environment["DISPLAY"] ?? "unset"))")
            return nil
        }
        window.contentView = view
        window.show()
        Application.shared.runUntil(timeout: 1) { false }               // warm up: textures, first frames
        return window
    }

    /// What a window showed while `runMainThread` ran the main thread for `seconds` (by default the
    /// run loop, as an app runs): frames put, those drawn whole, and how long each took to draw and put.
    struct Shown {
        var frames: Int
        /// Frames the compositor could not place, drawn whole by the renderer (whole-frame fallbacks).
        var wholeFrames: Int
        var seconds: Double
        var times: FrameTimes
        /// CPU time of the whole process meanwhile (every thread; the X server's is not counted).
        var cpuSeconds: Double
        var fps: Double { Double(frames) / seconds }
        /// The process's CPU time per frame put, in ms: steadier than frame times on a loaded machine.
        var cpuPerFrame: Double { frames > 0 ? cpuSeconds / Double(frames) * 1000 : 0 }
    }

    @MainActor
    static func measure(_ window: Window, seconds: Double,
                        runMainThread: (Double) -> Void = { Application.shared.runUntil(timeout: $0) { false } }) -> Shown {
        let frames = window.framesPresented, whole = window.framesDrawnWhole, cpu = cpuSeconds(), started = Date()
        runMainThread(seconds)
        let elapsed = Date().timeIntervalSince(started)
        let shown = window.framesPresented - frames
        return Shown(frames: shown, wholeFrames: window.framesDrawnWhole - whole, seconds: elapsed,
                     times: FrameTimes(window.recentFrameTimes.suffix(shown)), cpuSeconds: cpuSeconds() - cpu)
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// `idle: seconds=S puts=N cpu_percent=X`: a still window, the main run loop running.
    @MainActor
    static func idle(seconds: Double, _ geometry: SceneGeometry) -> Int32 {
        guard let window = open(scene(moving: false, size: geometry.size), geometry) else { return 1 }
        let puts = window.framesPresented, cpu = cpuSeconds(), started = Date()
        RunLoop.main.run(until: started.addingTimeInterval(seconds))     // as Application.run() does
        let elapsed = Date().timeIntervalSince(started)
        print(String(format: "idle: seconds=%.2f puts=%d cpu_percent=%.2f %@", elapsed, window.framesPresented - puts,
                     100 * (cpuSeconds() - cpu) / elapsed, geometry.description))
        window.close()
        return 0
    }

    /// `idle-after-animation: stops=1 seconds=S puts=N drawn=N cpu_percent=X`: 600 still tiles, one of
    /// which fades in for 0.3 s; measured from 1.5 s after the fade's end (its delegate told,
    /// the animation removed), the main run loop running. A window whose animations have ended
    /// should cost what a window that never animated does (`idle`).
    @MainActor
    static func idleAfterAnimation(seconds: Double, _ geometry: SceneGeometry) -> Int32 {
        let view = HostingView()
        view.layer.backgroundColor = CGColor(red: 0.125, green: 0.125, blue: 0.125, alpha: 1)
        for i in 0..<600 {
            let tile = CALayer()
            tile.frame = CGRect(x: CGFloat(i % 40) * 30, y: CGFloat(i / 40) * 30, width: 24, height: 24)
            tile.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: CGFloat(i % 7) / 7, alpha: 1)
            tile.cornerRadius = 4
            view.layer.addSublayer(tile)
        }
        guard let window = open(view, geometry) else { return 1 }
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 0.3
        fade.delegate = StopRecorder.shared                           // as the issue's window: the delegate is told
        view.layer.sublayers?.first?.add(fade, forKey: "fade")
        RunLoop.main.run(until: Date().addingTimeInterval(0.3 + 1.5))
        let puts = window.framesPresented, drawn = window.framesDrawn, cpu = cpuSeconds(), started = Date()
        RunLoop.main.run(until: started.addingTimeInterval(seconds))
        let elapsed = Date().timeIntervalSince(started)
        print(String(format: "idle-after-animation: stops=%d seconds=%.2f puts=%d drawn=%d cpu_percent=%.2f %@", StopRecorder.shared.stops, elapsed,
                     window.framesPresented - puts, window.framesDrawn - drawn, 100 * (cpuSeconds() - cpu) / elapsed, geometry.description))
        window.close()
        return 0
    }

    /// Hears the end of `idle-after-animation`'s fade (so that the run shows the delegate was told).
    final class StopRecorder: NSObject, CAAnimationDelegate, @unchecked Sendable {
        static let shared = StopRecorder()
        private(set) var stops = 0
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops += 1 }
    }

    /// `blocked: layers=N seconds=S fps=X`: the stress scene's frame rate while the main thread
    /// sleeps (animations run on the render thread).
    @MainActor
    static func blocked(seconds: Double, layers: Int, _ geometry: SceneGeometry) -> Int32 {
        guard let window = open(StressDemo(count: layers, size: geometry.size), geometry) else { return 1 }
        let frames = window.framesPresented, started = Date()
        Thread.sleep(forTimeInterval: seconds)                          // the busy main thread
        let elapsed = Date().timeIntervalSince(started)
        print(String(format: "blocked: layers=%d seconds=%.2f fps=%.1f %@", layers, elapsed, Double(window.framesPresented - frames) / elapsed,
                     geometry.description))
        window.close()
        return 0
    }

    /// `mover: damage_p50_ms=X whole_p50_ms=Y ratio=R`: frame times with damage, then with
    /// whole frames, of the same scene in the same run.
    @MainActor
    static func mover(seconds: Double, _ geometry: SceneGeometry) -> Int32 {
        guard let window = open(scene(moving: true, size: geometry.size), geometry) else { return 1 }
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
        print(String(format: "mover: damage_p50_ms=%.3f whole_p50_ms=%.3f ratio=%.3f %@", damaged, whole, damaged / max(whole, 1e-9),
                     geometry.description))
        window.close()
        return 0
    }
}

/// `lamina-bench latency`: real clicks (xdotool) on a layer that changes color when pressed, while
/// a spinner animates beside it; from the press handled on the main thread to the changed pixels
/// put, in ms and frames, then how evenly the window's frames landed meanwhile:
///
///     latency: presses=N p50_ms=… max_ms=… p50_frames=…
///     latency pacing: frames=N clock="…" target_ms=… p50_ms=… p99_ms=… max_ms=… late=L
extension WindowSuite {
    @MainActor
    final class PressBoard: HostingView {
        var pressedAt: [CFTimeInterval] = []
        override func mouseDown(with event: PointerEvent) {
            pressedAt.append(CACurrentMediaTime())
            CATransaction.begin()
            CATransaction.setDisableActions(true)          // the change itself, not an animation
            layer.backgroundColor = pressedAt.count % 2 == 0 ? CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                                                            : CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            CATransaction.commit()
        }
    }

    @MainActor
    static func latency(presses: Int, _ geometry: SceneGeometry) -> Int32 {
        let board = PressBoard()
        board.layer.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        guard let window = try? Window(checkedTitle: "lamina-bench latency", size: geometry.size) else {
            print("lamina-bench: cannot open the X display")
            return 1
        }
        // Something animates all along, so that frames are shown between the presses too.
        let spinner = CALayer()
        spinner.frame = CGRect(x: 250, y: 20, width: 40, height: 40)
        spinner.backgroundColor = CGColor(gray: 1, alpha: 1)
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = 2 * Double.pi
        spin.duration = 1
        spin.repeatCount = .infinity
        spinner.add(spin, forKey: "spin")
        board.layer.addSublayer(spinner)
        window.contentView = board
        window.show()
        guard let id = window.windowID else { return 1 }
        Application.shared.runUntil(timeout: 0.5) { false }
        let skipped = window.recentFrameIntervals.count
        var samples: [Double] = []
        for _ in 0..<presses {
            let click = Process()
            click.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            click.arguments = ["mousemove", "--window", "\(id)", "100", "100", "click", "1"]
            guard (try? click.run()) != nil else { print("lamina-bench latency: needs xdotool"); return 1 }
            let count = board.pressedAt.count
            // The first frame drawn for a time after the press (so from a tree with its change),
            // and when it was put: read at once, since the spinner keeps putting frames.
            var put: CFTimeInterval?
            Application.shared.runUntil(timeout: 2) {
                guard board.pressedAt.count > count, window.shownMediaTime > board.pressedAt.last! else { return false }
                put = window.lastFramePresentedTime
                return true
            }
            click.waitUntilExit()
            if let put { samples.append(put - board.pressedAt.last!) }
            Application.shared.runUntil(timeout: 0.05) { false }
        }
        samples.sort()
        guard !samples.isEmpty else { print("latency: no press reached the screen"); return 1 }
        let median = samples[samples.count / 2] * 1000, worst = samples.last! * 1000
        print(String(format: "latency: presses=%d p50_ms=%.2f max_ms=%.2f p50_frames=%.2f %@", samples.count, median, worst, median / (1000.0 / 60),
                     geometry.description))
        let intervals = Array(window.recentFrameIntervals.dropFirst(skipped))
        window.close()
        print("latency pacing: " + (PacingSuite.summary(intervals).map { $0 + " \(geometry)" } ?? "no frames shown"))
        return 0
    }
}
