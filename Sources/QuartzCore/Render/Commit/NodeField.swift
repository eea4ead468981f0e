import CoreGraphics

/// The render node's side of a layer property (`LayerProperty.node`): the field of
/// `LayerSnapshot` that carries it, declared once in the property's row. Through it a commit
/// copies the layer's value into the node (`capture`), and the render thread's animations read
/// and write the node by Core Animation's key (`SnapshotTarget`).
struct NodeField {
    /// The node's value, boxed as key-value coding boxes it (what an animation interpolates from).
    let get: (LayerSnapshot) -> Any?
    /// Writes an animated value, given in any box animations hand around (the node's type or
    /// the layer's), through the row's rule; a value of another type is ignored.
    let set: (inout LayerSnapshot, Any?) -> Void
    /// Copies the layer's value into a node being made. Values held by reference go into the
    /// snapshot's shared references (made once per snapshot), the others into the snapshot.
    let capture: (CALayer, inout LayerSnapshot, inout LayerSnapshot.References.Values) -> Void

    /// A field of the snapshot itself (a number, a structure), of the node's type `N`.
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
                  },
                  capture: { layer, snapshot, _ in snapshot[keyPath: node] = convert(layer[keyPath: source]) })
    }

    static func value<V>(_ source: KeyPath<CALayer, V>, _ node: WritableKeyPath<LayerSnapshot, V>, rule: ((V) -> V?)? = nil) -> NodeField {
        value(source, node, convert: { $0 }, rule: rule)
    }

    /// A field held in the snapshot's shared references (colors, images, paths, names, lists):
    /// `held` is where a new snapshot's references take it, `node` the snapshot's accessor of it.
    static func held<V, N>(_ source: KeyPath<CALayer, V>, _ held: WritableKeyPath<LayerSnapshot.References.Values, N>,
                           _ node: WritableKeyPath<LayerSnapshot, N>, convert: @escaping (V) -> N) -> NodeField {
        NodeField(get: { Boxing.box($0[keyPath: node]) },
                  set: { snapshot, value in
                      guard let n = animated(value, as: N.self, from: V.self, convert: convert) else { return }
                      snapshot[keyPath: node] = n
                  },
                  capture: { layer, _, values in values[keyPath: held] = convert(layer[keyPath: source]) })
    }

    static func held<V>(_ source: KeyPath<CALayer, V>, _ held: WritableKeyPath<LayerSnapshot.References.Values, V>,
                        _ node: WritableKeyPath<LayerSnapshot, V>) -> NodeField {
        self.held(source, held, node, convert: { $0 })
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

    /// A rectangle whose size cannot be negative (`bounds`): each negative side becomes zero.
    static func nonNegativeSize(_ r: CGRect) -> CGRect? {
        CGRect(origin: r.origin, size: CGSize(width: max(0, r.size.width), height: max(0, r.size.height)))
    }

    /// Scales must be positive numbers (`contentsScale`, `rasterizationScale`): others are refused.
    static func positive(_ v: CGFloat) -> CGFloat? { v > 0 && v.isFinite ? v : nil }
}
