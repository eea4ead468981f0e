import LaminaHost
import UIKit

/// `lamina-bench uikit [--presses N] [--seconds S]`: UIKit's app layer in a real window, through
/// the path an app's input takes (the window's `UIWindowHost`: pointer → touch → gesture arena →
/// control or recognizer), three figures:
///
///     uikit press: presses=N p50_ms=… max_ms=… p50_frames=…      (goal: ≤ 2 frames)
///     uikit pan: drags=N p50_ms=… max_ms=… p50_frames=…          (goal: ≤ 2 frames)
///     uikit scroll: rows=1000 frames=N seconds=S fps=… p50_ms=… p99_ms=… cpu_ms=…   (goal: ≥ 58 fps)
///
/// each ending with `scale=S size=WxH`: `--scale` for all three, `--size` (default 480×720) the
/// scrolling window's (the press and pan windows are 320×240 points).
/// `press`: xdotool clicks a `.system` `UIButton`, whose `.touchDown` action notes the time and
/// recolors the window's background; the figure is from then to when the first frame drawn for a
/// later time was put (as `latency` measures a layer's press). `pan`: xdotool drags a card whose
/// `UIPanGestureRecognizer` moves it; from the pan's first `.changed` to the frame showing it.
/// Something spins all along, so that frames are put between the presses too. `scroll`: a
/// `UIScrollView` of 1000 rows (a label and a colored badge each) whose `contentOffset` moves
/// 1,200 points a second, up and down, set on every frame by a display link, as a finger drags.
enum UIKitSuite {
    @MainActor
    static func run(_ arguments: [String], geometry: SceneGeometry) -> Int32 {
        let options = SuiteOptions(arguments: arguments, geometry: geometry)
        #if DEBUG
        print("warning: a debug build; figures mean little (swift build -c release --product lamina-bench)")
        #endif
        guard let presses = options.whole("--presses", 20, in: 1...1000, suite: "uikit") else { return 2 }
        let small = SceneGeometry(size: CGSize(width: 320, height: 240), scale: geometry.scale)
        let press = latency(presses: presses, pan: false, small)
        guard press == 0 else { return press }
        let pan = latency(presses: presses, pan: true, small)
        guard pan == 0 else { return pan }
        return scroll(seconds: options.seconds, geometry)
    }

    /// A spinning square, so that frames keep coming.
    @MainActor
    static func spinner(in window: UIWindow) {
        let spinner = UIView(frame: CGRect(x: 260, y: 20, width: 40, height: 40))
        spinner.backgroundColor = .white
        window.addSubview(spinner)
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = 2 * Double.pi
        spin.duration = 1
        spin.repeatCount = .infinity
        spinner.layer.add(spin, forKey: "spin")
    }

    /// A UIKit window shown in a LaminaHost window as an app shows it (its host as the content view).
    @MainActor
    static func show(_ root: UIWindow, title: String) -> Window? {
        root.makeKeyAndVisible()
        guard let window = try? Window(checkedTitle: title, size: root.bounds.size) else {
            print("lamina-bench uikit: cannot open the X display (DISPLAY=\(ProcessInfo.processInfo.environment["DISPLAY"] ?? "unset"))")
            return nil
        }
        window.contentView = root.hostingView
        window.show()
        Application.shared.runUntil(timeout: 0.5) { false }
        return window
    }

    @MainActor
    static func latency(presses: Int, pan: Bool, _ geometry: SceneGeometry) -> Int32 {
        let root = UIWindow(frame: CGRect(origin: .zero, size: geometry.size))
        root.backgroundColor = .systemGray
        var pressedAt: [CFTimeInterval] = []
        if pan {
            let card = UIView(frame: CGRect(x: 60, y: 80, width: 100, height: 80))
            card.backgroundColor = .systemIndigo
            var moved = false
            card.addGestureRecognizer(UIPanGestureRecognizer(target: nil) { pan in
                switch pan.state {
                case .began: moved = false
                case .changed:
                    let t = pan.translation(in: root)
                    card.center = CGPoint(x: card.center.x + t.x, y: card.center.y + t.y)
                    pan.setTranslation(.zero, in: root)
                    if !moved { moved = true; pressedAt.append(CACurrentMediaTime()) }
                default: break
                }
            })
            root.addSubview(card)
        } else {
            var on = false
            let button = UIButton(type: .system)
            button.setTitle("Press", for: .normal)
            button.frame = CGRect(x: 40, y: 80, width: 160, height: 60)
            button.addAction(UIAction { _ in
                on.toggle()
                root.backgroundColor = on ? .systemTeal : .systemGray
                pressedAt.append(CACurrentMediaTime())
            }, for: .touchDown)
            root.addSubview(button)
        }
        spinner(in: root)
        guard let window = show(root, title: "lamina-bench uikit"), let id = window.windowID else { return 1 }
        var samples: [Double] = []
        for i in 0..<presses {
            let input = Process()
            input.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            if pan {
                let y = 110 + (i % 2) * 20
                // Moves 20 ms apart (the server would merge moves sent at once).
                var arguments = ["mousemove", "--window", "\(id)", "100", "\(y)", "mousedown", "1"]
                for x in [112, 124, 136, 112] { arguments += ["sleep", "0.02", "mousemove", "--window", "\(id)", "\(x)", "\(y)"] }
                input.arguments = arguments + ["mouseup", "1"]
            } else {
                input.arguments = ["mousemove", "--window", "\(id)", "100", "110", "click", "1"]
            }
            guard (try? input.run()) != nil else { print("lamina-bench uikit: needs xdotool"); return 1 }
            let count = pressedAt.count
            var put: CFTimeInterval?
            Application.shared.runUntil(timeout: 2) {
                guard pressedAt.count > count, window.shownMediaTime > pressedAt.last! else { return false }
                put = window.lastFramePresentedTime
                return true
            }
            input.waitUntilExit()
            if let put { samples.append(put - pressedAt.last!) }
            Application.shared.runUntil(timeout: 0.05) { false }
        }
        window.close()
        samples.sort()
        let name = pan ? "pan" : "press"
        guard !samples.isEmpty else { print("uikit \(name): nothing reached the screen"); return 1 }
        let median = samples[samples.count / 2] * 1000, worst = samples.last! * 1000
        print(String(format: "uikit %@: %@=%d p50_ms=%.2f max_ms=%.2f p50_frames=%.2f %@", name, pan ? "drags" : "presses", samples.count,
                     median, worst, median / (1000.0 / Window.frameTiming.framesPerSecond), geometry.description))
        fflush(nil)
        return 0
    }

    @MainActor
    static func scroll(seconds: Double, _ geometry: SceneGeometry) -> Int32 {
        let size = geometry.size
        let root = UIWindow(frame: CGRect(origin: .zero, size: size))
        root.backgroundColor = .white
        let list = UIScrollView(frame: root.bounds)
        let rows = 1000, height: CGFloat = 56
        list.contentSize = CGSize(width: size.width, height: CGFloat(rows) * height)
        for row in 0..<rows {
            let cell = UIView(frame: CGRect(x: 0, y: CGFloat(row) * height, width: size.width, height: height))
            let badge = UIView(frame: CGRect(x: 16, y: 12, width: 32, height: 32))
            badge.backgroundColor = UIColor(hue: CGFloat(row % 37) / 37, saturation: 0.6, brightness: 0.9, alpha: 1)
            badge.layer.cornerRadius = 8
            let label = UILabel(frame: CGRect(x: 64, y: 0, width: size.width - 80, height: height))
            label.text = "Row \(row + 1): a line of text in a long list"
            let separator = UIView(frame: CGRect(x: 64, y: height - 0.5, width: size.width - 64, height: 0.5))
            separator.backgroundColor = .separator
            for view in [badge, label, separator] { cell.addSubview(view) }
            list.addSubview(cell)
        }
        root.addSubview(list)
        guard let window = show(root, title: "lamina-bench uikit scroll") else { return 1 }
        let range = list.contentSize.height - size.height, speed: CGFloat = 1200
        let start = CACurrentMediaTime()
        let link = CADisplayLink { link in
            MainActor.assumeIsolated {
                let travelled = CGFloat(link.targetTimestamp - start) * speed
                let phase = travelled.truncatingRemainder(dividingBy: 2 * range)
                list.contentOffset = CGPoint(x: 0, y: phase < range ? phase : 2 * range - phase)
            }
        }
        link.add(to: .main, forMode: .common)
        Application.shared.runUntil(timeout: 0.5) { false }
        let shown = WindowSuite.measure(window, seconds: seconds)
        link.invalidate()
        window.close()
        print(String(format: "uikit scroll: rows=%d frames=%d seconds=%.2f fps=%.1f p50_ms=%.2f p99_ms=%.2f cpu_ms=%.2f %@", rows, shown.frames,
                     shown.seconds, shown.fps, shown.times.percentile(0.5), shown.times.percentile(0.99), shown.cpuPerFrame, geometry.description))
        return 0
    }
}
