import GalleryDemos
import LaminaHost

/// `lamina-bench particles [--count N]`: the emitter target, 10,000 (or N) live particles
/// at 1280×720 (or `--size`): one emitter across the window's middle, 2,500 (N ÷ 4) a second living 4 s,
/// 12-point sprites (a soft dot) turning and fading, tinted per particle. The emitter's time
/// starts at media time 0, so the particles are all alive from the first frame. Prints as
/// `AnimatedSceneSuite` says, with `particles=N`.
enum ParticlesSuite {
    /// The live particles of the report's main row (the layer-class issue's target).
    static let defaultCount = 10_000
    /// How long each particle lives, in seconds: the birth rate is the count over it.
    static let lifetime: Float = 4

    @MainActor
    static func scene(count: Int = defaultCount, size: CGSize = SceneGeometry.defaultSize) -> HostingView {
        let view = HostingView()
        view.layer.backgroundColor = DemoView.color(0.06, 0.06, 0.09)
        let emitter = CAEmitterLayer()
        emitter.frame = CGRect(origin: .zero, size: size)
        emitter.emitterPosition = CGPoint(x: size.width / 2, y: size.height / 2)
        emitter.emitterShape = .rectangle
        emitter.emitterSize = CGSize(width: size.width * 0.8, height: size.height * 0.6)
        let cell = CAEmitterCell()
        cell.contents = EmitterDemo.softDot
        cell.birthRate = Float(count) / lifetime
        cell.lifetime = lifetime
        cell.velocity = 40
        cell.velocityRange = 40
        cell.emissionRange = 2 * .pi
        cell.spin = 2
        cell.spinRange = 4
        cell.scale = 0.375                           // 12 points
        cell.color = DemoView.color(0.9, 0.6, 0.3, 0.9)
        cell.redRange = 0.2
        cell.blueRange = 0.4
        cell.alphaSpeed = -0.2
        emitter.emitterCells = [cell]
        view.layer.addSublayer(emitter)
        return view
    }

    @MainActor
    static func run(_ options: SuiteOptions) -> Int32 {
        // Below the particles an emitter draws (EmitterSimulation.maximumParticles, 100,000): evenly
        // spaced births put one more than rate × lifetime alive at some moments.
        guard let count = options.whole("--count", defaultCount, in: 1...99_000, suite: "particles") else { return 2 }
        return AnimatedSceneSuite.run("particles", options, size: "particles=\(count)") { scene(count: count, size: options.geometry.size) }
    }
}
