import GalleryDemos
import LaminaHost

/// `lamina-bench nested`: one tile moving over 1000 still tiles, flat under the root and the same
/// scene one level deeper in a container layer, side by side in one run: the render thread's cost
/// per frame of each and their ratio (views nest; the flat scene is the easy case). Offscreen, the
/// medians of wall-clock and of CPU time (the steadier on a loaded machine) per frame; in a window,
/// the median draw and put, and the process's CPU time per frame put.
///
///     nested offscreen: frames=N flat_p50_ms=… nested_p50_ms=… ratio=… flat_cpu_ms=… nested_cpu_ms=… cpu_ratio=… flat_whole=0 nested_whole=0
///     nested window: flat_p50_ms=… nested_p50_ms=… ratio=… flat_cpu_ms=… nested_cpu_ms=… flat_fps=… nested_fps=… flat_whole=… nested_whole=…
enum NestedSuite {
    @MainActor
    static func run(_ options: SuiteOptions) -> Int32 {
        let geometry = options.geometry
        let flat = OffscreenFrames(WindowSuite.scene(moving: true, size: geometry.size), geometry: geometry)
        let nested = OffscreenFrames(WindowSuite.scene(moving: true, nested: true, size: geometry.size), geometry: geometry)
        // In turns, so that both see the same machine (it is shared and noisy).
        var flatTimes: (wall: [Double], cpu: [Double]) = ([], []), nestedTimes = flatTimes
        let turn = 60, turns = max(options.frames / turn, 1)
        _ = flat.run(0); _ = nested.run(0)                           // warm up: textures, caches
        let (flatWarm, nestedWarm) = (flat.wholeFrames, nested.wholeFrames)
        for _ in 0..<turns {
            let f = flat.run(turn, warmUp: 0), n = nested.run(turn, warmUp: 0)
            flatTimes.wall += f.wall; flatTimes.cpu += f.cpu
            nestedTimes.wall += n.wall; nestedTimes.cpu += n.cpu
        }
        let (flatWhole, nestedWhole) = (flat.wholeFrames - flatWarm, nested.wholeFrames - nestedWarm)
        let f = FrameTimes(flatTimes.wall), n = FrameTimes(nestedTimes.wall)
        let fc = FrameTimes(flatTimes.cpu), nc = FrameTimes(nestedTimes.cpu)
        print(String(format: "nested offscreen: frames=%d flat_p50_ms=%.3f nested_p50_ms=%.3f ratio=%.1f flat_cpu_ms=%.3f nested_cpu_ms=%.3f "
                     + "cpu_ratio=%.1f flat_whole=%d nested_whole=%d %@",
                     f.count, f.percentile(0.5), n.percentile(0.5), n.percentile(0.5) / max(f.percentile(0.5), 1e-6),
                     fc.percentile(0.5), nc.percentile(0.5), nc.percentile(0.5) / max(fc.percentile(0.5), 1e-6), flatWhole, nestedWhole,
                     geometry.description))
        fflush(nil)
        guard options.wantsWindow("nested") else { return 0 }
        var shown: [WindowSuite.Shown] = []
        for isNested in [false, true] {
            guard let window = WindowSuite.open(WindowSuite.scene(moving: true, nested: isNested, size: geometry.size), geometry) else { return 1 }
            shown.append(WindowSuite.measure(window, seconds: options.seconds))
            window.close()
        }
        let (fw, nw) = (shown[0], shown[1])
        print(String(format: "nested window: flat_p50_ms=%.3f nested_p50_ms=%.3f ratio=%.1f flat_cpu_ms=%.3f nested_cpu_ms=%.3f "
                     + "flat_fps=%.1f nested_fps=%.1f flat_whole=%d nested_whole=%d %@",
                     fw.times.percentile(0.5), nw.times.percentile(0.5), nw.times.percentile(0.5) / max(fw.times.percentile(0.5), 1e-6),
                     fw.cpuPerFrame, nw.cpuPerFrame, fw.fps, nw.fps, fw.wholeFrames, nw.wholeFrames, geometry.description))
        return 0
    }
}
