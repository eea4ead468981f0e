import GalleryDemos
import LaminaHost

/// What `effects` and `scroll` print for a scene that animates by itself (1280×720 points at
/// scale 1 unless `--size` and `--scale` say otherwise): the render thread's frames offscreen,
/// then the scene paced in a real window.
///
///     NAME offscreen: [SIZE ]frames=N p50_ms=… p99_ms=… cpu_p50_ms=… whole=W scale=S size=WxH
///     NAME window: [SIZE ]frames=N seconds=S fps=… p50_ms=… p99_ms=… cpu_ms=… whole=W rss_mb=… textures=T texture_mb=… scale=S size=WxH
///
/// `size`, when the scene has one, says how big it was built (`layers=400`, `particles=20000`).
/// `whole` counts frames the compositor could not place, drawn whole by `LayerRenderer` instead
/// (whole-frame fallbacks); frame times are the render thread's (in a window: draw and put);
/// `cpu_p50_ms` is the median CPU time of the whole process per frame, `cpu_ms` in a window its
/// CPU time over the frames put (the steadier figures on a loaded machine: they leave out waiting
/// for a core); `rss_mb` the process's resident memory at the end of the window's run (with
/// `--window-only`, the window's alone); `textures` and `texture_mb` what the window's compositor
/// kept in its texture cache at the end (`CacheUse`, read every 60th frame).
enum AnimatedSceneSuite {
    @MainActor
    static func run(_ name: String, _ options: SuiteOptions, size: String? = nil, make: () -> HostingView) -> Int32 {
        let sized = size.map { $0 + " " } ?? ""
        if !options.windowOnly {
            let frames = OffscreenFrames(make(), geometry: options.geometry)
            _ = frames.run(0)                                            // warm up: textures, caches
            let warm = frames.wholeFrames
            let times = frames.run(options.frames, warmUp: 0)
            let offscreen = FrameTimes(times.wall), cpu = FrameTimes(times.cpu)
            print("\(name) offscreen: " + sized + String(format: "frames=%d p50_ms=%.2f p99_ms=%.2f cpu_p50_ms=%.2f whole=%d %@", offscreen.count,
                         offscreen.percentile(0.5), offscreen.percentile(0.99), cpu.percentile(0.5), frames.wholeFrames - warm, options.geometry.description))
            fflush(nil)
        }
        guard options.wantsWindow(name) else { return 0 }
        guard let window = WindowSuite.open(make(), options.geometry) else { return 1 }
        let shown = WindowSuite.measure(window, seconds: options.seconds)
        let resident = Benchmark.residentMegabytes() ?? .nan, cache = window.cacheUse
        window.close()
        print("\(name) window: " + sized + String(format: "frames=%d seconds=%.2f fps=%.1f p50_ms=%.2f p99_ms=%.2f cpu_ms=%.2f whole=%d rss_mb=%.1f textures=%d texture_mb=%.1f %@",
                     shown.frames, shown.seconds, shown.fps, shown.times.percentile(0.5), shown.times.percentile(0.99), shown.cpuPerFrame,
                     shown.wholeFrames, resident, cache.textures, cache.textureMegabytes, options.geometry.description))
        return 0
    }
}
