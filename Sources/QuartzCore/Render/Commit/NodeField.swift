import CoreGraphics

/// The render node's side of a layer property (`LayerProperty.node`): the field of
/// `LayerSnapshot` that carries it, declared once in the property's row. The render thread's
/// animations read and write the node by Core Animation's key through it (`SnapshotTarget`),
/// with the conversion from the layer's type and the rule the layer's setter applies; a commit
/// fills the field (`LayerSnapshot.init(making:)`), which `PropertyTableTests` holds to the row.
struct NodeField {
    /// The node's value, boxed as key-value coding boxes it (what an animation interpolates from).
    let get: (LayerSnapshot) -> Any?
    /// Writes an animated value, given in any box animations hand around (the node's type or
    /// the layer's), through the row's rule; a value of another type is ignored.
    let set: (inout LayerSnapshot, Any?) -> Void

    /// The field `node` of the node's type `N`, for the layer property `source` of type `V`.
    /// - Parameters:
    ///   - convert: the layer's value as the node holds it.
    ///   - rule: what an animated value becomes before it is written (nil: not written), the
    ///     rule the layer's setter applies to a set value.
    static func value<V, N>(_ source: KeyPath<CALayer, V>, _ node: WritableKeyPath<LayerSnapshot, N>,
                            convert: @escaping (V) -> N, rule: ((N) -> N?)? = nil) -> NodeField {
        NodeField(get: { Boxing.box($0[keyPath: node]) },
                  set: { snapshot, value in
                      guard let n = animated(value, as: N.self, from: V.self, convert: convert) else { return }
                      if let rule { if let kept = rule(n) { snapshot[keyPath: node] = kept } } else { snapshot[keyPath: node] = n }
                  })
    }

    /// An animated value as the node's type: as given when it is one already, else converted
    /// from the layer's type (a `CIFilter` array becomes filter recipes, a `Float` a `CGFloat`).
    private static func animated<V, N>(_ value: Any?, as _: N.Type, from _: V.Type, convert: (V) -> N) -> N? {
        if let n: N = Boxing.unbox(value) { return n }
        if let v: V = Boxing.unbox(value) { return convert(v) }
        return nil
    }
}

/// Rules for values that both a layer's setter and the render node apply (the setter also
/// reports what it changed; an animation's in-between values are changed silently).
enum LayerValueRule {
    /// Lengths that cannot be negative (corner radius, border width, shadow radius): zero instead.
    static func nonNegative(_ v: CGFloat) -> CGFloat? { max(0, v) }

    /// A rectangle whose size cannot be negative (`bounds`): standardized, as Apple's layers
    /// store one with a negative side (measured: (0, 0, −10, 20) reads back as (−10, 0, 10, 20)).
    static func standardized(_ r: CGRect) -> CGRect? { r.standardized }

    /// Scales must be positive numbers (`contentsScale`, `rasterizationScale`): others are refused.
    static func positive(_ v: CGFloat) -> CGFloat? { v > 0 && v.isFinite ? v : nil }
}
