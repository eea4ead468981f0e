import LaminaHost

/// A cube of six `CATransformLayer` faces turning in perspective: its faces keep their places in
/// 3D, sorted by depth, the ones turned away hidden (`isDoubleSided = false`), so it looks solid
/// from every side. A smaller cube, on a transform layer nested in the first, orbits through it.
public final class CubeDemo: DemoView {
    public override init() {
        super.init()
        layer.backgroundColor = Self.color(0.12, 0.13, 0.17)
        let stage = CALayer()
        stage.frame = CGRect(x: 0, y: 0, width: 640, height: 480)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 600
        stage.sublayerTransform = perspective
        layer.addSublayer(stage)

        let cube = Self.cube(side: 150, colors: [Self.color(0.9, 0.3, 0.3), Self.color(0.3, 0.7, 0.95), Self.color(0.95, 0.8, 0.3),
                                                 Self.color(0.4, 0.85, 0.5), Self.color(0.7, 0.45, 0.9), Self.color(0.95, 0.55, 0.25)])
        cube.position = CGPoint(x: 320, y: 240)
        cube.transform = CATransform3DMakeRotation(-0.45, 1, 0, 0)
        Self.spin(cube, seconds: 8)
        stage.addSublayer(cube)

        // A small cube orbiting inside the big one's transform layer: its faces sort with the big one's.
        let orbit = CATransformLayer()
        orbit.position = .zero
        let small = Self.cube(side: 40, colors: Array(repeating: Self.color(0.95, 0.95, 1), count: 6))
        small.position = .zero
        small.transform = CATransform3DMakeTranslation(150, 0, 0)
        Self.spin(small, seconds: 2)
        orbit.addSublayer(small)
        Self.spin(orbit, seconds: 3)
        cube.addSublayer(orbit)
    }

    /// Six faces of `side` points around the origin of a transform layer.
    static func cube(side: CGFloat, colors: [CGColor]) -> CATransformLayer {
        let cube = CATransformLayer()
        let half = side / 2
        let turns: [(CGFloat, CGFloat, CGFloat, CGFloat)] = [(0, 0, 1, 0), (.pi, 0, 1, 0), (.pi / 2, 0, 1, 0),
                                                             (-.pi / 2, 0, 1, 0), (.pi / 2, 1, 0, 0), (-.pi / 2, 1, 0, 0)]
        for (index, turn) in turns.enumerated() {
            let face = CALayer()
            face.name = "face \(index)"
            face.bounds = CGRect(x: 0, y: 0, width: side, height: side)
            face.position = .zero
            face.backgroundColor = colors[index % colors.count]
            face.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.85)
            face.borderWidth = max(2, side / 40)
            face.cornerRadius = side / 12
            face.isDoubleSided = false
            face.transform = CATransform3DTranslate(CATransform3DMakeRotation(turn.0, turn.1, turn.2, turn.3), 0, 0, half)
            cube.addSublayer(face)
        }
        return cube
    }

    /// Turns `layer`'s sublayers about y, once every `seconds`, forever.
    static func spin(_ layer: CALayer, seconds: Double) {
        let turn = CABasicAnimation(keyPath: "sublayerTransform.rotation.y")
        turn.fromValue = 0
        turn.toValue = 2 * Double.pi
        turn.duration = seconds
        turn.repeatCount = .infinity
        layer.add(turn, forKey: "spin")
    }
}
