import GalleryDemos
import LaminaHost

/// `lamina-bench effects [--layers N]`: 200 (or N) animated layers in the effects that need an
/// offscreen group, at 1280×720: 40 cells of five moving tiles each, a cell being in turn a
/// container with a mask (a fading gradient), a rounded `masksToBounds` container, a container
/// faded as a group (`opacity` 0.6, `allowsGroupOpacity`), and a container with sublayer
/// perspective whose tiles turn about y. Past 200, further sheets of 40 cells lie over the first,
/// each shifted by a different part of a cell so none hides another whole (as the stress scene's
/// tiles pile up past 1000). Prints as `AnimatedSceneSuite` says, with `layers=N`.
enum EffectsSuite {
    enum Effect: CaseIterable { case mask, roundedClip, groupOpacity, perspective }

    static let cellSize = CGSize(width: 150, height: 130)
    static let tilesPerCell = 5
    static let columns = 8, rows = 5
    /// The animated layers of the report's main row (the render-tree issue's scene).
    static let defaultLayers = 200
    static let palette: [(CGFloat, CGFloat, CGFloat)] = [(0.9, 0.3, 0.3), (0.2, 0.55, 0.9), (0.3, 0.7, 0.35), (0.95, 0.65, 0.2),
                                                        (0.6, 0.4, 0.85), (0.2, 0.7, 0.7), (0.85, 0.4, 0.65)]

    /// The scene with `layers` animated tiles: `layers` ÷ 5 cells, rounded up (the last one may
    /// hold fewer tiles).
    @MainActor
    static func scene(layers: Int = defaultLayers, size: CGSize = SceneGeometry.defaultSize) -> HostingView {
        let view = HostingView()
        view.layer.backgroundColor = DemoView.color(0.12, 0.13, 0.16)
        let cells = (layers + tilesPerCell - 1) / tilesPerCell
        for index in 0..<cells {
            let effect = Effect.allCases[index % Effect.allCases.count]
            let cell = CALayer()
            cell.frame = CGRect(origin: origin(ofCell: index, in: size), size: cellSize)
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
            for k in 0..<min(tilesPerCell, layers - index * tilesPerCell) { cell.addSublayer(tile(k, of: index, effect: effect)) }
            view.layer.addSublayer(cell)
        }
        return view
    }

    /// Where cell `index` lies: the first 40 in an 8 × 5 grid filling the window; each later sheet
    /// of 40 shifted from it by a step of a low-discrepancy sequence (up to half a cell either
    /// way, so sheets differ), kept inside the window's `size` (the grid keeps its 1280×720 place).
    @MainActor
    static func origin(ofCell index: Int, in size: CGSize) -> CGPoint {
        let sheet = index / (columns * rows), slot = index % (columns * rows)
        let pitch = CGSize(width: 158, height: 142)
        var x = 10 + CGFloat(slot % columns) * pitch.width, y = 10 + CGFloat(slot / columns) * pitch.height
        if sheet > 0 {
            let fraction = { (a: Double) in (Double(sheet) * a).truncatingRemainder(dividingBy: 1) - 0.5 }
            x += CGFloat(fraction(0.618_034)) * pitch.width
            y += CGFloat(fraction(0.754_878)) * pitch.height
        }
        return CGPoint(x: max(min(x, size.width - cellSize.width), 0), y: max(min(y, size.height - cellSize.height), 0))
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
        guard let layers = options.whole("--layers", defaultLayers, in: 1...10_000, suite: "effects") else { return 2 }
        return AnimatedSceneSuite.run("effects", options, size: "layers=\(layers)") { scene(layers: layers, size: options.geometry.size) }
    }
}
