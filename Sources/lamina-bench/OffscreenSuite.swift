import GalleryDemos
import QuartzCore

/// `lamina-bench offscreen`: what a whole frame of a layer tree costs offscreen — composited from
/// cached textures as a window does, and drawn whole by `CARenderer` — at `--size` and `--scale`
/// (1280×720 at 1 by default; the scenes keep their places in a larger frame). Each row's name
/// says its size and scale.
enum OffscreenSuite {
    /// 100 layers in 1280×720 points of a root of `size`: rounded, bordered, some shadowed, some
    /// rotated, a few gradients and masks — a busy app screen.
    static func busyScene(size: CGSize = SceneGeometry.defaultSize) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.backgroundColor = CGColor(gray: 0.95, alpha: 1)
        for i in 0..<99 {
            let layer: CALayer
            if i % 10 == 0 {
                let gradient = CAGradientLayer()
                gradient.colors = [CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1), CGColor(red: 0.9, green: 0.5, blue: 0.2, alpha: 1)]
                layer = gradient
            } else {
                layer = CALayer()
                layer.backgroundColor = CGColor(red: CGFloat(i % 7) / 7, green: 0.5, blue: CGFloat(i % 5) / 5, alpha: i % 2 == 0 ? 1 : 0.9)
            }
            layer.frame = CGRect(x: 20 + CGFloat(i % 11) * 114, y: 20 + CGFloat(i / 11) * 76, width: 96, height: 60)
            layer.cornerRadius = 10
            layer.borderWidth = 2
            if i % 3 == 0 { layer.shadowOpacity = 0.4; layer.shadowRadius = 4 }
            if i % 4 == 0 { layer.setAffineTransform(CGAffineTransform(rotationAngle: 0.1)) }
            root.addSublayer(layer)
        }
        return root
    }

    /// `count` plain 64×64 rounded, bordered, translucent tiles, some rotated.
    static func tiles(_ count: Int, size: CGSize = SceneGeometry.defaultSize) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        for i in 0..<count {
            let tile = CALayer()
            tile.frame = CGRect(x: CGFloat((i * 37) % 1216), y: CGFloat((i * 53) % 656), width: 64, height: 64)
            tile.backgroundColor = CGColor(red: 0.3, green: 0.5, blue: 0.8, alpha: 0.8)
            tile.cornerRadius = 8
            tile.borderWidth = 1
            tile.setAffineTransform(CGAffineTransform(rotationAngle: CGFloat(i % 8) * 0.1))
            root.addSublayer(tile)
        }
        return root
    }

    static func benchmarks(_ geometry: SceneGeometry) -> [Benchmark] {
        let size = geometry.size
        let busy = busyScene(size: size), hundred = tiles(100, size: size), thousand = tiles(1000, size: size)
        func frame(_ layer: CALayer, scale: CGFloat = geometry.scale) -> () -> Void {
            let renderer = CARenderer(size: size, scale: scale)
            renderer.layer = layer
            return { _ = renderer.makeImage() }
        }
        // As a window composites: cached layer textures placed by the compositor, a whole frame
        // each time (the target forgotten first), or a first frame that draws every texture.
        func composited(_ layer: CALayer, cold: Bool = false) -> () -> Void {
            let tree = RenderTree(layer)!
            let target = CGContext(data: nil, width: geometry.pixelWidth, height: geometry.pixelHeight, bitsPerComponent: 8, bytesPerRow: 0,
                                   space: CGColorSpaceCreateDeviceRGB(),
                                   bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
            var compositor = Compositor()
            return {
                if cold { compositor = Compositor() } else { compositor.invalidate() }
                precondition(compositor.composite(tree, atMediaTime: CACurrentMediaTime(), scale: geometry.scale, into: target) != nil,
                             "the scene is drawn by the compositor")
            }
        }
        let named = "offscreen \(Int(size.width))×\(Int(size.height))" + (geometry.scale == 1 ? "" : " @\(SceneGeometry.format(Double(geometry.scale)))x")
        return [
            Benchmark(name: "\(named): 100-layer busy scene, composited from cached textures", body: composited(busy)),
            Benchmark(name: "\(named): 100-layer busy scene, composited, first frame", body: composited(busy, cold: true)),
            Benchmark(name: "\(named): 100-layer busy scene, drawn whole (CARenderer)", body: frame(busy)),
        ] + (geometry.scale == 1 ? [Benchmark(name: "\(named) @2x: 100-layer busy scene", body: frame(busy, scale: 2))] : []) + [
            Benchmark(name: "\(named): 100 rotated tiles", body: frame(hundred)),
            Benchmark(name: "\(named): 1000 rotated tiles", body: frame(thousand)),
        ]
    }
}

/// `lamina-bench model`: the cost of the model side — property changes, presentation, snapshots.
enum ModelSuite {
    @MainActor
    static var benchmarks: [Benchmark] {
        let layer = CALayer()
        let tree = OffscreenSuite.tiles(1000)
        var x: CGFloat = 0
        let animated = OffscreenSuite.tiles(100)
        for (i, tile) in (animated.sublayers ?? []).enumerated() {
            let move = CABasicAnimation(keyPath: "position.x")
            move.byValue = 100
            move.duration = 1 + Double(i % 5)
            move.repeatCount = .infinity
            tile.add(move, forKey: "move")
        }
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        (spin.fromValue, spin.toValue, spin.duration, spin.repeatCount) = (0, 2 * CGFloat.pi, 2, .infinity)
        let fade = CABasicAnimation(keyPath: "opacity")
        (fade.fromValue, fade.toValue, fade.duration, fade.autoreverses, fade.repeatCount) = (1, 0.3, 1, true, .infinity)
        let slide = CABasicAnimation(keyPath: "position.x")
        (slide.fromValue, slide.toValue, slide.duration, slide.autoreverses, slide.repeatCount) = (CGFloat(40), CGFloat(400), 1.5, true, .infinity)
        let tileAnimations = [("spin", spin), ("fade", fade), ("slide", slide)]
        let stress = StressDemo(count: 1000).layer
        stress.frame = CGRect(origin: .zero, size: StressDemo.size)
        CATransaction.flush()
        let stressTree = RenderTree(stress)!
        // The same scene with a still layer beside the tiles that each call moves: a commit
        // snapshots the tiles' parent again, and the next frame evaluates its new list.
        let recommitted = StressDemo(count: 1000).layer, marker = CALayer()
        recommitted.frame = CGRect(origin: .zero, size: StressDemo.size)
        recommitted.addSublayer(marker)
        CATransaction.flush()
        var t = CACurrentMediaTime()
        return [
            Benchmark(name: "set position (outside a committed tree)") { x += 1; layer.position = CGPoint(x: x, y: 0) },
            Benchmark(name: "set position 1000× inside one transaction") {
                CATransaction.begin()
                for i in 0..<1000 { layer.position = CGPoint(x: CGFloat(i), y: 0) }
                CATransaction.commit()
            },
            Benchmark(name: "presentation() of a 1000-layer tree") { _ = tree.presentation() },
            Benchmark(name: "presentation() of 100 animated tiles") {
                _ = animated.presentation()
            },
            // The render side's evaluation of a frame (on the core the planner does not use).
            Benchmark(name: "the stress scene's 1000 tiles × 3 animations evaluated (render side)") {
                t += 1.0 / 60
                precondition(stressTree.evaluated(atMediaTime: t) == 1001)
            },
            Benchmark(name: "the same after a commit that moved a still sibling: snapshot, then two frames evaluated") {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                marker.position.x = marker.position.x == 0 ? 1 : 0
                CATransaction.commit()
                let tree = RenderTree(recommitted)!
                t += 1.0 / 60
                precondition(tree.evaluated(atMediaTime: t) == 1002 && tree.evaluated(atMediaTime: t + 1.0 / 60) == 1002)
            },
            // What the stress scene's start pays for its animations: each layer copies each
            // animation, unboxes its values and checks they are finite.
            Benchmark(name: "add(_:forKey:) 3 animations to each of 1000 new layers, committed") {
                CATransaction.begin()
                for _ in 0..<1000 {
                    let tile = CALayer()
                    for (key, animation) in tileAnimations { tile.add(animation, forKey: key) }
                }
                CATransaction.commit()
            },
        ]
    }
}
