import GalleryDemos
import LaminaHost

/// `lamina-bench effects`: 200 animated layers in the effects that need an offscreen group, at
/// 1280×720: 40 cells of five moving tiles each, a cell being in turn a container with a mask (a
/// fading gradient), a rounded `masksToBounds` container, a container faded as a group
/// (`opacity` 0.6, `allowsGroupOpacity`), and a container with sublayer perspective whose tiles
/// turn about y. Prints as `AnimatedSceneSuite` says.
enum EffectsSuite {
    enum Effect: CaseIterable { case mask, roundedClip, groupOpacity, perspective }

    static let cellSize = CGSize(width: 150, height: 130)
    static let tilesPerCell = 5
    static let palette: [(CGFloat, CGFloat, CGFloat)] = [(0.9, 0.3, 0.3), (0.2, 0.55, 0.9), (0.3, 0.7, 0.35), (0.95, 0.65, 0.2),
                                                        (0.6, 0.4, 0.85), (0.2, 0.7, 0.7), (0.85, 0.4, 0.65)]

    @MainActor
    static func scene() -> HostingView {
        let view = HostingView()
        view.layer.backgroundColor = DemoView.color(0.12, 0.13, 0.16)
        let columns = 8, rows = 5
        for index in 0..<(columns * rows) {
            let effect = Effect.allCases[index % Effect.allCases.count]
            let cell = CALayer()
            cell.frame = CGRect(x: 10 + CGFloat(index % columns) * 158, y: 10 + CGFloat(index / columns) * 142,
                                width: cellSize.width, height: cellSize.height)
            cell.backgroundColor = DemoView.color(0.85, 0.87, 0.9)
            switch effect {
            case .mask:
                let fade = CAGradientLayer()
                fade.frame = cell.bounds
                fade.colors = [DemoView.color(0, 0, 0, 1), DemoView.color(0, 0, 0, 0)]
                fade.startPoint = CGPoint(x: 0.3, y: 0)
                fade.endPoint = CGPoint(x: 1, y: 1)
                fade.cornerRadius = 30
                cell.mask = fade
            case .roundedClip:
                cell.cornerRadius = 24
                cell.masksToBounds = true
            case .groupOpacity:
                cell.cornerRadius = 12
                cell.opacity = 0.6                          // faded as one picture: allowsGroupOpacity is on
            case .perspective:
                var perspective = CATransform3DIdentity
                perspective.m34 = -1 / 400
                cell.sublayerTransform = perspective
            }
            for k in 0..<tilesPerCell { cell.addSublayer(tile(k, of: index, effect: effect)) }
            view.layer.addSublayer(cell)
        }
        return view
    }

    /// The `k`th tile of cell `index`: sliding across the cell's edges (where masks and clips
    /// show), spinning where tiles overlap in a faded group, turning about y under perspective.
    @MainActor
    static func tile(_ k: Int, of index: Int, effect: Effect) -> CALayer {
        let tile = CALayer()
        tile.bounds = CGRect(x: 0, y: 0, width: 48, height: 48)
        tile.position = CGPoint(x: 20 + CGFloat(k) * 28, y: 22 + CGFloat(k % 3) * 40)
        let (r, g, b) = palette[(index * tilesPerCell + k) % palette.count]
        tile.backgroundColor = DemoView.color(r, g, b)
        tile.cornerRadius = 10
        tile.borderWidth = 2
        tile.borderColor = DemoView.color(1, 1, 1)
        let animation: CABasicAnimation
        switch effect {
        case .mask, .roundedClip:
            animation = CABasicAnimation(keyPath: "position.x")
            animation.fromValue = -20
            animation.toValue = cellSize.width + 20
            animation.duration = 1.5 + Double(k) * 0.3
            animation.autoreverses = true
        case .groupOpacity:
            animation = CABasicAnimation(keyPath: "transform.rotation.z")
            animation.fromValue = 0
            animation.toValue = 2 * CGFloat.pi
            animation.duration = 2 + Double(k) * 0.4
        case .perspective:
            animation = CABasicAnimation(keyPath: "transform.rotation.y")
            animation.fromValue = 0
            animation.toValue = 2 * CGFloat.pi
            animation.duration = 2.5 + Double(k) * 0.3
        }
        animation.repeatCount = .infinity
        tile.add(animation, forKey: "move")
        return tile
    }

    @MainActor
    static func run(_ options: SuiteOptions) -> Int32 {
        AnimatedSceneSuite.run("effects", options, make: scene)
    }
}
