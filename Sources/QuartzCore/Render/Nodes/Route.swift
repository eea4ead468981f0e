/// How a layer is shown, and why: the third part of every node's contract (with its extent and
/// its drawing). One predicate, read by the planner (`CompositePlan.placeLayer`, which places
/// each route) and by the layer renderer (which cuts aliased edges only where the compositor
/// would place items), so that both take the same decisions.
enum Route: Equatable {
    /// The layer's own textures and its sublayers' items (`LayerNode`, `CompositePlan.placeSublayers`).
    case items
    /// Through a texture its subtree is composited into (`GroupNode`: `OffscreenGroup`).
    case group(GroupReason)
    /// Through a texture the layer renderer draws.
    case drawn(DrawnReason)

    /// The one predicate that chooses a layer's route (its map to device pixels decides whether
    /// a clip is a rectangle on whole pixels). `paths` is read only for a masked layer that
    /// casts a shadow (`shadowUnderMaskIsUnknown`).
    init(of layer: LayerSnapshot, toDevice: CGAffineTransform, opacity: CGFloat, paths: PathCache) {
        self.init(of: layer, toDevice: toDevice, opacity: opacity, shadowUnderMaskIsUnknown: Self.shadowUnderMaskIsUnknown(layer, paths: paths))
    }

    /// The route, with `shadowUnderMaskIsUnknown(_:paths:)` worked out by the caller, which asks
    /// it only of the rare layer it concerns. Handed the path cache as an `@autoclosure`, every
    /// layer's route had the planner retain and release itself for the closure's capture (two
    /// atomic writes a layer placed): the optimizer made the closure a plain argument.
    init(of layer: LayerSnapshot, toDevice: CGAffineTransform, opacity: CGFloat, shadowUnderMaskIsUnknown: Bool) {
        self = Self.choose(layer, toDevice: toDevice, opacity: opacity, shadowUnderMaskIsUnknown: shadowUnderMaskIsUnknown)
    }

    private static func choose(_ layer: LayerSnapshot, toDevice: CGAffineTransform, opacity: CGFloat,
                               shadowUnderMaskIsUnknown: Bool) -> Route {
        let hasSublayers = layer.hasSublayers
        if layer.hasTransition { return .drawn(.transition) }
        if layer.shouldRasterize { return .drawn(.rasterized) }
        // The shadow of a subtree is an item of its own (see `placeSubtreeShadow`), but under a
        // mask the mask would have to cut it too.
        if shadowUnderMaskIsUnknown { return .drawn(.shadowOfSubtree) }
        if let reason = FilteredLayer.drawnReason(of: layer) { return .drawn(reason) }
        if layer.hasMask { return .group(.mask) }
        if hasSublayers, layer.opacity < 1, layer.allowsGroupOpacity { return .group(.opacity) }
        if hasSublayers, layer.masksToBounds, rectangularClip(of: layer, toDevice: toDevice) == nil { return .group(.clip) }
        // The renderer fades a faded layer's background and border as one picture, sublayers between.
        if layer.hasVisibleBorder, hasSublayers, opacity < 1, layer.hasBackgroundColor { return .drawn(.fadedBorder) }
        return .items
    }

    /// Whether `layer` casts a shadow under a mask, of a shape not known from its own geometry.
    static func shadowUnderMaskIsUnknown(_ layer: LayerSnapshot, paths: PathCache) -> Bool {
        layer.castsShadow && layer.hasMask && LayerShadow.knownShape(of: layer, paths: paths) == nil
    }

    /// The device pixels a `masksToBounds` layer keeps, when its clip is a rectangle on whole
    /// pixels (no rounded corners, not turned): a clip rectangle for its sublayers' items.
    static func rectangularClip(of layer: LayerSnapshot, toDevice: CGAffineTransform) -> DeviceRect? {
        guard layer.cornerRadius <= 0 || layer.maskedCorners.isEmpty, toDevice.b == 0, toDevice.c == 0 else { return nil }
        let r = layer.bounds.applying(toDevice)
        func whole(_ v: CGFloat) -> Bool { abs(v - v.rounded()) < 1.0 / 64 && abs(v) < 1e6 }
        guard whole(r.minX), whole(r.minY), whole(r.maxX), whole(r.maxY) else { return nil }
        return DeviceRect(x: Int32(r.minX.rounded()), y: Int32(r.minY.rounded()),
                          width: Int32(r.width.rounded()), height: Int32(r.height.rounded()))
    }
}

/// Why a subtree is composited into a texture of its own and placed as one item.
enum GroupReason: String, Sendable {
    case mask = "a mask"
    case clip = "masksToBounds with rounded corners or off whole pixels"
    case opacity = "group opacity"
}

/// Why a subtree is drawn by the layer renderer into a texture.
enum DrawnReason: String, Sendable {
    case perspective = "perspective"
    case rasterized = "shouldRasterize"
    case transition = "a transition in flight"
    case shadowOfSubtree = "a shadow cast by a subtree or a faded drawing (its shape is unknown)"
    case fadedBorder = "a border over a background under opacity, with sublayers"
    case filters = "Core Image filters"
    case compositingFilter = "a compositing filter"

    /// Whether items could not show it (the others take this way by design).
    var isFallback: Bool { self != .perspective && self != .rasterized && self != .filters && self != .compositingFilter }
}

/// A subtree the layer renderer drew because the compositor's items could not show it.
struct Fallback: Hashable, Sendable {
    let id: UInt64
    let name: String?
    let reason: DrawnReason

    var message: String {
        "layer \(name.map { "'\($0)' " } ?? "")#\(id) is drawn by the layer renderer, not composited: \(reason.rawValue)"
    }
}
