/// The filters Lamina's Core Image has, by name, with Apple's parameters and defaults.
///
/// Where Apple documents a formula (the blend modes: the W3C compositing spec; hue rotation;
/// exposure; color matrix) it is followed exactly; where Apple does not (vibrance, monochrome,
/// bloom, vignette) the kernel is a documented approximation of the look.
enum FilterCatalog {
    static let definitions: [String: FilterDefinition] = {
        var all: [FilterDefinition] = [
            gaussianBlur, boxBlur, discBlur, motionBlur,
            colorControls, colorMatrix, colorMonochrome, sepiaTone, hueAdjust, exposureAdjust, colorInvert, vibrance,
            pixellate, bloom, vignette,
        ]
        for name in BlendKernels.operations.keys.sorted() { all.append(blend(name)) }
        return Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
    }()

    private static let still = [kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn]
    private static let input = FilterParameter.image(kCIInputImageKey)

    /// The largest blur radius the kernels take (a bigger one is reduced, with a message): a
    /// blur this wide already spreads a pixel over a 2000-pixel square.
    static let largestRadius = 300.0

    private static func radius(_ inputs: FilterInputs, _ key: String = kCIInputRadiusKey) -> Double {
        let r = inputs.number(key)
        if r > largestRadius {
            CGDiagnostics.log("CIFilter", "\(inputs.filterName)'s \(key) \(r) is beyond the largest blur Lamina draws; used \(largestRadius).")
            return largestRadius
        }
        return r
    }

    // MARK: Shapes of kernels

    /// A filter whose output covers the input's extent.
    private static func sameExtent(_ inputs: FilterInputs, _ body: (inout PixelImage) -> Void) -> CIImage? {
        guard let image = inputs.image(kCIInputImageKey) else { return nil }
        var raster = image.raster
        body(&raster)
        return CIImage(raster: raster, extent: image.extent)
    }

    /// A filter that spreads the input by `reach` pixels on every side.
    private static func spreading(_ inputs: FilterInputs, reach: Int, _ body: (inout PixelImage) -> Void) -> CIImage? {
        guard let image = inputs.image(kCIInputImageKey) else { return nil }
        var raster = image.raster.padded(by: reach)
        body(&raster)
        return CIImage(raster: raster, extent: image.extent.insetBy(dx: CGFloat(-reach), dy: CGFloat(-reach)))
    }

    private static func colorFilter(_ name: String, _ categories: [String], _ parameters: [FilterParameter],
                                    _ make: @escaping @Sendable (FilterInputs) -> (SIMD4<Float>) -> SIMD4<Float>) -> FilterDefinition {
        FilterDefinition(name: name, categories: categories + still, parameters: [input] + parameters) { inputs in
            let f = make(inputs)
            return sameExtent(inputs) { ColorKernels.map(&$0, f) }
        }
    }

    // MARK: Blurs

    static let gaussianBlur = FilterDefinition(
        name: "CIGaussianBlur", categories: [kCICategoryBlur, kCICategoryHighDynamicRange] + still,
        parameters: [input, .number(kCIInputRadiusKey, 10, min: 0, sliderMax: 100, identity: 0)]
    ) { inputs in
        let sigma = radius(inputs)
        return spreading(inputs, reach: BlurKernels.gaussianReach(sigma: sigma)) { BlurKernels.gaussian(&$0, sigma: sigma) }
    }

    static let boxBlur = FilterDefinition(
        name: "CIBoxBlur", categories: [kCICategoryBlur, kCICategoryHighDynamicRange] + still,
        parameters: [input, .number(kCIInputRadiusKey, 10, min: 1, sliderMax: 100, identity: 1)]
    ) { inputs in
        // A box 2r − 1 pixels wide: radius 1, Apple's identity, leaves the image as it is.
        let r = max(Int(radius(inputs).rounded()) - 1, 0)
        return spreading(inputs, reach: r) { BlurKernels.box(&$0, radiusX: r, radiusY: r) }
    }

    static let discBlur = FilterDefinition(
        name: "CIDiscBlur", categories: [kCICategoryBlur, kCICategoryHighDynamicRange] + still,
        parameters: [input, .number(kCIInputRadiusKey, 8, min: 0, sliderMax: 100, identity: 0)]
    ) { inputs in
        let r = radius(inputs)
        return spreading(inputs, reach: Int(r.rounded())) { BlurKernels.disc(&$0, radius: r) }
    }

    static let motionBlur = FilterDefinition(
        name: "CIMotionBlur", categories: [kCICategoryBlur, kCICategoryHighDynamicRange] + still,
        parameters: [input, .number(kCIInputRadiusKey, 20, min: 0, sliderMax: 100, identity: 0),
                     .number(kCIInputAngleKey, 0, type: kCIAttributeTypeAngle, sliderMin: -.pi, sliderMax: .pi, identity: 0)]
    ) { inputs in
        let r = radius(inputs), angle = inputs.number(kCIInputAngleKey)
        return spreading(inputs, reach: Int(r.rounded(.up))) { BlurKernels.motion(&$0, radius: r, angle: angle) }
    }

    // MARK: Color

    /// Saturation mixes with the pixel's luma, brightness adds, contrast scales about 0.5, in that order.
    static let colorControls = colorFilter(
        "CIColorControls", [kCICategoryColorAdjustment, kCICategoryInterlaced, kCICategoryNonSquarePixels],
        [.number(kCIInputSaturationKey, 1, min: 0, sliderMax: 2, identity: 1),
         .number(kCIInputBrightnessKey, 0, sliderMin: -1, sliderMax: 1, identity: 0),
         .number(kCIInputContrastKey, 1, min: 0, sliderMin: 0.25, sliderMax: 4, identity: 1)]
    ) { inputs in
        let s = Float(inputs.number(kCIInputSaturationKey)), b = Float(inputs.number(kCIInputBrightnessKey))
        let c = Float(inputs.number(kCIInputContrastKey))
        return { p in
            let rgb = SIMD3(p.x, p.y, p.z), gray = (rgb * ColorKernels.luma).sum()
            let out = ((gray + (rgb - gray) * s + b) - 0.5) * c + 0.5
            return SIMD4(out.x, out.y, out.z, p.w)
        }
    }

    /// Each output component is the dot product of the input (r, g, b, a) with its vector, plus its bias.
    static let colorMatrix = colorFilter(
        "CIColorMatrix", [kCICategoryColorAdjustment, kCICategoryInterlaced, kCICategoryNonSquarePixels, kCICategoryHighDynamicRange],
        [.vector("inputRVector", [1, 0, 0, 0]), .vector("inputGVector", [0, 1, 0, 0]), .vector("inputBVector", [0, 0, 1, 0]),
         .vector("inputAVector", [0, 0, 0, 1]), .vector("inputBiasVector", [0, 0, 0, 0])]
    ) { inputs in
        func v(_ key: String) -> SIMD4<Float> {
            let a = inputs.vector(key)
            return SIMD4((0..<4).map { $0 < a.count ? Float(a[$0]) : 0 })
        }
        let r = v("inputRVector"), g = v("inputGVector"), b = v("inputBVector"), a = v("inputAVector"), bias = v("inputBiasVector")
        return { p in SIMD4((r * p).sum(), (g * p).sum(), (b * p).sum(), (a * p).sum()) + bias }
    }

    /// The pixel's luma times the color, mixed with the pixel by the intensity.
    static let colorMonochrome = colorFilter(
        "CIColorMonochrome", [kCICategoryColorEffect, kCICategoryInterlaced, kCICategoryNonSquarePixels],
        [.color(kCIInputColorKey, CIColor(red: 0.6, green: 0.45, blue: 0.3, alpha: 1), type: kCIAttributeTypeOpaqueColor),
         .number(kCIInputIntensityKey, 1, min: 0, max: 1, identity: 0)]
    ) { inputs in
        let color = inputs.color(kCIInputColorKey), k = Float(inputs.number(kCIInputIntensityKey))
        return { p in
            let gray = (SIMD3(p.x, p.y, p.z) * ColorKernels.luma).sum()
            let mono = SIMD4(color.x * gray, color.y * gray, color.z * gray, p.w)
            return p + (mono - p) * k
        }
    }

    /// The classic sepia matrix, mixed with the pixel by the intensity.
    static let sepiaTone = colorFilter(
        "CISepiaTone", [kCICategoryColorEffect, kCICategoryInterlaced, kCICategoryNonSquarePixels],
        [.number(kCIInputIntensityKey, 1, min: 0, sliderMax: 1, identity: 0)]
    ) { inputs in
        let k = Float(inputs.number(kCIInputIntensityKey)), m = ColorKernels.sepia
        return { p in
            let rgb = SIMD3(p.x, p.y, p.z)
            let sepia = SIMD4((m.0 * rgb).sum(), (m.1 * rgb).sum(), (m.2 * rgb).sum(), p.w)
            return p + (sepia - p) * k
        }
    }

    /// Rotation about the gray axis by `inputAngle` radians (SVG's hueRotate matrix).
    static let hueAdjust = colorFilter(
        "CIHueAdjust", [kCICategoryColorAdjustment, kCICategoryInterlaced, kCICategoryNonSquarePixels],
        [.number(kCIInputAngleKey, 0, type: kCIAttributeTypeAngle, sliderMin: -.pi, sliderMax: .pi, identity: 0)]
    ) { inputs in
        let m = ColorKernels.hueRotation(Float(inputs.number(kCIInputAngleKey)))
        return { p in
            let rgb = SIMD3(p.x, p.y, p.z)
            return SIMD4((m.0 * rgb).sum(), (m.1 * rgb).sum(), (m.2 * rgb).sum(), p.w)
        }
    }

    /// Colors times 2^EV.
    static let exposureAdjust = colorFilter(
        "CIExposureAdjust", [kCICategoryColorAdjustment, kCICategoryInterlaced, kCICategoryNonSquarePixels, kCICategoryHighDynamicRange],
        [.number(kCIInputEVKey, 0, sliderMin: -10, sliderMax: 10, identity: 0)]
    ) { inputs in
        let k = Float(pow(2, inputs.number(kCIInputEVKey)))
        return { p in SIMD4(p.x * k, p.y * k, p.z * k, p.w) }
    }

    /// 1 − color, alpha kept.
    static let colorInvert = colorFilter(
        "CIColorInvert", [kCICategoryColorEffect, kCICategoryInterlaced, kCICategoryNonSquarePixels], []
    ) { _ in
        { p in SIMD4(1 - p.x, 1 - p.y, 1 - p.z, p.w) }
    }

    /// Saturation raised by `inputAmount`, the more the less saturated a pixel already is.
    static let vibrance = colorFilter(
        "CIVibrance", [kCICategoryColorAdjustment, kCICategoryInterlaced, kCICategoryNonSquarePixels],
        [.number(kCIInputAmountKey, 0, sliderMin: -1, sliderMax: 1, identity: 0)]
    ) { inputs in
        let amount = Float(inputs.number(kCIInputAmountKey))
        return { p in
            let rgb = SIMD3(p.x, p.y, p.z), gray = (rgb * ColorKernels.luma).sum()
            let saturation = rgb.max() - rgb.min()
            let out = gray + (rgb - gray) * (1 + amount * (1 - saturation))
            return SIMD4(out.x, out.y, out.z, p.w)
        }
    }

    // MARK: Stylize

    /// Squares of `inputScale` pixels, one centered on `inputCenter`, each the color at its center.
    static let pixellate = FilterDefinition(
        name: "CIPixellate", categories: [kCICategoryStylize] + still,
        parameters: [input, .vector(kCIInputCenterKey, [150, 150], type: kCIAttributeTypePosition),
                     .number(kCIInputScaleKey, 8, type: kCIAttributeTypeDistance, min: 1, sliderMax: 100, identity: 1)]
    ) { inputs in
        guard let image = inputs.image(kCIInputImageKey) else { return nil }
        let scale = inputs.number(kCIInputScaleKey), c = inputs.vector(kCIInputCenterKey)
        let cx = c.count > 0 ? c[0] : 150, cy = c.count > 1 ? c[1] : 150
        var out = image.raster
        let source = image.raster, e = image.extent
        for y in 0..<out.height {
            // Core Image coordinates of the pixel's center, then of its cell's center.
            let py = Double(e.maxY) - Double(y) - 0.5
            let celly = cy + ((py - cy) / scale).rounded() * scale
            let sy = min(max(Int(saturating: (Double(e.maxY) - celly).rounded(.down)), 0), out.height - 1)
            for x in 0..<out.width {
                let px = Double(e.minX) + Double(x) + 0.5
                let cellx = cx + ((px - cx) / scale).rounded() * scale
                let sx = min(max(Int(saturating: (cellx - Double(e.minX)).rounded(.down)), 0), out.width - 1)
                out.pixels[y * out.width + x] = source.pixels[sy * source.width + sx]
            }
        }
        return CIImage(raster: out, extent: e)
    }

    /// A glow: the image blurred by `inputRadius`, times `inputIntensity`, screened over the image.
    static let bloom = FilterDefinition(
        name: "CIBloom", categories: [kCICategoryStylize] + still,
        parameters: [input, .number(kCIInputRadiusKey, 10, type: kCIAttributeTypeDistance, min: 0, sliderMax: 100, identity: 0),
                     .number(kCIInputIntensityKey, 0.5, min: 0, sliderMax: 1, identity: 0)]
    ) { inputs in
        let sigma = radius(inputs), k = Float(inputs.number(kCIInputIntensityKey))
        return sameExtent(inputs) { raster in
            var glow = raster
            BlurKernels.gaussian(&glow, sigma: sigma)
            for i in raster.pixels.indices {
                let s = PixelColor.unpackPremultiplied(glow.pixels[i]) * k, b = PixelColor.unpackPremultiplied(raster.pixels[i])
                var out = s + b - s * b
                out.w = b.w
                raster.pixels[i] = PixelColor.packPremultiplied(out)
            }
        }
    }

    /// Darkens toward the corners: each pixel times 1 − intensity·(d / radius)², d its distance
    /// from the center over half the diagonal.
    static let vignette = FilterDefinition(
        name: "CIVignette", categories: [kCICategoryColorEffect] + still,
        parameters: [input, .number(kCIInputIntensityKey, 0, sliderMin: -1, sliderMax: 1, identity: 0),
                     .number(kCIInputRadiusKey, 1, min: 0, sliderMax: 2, identity: 0)]
    ) { inputs in
        let k = inputs.number(kCIInputIntensityKey), r = max(inputs.number(kCIInputRadiusKey), 1e-6)
        return sameExtent(inputs) { raster in
            let w = Double(raster.width), h = Double(raster.height)
            let half = max((w * w + h * h).squareRoot() / 2, 1e-6)
            for y in 0..<raster.height {
                for x in 0..<raster.width {
                    let dx = Double(x) + 0.5 - w / 2, dy = Double(y) + 0.5 - h / 2
                    let d = (dx * dx + dy * dy).squareRoot() / half / r
                    let f = Float(min(max(1 - k * d * d, 0), 2))
                    var p = PixelColor.unpackPremultiplied(raster.pixels[y * raster.width + x])
                    p = SIMD4(p.x * f, p.y * f, p.z * f, p.w)
                    raster.pixels[y * raster.width + x] = PixelColor.packPremultiplied(p)
                }
            }
        }
    }

    // MARK: Blend modes and compositing

    private static func blend(_ name: String) -> FilterDefinition {
        FilterDefinition(name: name, categories: [kCICategoryCompositeOperation, kCICategoryInterlaced, kCICategoryNonSquarePixels,
                                                  kCICategoryHighDynamicRange] + still,
                         parameters: [input, .image(kCIInputBackgroundImageKey)]) { inputs in
            guard let source = inputs.image(kCIInputImageKey), let background = inputs.image(kCIInputBackgroundImageKey),
                  let op = BlendKernels.operations[name] else { return nil }
            let extent = source.extent.union(background.extent)
            guard !extent.isNull, extent.width <= 16384, extent.height <= 16384 else { return nil }
            var out = background.raster(covering: extent)
            BlendKernels.blend(op, source: source.raster(covering: extent), over: &out)
            return CIImage(raster: out, extent: extent)
        }
    }
}
