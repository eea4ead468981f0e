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
              let operation = BlendKernels.operations[recipe.kind] else { return nil }
        kind = recipe.kind
        self.operation = operation
    }

    /// `source` (premultiplied BGRA) faded by `alpha`, blended over the destination in place.
    func blend(_ source: UnsafeRawPointer, sourceBytesPerRow: Int, into destination: UnsafeMutableRawPointer,
               destinationBytesPerRow: Int, width: Int, height: Int, alpha: CGFloat, opaqueDestination: Bool) {
        BlendKernels.blend(operation, source: source, sourceBytesPerRow: sourceBytesPerRow, destination: destination,
                           destinationBytesPerRow: destinationBytesPerRow, width: width, height: height,
                           alpha: Float(min(max(alpha, 0), 1)), opaqueDestination: opaqueDestination)
    }
}
