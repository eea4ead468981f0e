import GalleryDemos
import LaminaHost

/// `lamina-bench stress --layers N --seconds S [--unpaced]`: the stress scene in a real window
/// (needs a display). Ends with `stress: layers=N frames=F seconds=S fps=X p50_ms=Y p99_ms=Z
/// cpu_ms=C rss_mb=M textures=T texture_mb=B scale=S size=WxH`, counting frames put to the window; frame times are
/// draw + put on the render thread, C the process's CPU time per frame put, M its resident memory
/// at the end, T and B the textures the window's compositor kept and their pixels (`CacheUse`,
/// read every 60th frame), then the scale and size (`--scale S --size WxH`, see `SceneGeometry`).
enum StressSuite {
    @MainActor
    static func run(_ arguments: [String], geometry: SceneGeometry) -> Int32 {
        func value(_ flag: String, _ fallback: Double) -> Double {
            arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? Double(arguments[$0 + 1]) : nil } ?? fallback
        }
        let layers = Int(value("--layers", 1000)), seconds = value("--seconds", 5)
        Window.isFramePaced = !arguments.contains("--unpaced")
        guard let window = try? Window(checkedTitle: "lamina-bench stress", size: geometry.size) else {
            print("lamina-bench stress: cannot open the X display (DISPLAY=\(ProcessInfo.processInfo.environment["DISPLAY"] ?? "unset"))")
            return 1
        }
        window.contentView = StressDemo(count: layers, size: geometry.size)
        window.show()
        Application.shared.runUntil(timeout: 1) { false }               // warm up: caches, first frames
        let shown = WindowSuite.measure(window, seconds: seconds)
        let cache = window.cacheUse
        print(String(format: "stress: layers=%d frames=%d seconds=%.2f fps=%.1f p50_ms=%.2f p99_ms=%.2f cpu_ms=%.2f rss_mb=%.1f textures=%d texture_mb=%.1f %@",
                     layers, shown.frames, shown.seconds, shown.fps, shown.times.percentile(0.5), shown.times.percentile(0.99),
                     shown.cpuPerFrame, Benchmark.residentMegabytes() ?? .nan, cache.textures, cache.textureMegabytes, geometry.description))
        window.close()
        return 0
    }
}
