import GalleryDemos
import LaminaHost

/// `lamina-bench shapes`: 500 spinner rings at 1280×720 (25 × 20 shape layers, 40 points
/// across, stroked 4 wide with round caps), each animating `strokeEnd` from 0 to 1 forever with
/// its own duration, so that no two rings share a look in a frame: every ring is drawn again
/// each frame, over a recycled texture. Prints as `AnimatedSceneSuite` says.
enum ShapesSuite {
    static let count = 500

    @MainActor
    static func scene() -> HostingView {
        let view = HostingView()
        view.layer.backgroundColor = DemoView.color(0.09, 0.1, 0.13)
        let columns = 25
        for index in 0..<count {
            let ring = CAShapeLayer()
            ring.frame = CGRect(x: 12 + CGFloat(index % columns) * 50.5, y: 12 + CGFloat(index / columns) * 35.5, width: 30, height: 30)
            ring.path = CGPath(ellipseIn: CGRect(x: 2, y: 2, width: 26, height: 26), transform: nil)
            ring.fillColor = nil
            ring.strokeColor = DemoView.color(0.35, 0.55, 1)
            ring.lineWidth = 4
            ring.lineCap = .round
            let grow = CABasicAnimation(keyPath: "strokeEnd")
            grow.fromValue = 0
            grow.toValue = 1
            grow.duration = 1 + Double(index) * 0.002
            grow.repeatCount = .infinity
            ring.add(grow, forKey: "grow")
            view.layer.addSublayer(ring)
        }
        return view
    }

    @MainActor
    static func run(_ options: SuiteOptions) -> Int32 {
        AnimatedSceneSuite.run("shapes", options, make: scene)
    }
}
