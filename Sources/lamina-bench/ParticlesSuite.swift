import GalleryDemos
import LaminaHost

/// `lamina-bench particles`: the emitter target, 10,000 live particles at 1280×720:
/// one emitter across the window's middle, 2,500 a second living 4 s, 12-point sprites
/// (a soft dot) turning and fading, tinted per particle. Prints as `AnimatedSceneSuite` says.
enum ParticlesSuite {
    @MainActor
    static func scene() -> HostingView {
        let view = HostingView()
        view.layer.backgroundColor = DemoView.color(0.06, 0.06, 0.09)
        let emitter = CAEmitterLayer()
        emitter.frame = CGRect(origin: .zero, size: StressDemo.size)
        emitter.emitterPosition = CGPoint(x: StressDemo.size.width / 2, y: StressDemo.size.height / 2)
        emitter.emitterShape = .rectangle
        emitter.emitterSize = CGSize(width: StressDemo.size.width * 0.8, height: StressDemo.size.height * 0.6)
        let cell = CAEmitterCell()
        cell.contents = EmitterDemo.softDot
        cell.birthRate = 2500
        cell.lifetime = 4
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
        AnimatedSceneSuite.run("particles", options, make: scene)
    }
}
