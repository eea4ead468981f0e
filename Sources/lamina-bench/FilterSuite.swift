import Foundation
import CoreImage

/// `lamina-bench filters [--samples N]`: Core Image's blurs as a layer's filters run them, each
/// over a 600×400 region padded by its reach (the frosted panel's region), on one core: the
/// median of N runs' thread CPU time, each on a copy of its own made before timing.
///
///     filter CIGaussianBlur radius 4: 624×424 with its reach: 2.69 ms of CPU (one core)
enum FilterSuite {
    /// The blurs and radii measured: small and large gaussians (below σ 5 they run at full size),
    /// a box, a disc, a motion blur along a row and at 45°.
    static let cases: [(kind: String, radius: Double, angle: Double?)] = [
        ("CIGaussianBlur", 4, nil), ("CIGaussianBlur", 8, nil), ("CIGaussianBlur", 20, nil),
        ("CIBoxBlur", 4, nil), ("CIBoxBlur", 20, nil), ("CIDiscBlur", 8, nil), ("CIDiscBlur", 20, nil),
        ("CIMotionBlur", 20, 0), ("CIMotionBlur", 20, .pi / 4),
    ]

    static func run(samples: Int) {
        for (kind, radius, angle) in cases {
            var values: [String: FilterValue] = [kCIInputRadiusKey: .number(radius)]
            if let angle { values[kCIInputAngleKey] = .number(angle) }
            let recipe = FilterRecipe(kind: kind, name: "bench", values: values)
            let reach = recipe.reach(scale: 1)
            let median = blurMilliseconds(recipe, width: 600 + 2 * reach, height: 400 + 2 * reach, samples: samples)
            let turned = angle.map { String(format: " at %.0f°", $0 * 180 / .pi) } ?? ""
            print(String(format: "filter %@ radius %.0f%@: %d×%d with its reach: %.2f ms of CPU (one core)",
                         kind, radius, turned, 600 + 2 * reach, 400 + 2 * reach, median))
            fflush(nil)
        }
    }

    /// Opaque pixels of hashed colors: nothing a blur could skip.
    static func noise(width: Int, height: Int) -> PixelImage {
        var image = PixelImage(width: width, height: height)
        for i in image.pixels.indices { image.pixels[i] = 0xFF00_0000 | UInt32(truncatingIfNeeded: i &* 2_654_435_761) & 0xFF_FFFF }
        return image
    }

    /// The median thread CPU time of `recipe` applied in place to `samples` copies of a
    /// `width`×`height` image of opaque noise (each copy made before timing).
    static func blurMilliseconds(_ recipe: FilterRecipe, width: Int, height: Int, samples: Int) -> Double {
        let image = noise(width: width, height: height)
        var copies = (0..<samples).map { _ in image }
        for i in copies.indices { copies[i].pixels[0] = UInt32(i) }        // made unique before timing
        // The thread's CPU time: steadier than the wall clock while other builds share the cores.
        var times: [Double] = [], sink: UInt32 = 0
        for i in copies.indices {
            times.append(Benchmark.times(cpu: CLOCK_THREAD_CPUTIME_ID) { recipe.apply(to: &copies[i], scale: 1) }.cpu * 1000)
            sink &+= copies[i].pixels[min(1000, copies[i].pixels.count - 1)]
        }
        if sink == 42 { print("") }
        return times.sorted()[times.count / 2]
    }
}
