/// A layer's compositing filter as both renderers apply it: a Core Image blend mode or
/// compositing operator over what is behind the layer, with the same kernels as `CIFilter`.
/// (A class: a composite item refers to it without copying the operation.)
final class LayerBlend: @unchecked Sendable {
    /// The Core Image kind ("CIMultiplyBlendMode").
    let kind: String
    let operation: BlendKernels.Operation

    /// Nil for no filter, source-over (the renderers' own compositing), a disabled filter, and
    /// a filter that is not a compositing one (reported once when set on the layer).
    init?(_ recipe: FilterRecipe?) {
        guard let recipe, recipe.isEnabled, recipe.kind != "CISourceOverCompositing",
              !Self.namesiOSDrawsNormally.contains(recipe.name),
              let operation = BlendKernels.operations[recipe.kind] ?? Self.coreAnimationOperations[recipe.name] else { return nil }
        kind = recipe.kind
        self.operation = operation
    }

    /// Names of blend modes that iOS's Core Animation does not composite by when a layer's
    /// `compositingFilter` names them: the layer is drawn normally (measured: a
    /// "luminosityBlendMode" layer over others is drawn source-over, while "multiplyBlendMode",
    /// "screenBlendMode", "overlayBlendMode", "darkenBlendMode" and "differenceBlendMode" blend).
    /// The other non-separable modes (hue, saturation, color) were not measured and still blend.
    static let namesiOSDrawsNormally: Set<String> = ["luminosityBlendMode"]

    /// Core Animation's own compositing filters, which `compositingFilter` takes by name beside
    /// Core Image's (lottie-ios inverts a matte with `"xor"` over an opaque layer): Porter–Duff
    /// operators on premultiplied colors, source `s` over backdrop `b`.
    static let coreAnimationOperations: [String: BlendKernels.Operation] = [
        "xor": .premultiplied { s, b in s * (1 - b.w) + b * (1 - s.w) },
        "clear": .premultiplied { _, _ in .zero },
        "copy": .premultiplied { s, _ in s },
        "sourceIn": .premultiplied { s, b in s * b.w },
        "sourceOut": .premultiplied { s, b in s * (1 - b.w) },
        "sourceAtop": .premultiplied { s, b in s * b.w + b * (1 - s.w) },
        "destOver": .premultiplied { s, b in b + s * (1 - b.w) },
        "destIn": .premultiplied { s, b in b * s.w },
        "destOut": .premultiplied { s, b in b * (1 - s.w) },
        "destAtop": .premultiplied { s, b in b * s.w + s * (1 - b.w) },
        "plusL": .premultiplied { s, b in pointwiseMin(s + b, SIMD4(repeating: 1)) },
        "plusD": .premultiplied { s, b in
            let sum = SIMD4<Float>(repeating: 1) - ((SIMD4(repeating: 1) - s) + (SIMD4(repeating: 1) - b))
            return SIMD4(max(sum.x, 0), max(sum.y, 0), max(sum.z, 0), min(s.w + b.w, 1))
        },
    ]

    /// `source` (premultiplied BGRA) faded by `alpha`, blended over the destination in place.
    func blend(_ source: UnsafeRawPointer, sourceBytesPerRow: Int, into destination: UnsafeMutableRawPointer,
               destinationBytesPerRow: Int, width: Int, height: Int, alpha: CGFloat, opaqueDestination: Bool) {
        BlendKernels.blend(operation, source: source, sourceBytesPerRow: sourceBytesPerRow, destination: destination,
                           destinationBytesPerRow: destinationBytesPerRow, width: width, height: height,
                           alpha: Float(min(max(alpha, 0), 1)), opaqueDestination: opaqueDestination)
    }
}
