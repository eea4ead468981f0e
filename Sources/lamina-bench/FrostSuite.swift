import Foundation
import CPixman
import GalleryDemos
import LaminaHost

/// `lamina-bench frost`: the frosted-glass panel of issue 16. First the kernel alone: a 600×400
/// region blurred at radius 20 (what the panel's background filter does each frame: the region
/// and the blur's reach read, three box passes each way, on one core) beside pixman's separable
/// gaussian convolution of the same region; then a 600×400 panel with `CIGaussianBlur` radius 20
/// in its `backgroundFilters` over an animated, colourful 1280×720 scene, offscreen and in a
/// window (as `AnimatedSceneSuite` prints). At another `--size` the scene is the same one grown
/// or shrunk: its tiles' grid repeated to fill the window, the panel the same share of it
/// (900×600 in 1920×1080), centred; the blur's radius stays 20 points.
enum FrostSuite {
    @MainActor
    static func scene(size: CGSize = SceneGeometry.defaultSize) -> HostingView {
        let view = HostingView()
        view.layer.backgroundColor = DemoView.color(0.1, 0.11, 0.14)
        let palette: [(CGFloat, CGFloat, CGFloat)] = [(0.95, 0.35, 0.3), (0.25, 0.6, 0.95), (0.35, 0.8, 0.4), (0.98, 0.75, 0.2),
                                                      (0.7, 0.4, 0.9), (0.2, 0.8, 0.8)]
        // 8 × 6 tiles in 1280×720; a tile per 160×120 points at any size.
        let columns = max(Int(size.width / 160), 1), rows = max(Int(size.height / 120), 1)
        for i in 0..<(columns * rows) {
            let tile = CALayer()
            tile.bounds = CGRect(x: 0, y: 0, width: 90, height: 90)
            tile.position = CGPoint(x: 60 + CGFloat(i % columns) * 160, y: 60 + CGFloat(i / columns) * 120)
            let (r, g, b) = palette[i % palette.count]
            tile.backgroundColor = DemoView.color(r, g, b)
            tile.cornerRadius = 20
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0
            spin.toValue = 2 * CGFloat.pi
            spin.duration = 3 + Double(i % 5) * 0.4
            spin.repeatCount = .infinity
            tile.add(spin, forKey: "spin")
            view.layer.addSublayer(tile)
        }
        view.layer.addSublayer(panel(in: size))
        return view
    }

    /// The frosted panel: 600×400 at (340, 160) in 1280×720, the same share of another `size`.
    @MainActor
    static func panel(in size: CGSize = SceneGeometry.defaultSize) -> CALayer {
        let panel = CALayer()
        let share = CGSize(width: size.width / StressDemo.size.width, height: size.height / StressDemo.size.height)
        panel.frame = CGRect(x: 340 * share.width, y: 160 * share.height, width: 600 * share.width, height: 400 * share.height)
        panel.cornerRadius = 28
        panel.backgroundColor = DemoView.color(1, 1, 1, 0.18)
        panel.borderWidth = 1
        panel.borderColor = DemoView.color(1, 1, 1, 0.5)
        let frost = CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 20])!
        frost.name = "frost"
        panel.backgroundFilters = [frost]
        return panel
    }

    @MainActor
    static func run(_ options: SuiteOptions) -> Int32 {
        kernel(samples: options.short ? 5 : 21)
        return AnimatedSceneSuite.run("frost", options) { scene(size: options.geometry.size) }
    }

    /// The blur of a 600×400 region at radius 20, ours and pixman's, ours the median of `samples`.
    static func kernel(samples: Int) {
        let recipe = FilterRecipe(kind: "CIGaussianBlur", name: "frost", values: [kCIInputRadiusKey: .number(20)])
        let reach = recipe.reach(scale: 1)
        var image = FilterSuite.noise(width: 600 + 2 * reach, height: 400 + 2 * reach)
        // Each sample blurs its own copy in place, as the backdrop item does (the copy is not timed).
        let ours = FilterSuite.blurMilliseconds(recipe, width: image.width, height: image.height, samples: samples)
        print(String(format: "frost kernel: 600×400 region at radius 20 (%d×%d with its reach): %.2f ms of CPU (one core)",
                     image.width, image.height, ours))
        fflush(nil)
        var taps = 0
        let pixmanTime = image.pixels.withUnsafeMutableBufferPointer { buffer -> Double in
            // pixman applies the separable kernel as a 2-D product (taps² per pixel): measured on
            // a 60×40 corner, and scaled to the region's area.
            let w: Int32 = 60, h: Int32 = 40, stride = Int32(image.width * 4)
            guard let source = pixman_image_create_bits(PIXMAN_a8r8g8b8, w, h, buffer.baseAddress, stride),
                  let target = pixman_image_create_bits(PIXMAN_a8r8g8b8, w, h, nil, w * 4) else { return .nan }
            defer { pixman_image_unref(source); pixman_image_unref(target) }
            // pixman's gaussian sampling kernel has σ = ½ at scale 1: scale 2σ gives radius 20's.
            var count: Int32 = 0
            let scale = pixman_fixed_t(40 << 16)
            let params = pixman_filter_create_separable_convolution(&count, scale, scale, PIXMAN_KERNEL_IMPULSE, PIXMAN_KERNEL_IMPULSE,
                                                                    PIXMAN_KERNEL_GAUSSIAN, PIXMAN_KERNEL_GAUSSIAN, 0, 0)
            defer { free(params) }
            if let params { taps = Int(params[0] >> 16) }
            pixman_image_set_filter(source, PIXMAN_FILTER_SEPARABLE_CONVOLUTION, params, count)
            let start = DispatchTime.now().uptimeNanoseconds
            pixman_image_composite32(PIXMAN_OP_SRC, source, nil, target, 0, 0, 0, 0, 0, 0, w, h)
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 * Double(image.width * image.height) / Double(w * h)
        }
        print(String(format: "frost kernel: pixman's separable gaussian convolution of the same region: %.0f ms (a 2-D kernel of %d×%d taps; from one run over 60×40)", pixmanTime, taps, taps))
        fflush(nil)
    }
}
