/// Turns a presented tree into composite items, when every layer is one the compositor places
/// exactly as the renderer would draw it: an affine transform, and no mask, clipped sublayers,
/// group opacity, transition or rasterization, and no shadow of a drawing that is faded or has
/// sublayers. Anything else goes to `LayerRenderer`.
struct CompositePlan {
    /// The items of the root's sublayers that have no animations, and how the root was placed:
    /// a later frame of the same tree, with the root placed the same way, reuses them as they are
    /// (a few things moving over many still ones cost only what moves).
    struct StillSublayers {
        var tree: UInt64
        var rootToDevice: CGAffineTransform
        var rootOpacity: CGFloat
        /// Tells still lists apart: a rebuilt one gets a new generation.
        var generation: UInt64
        /// The still sublayers' items, in the order they were placed.
        var items: [CompositeItem] = []
        /// Per sublayer index: where its items are in `items`; nil for animated or not yet placed ones.
        var ranges: [Range<Int>?] = []
        /// The last frame's shape, when it placed no new still items: its runs, the drawing order,
        /// the animated sublayers in that order with how many items each placed, and all it placed.
        /// A frame with the same order whose animated sublayers place as many items has the same
        /// runs: it places only those and skips the still ones.
        var frame: (runs: [CompositeList.Run], order: [Int], animated: [Int], counts: [Int], placed: Int)?
    }

    private(set) var items = CompositeList()
    /// What the frame is painted with before the items (premultiplied ARGB): white, or the root's
    /// color when it fills the screen.
    private(set) var backdrop: UInt32 = 0xFFFF_FFFF
    private(set) var still: StillSublayers
    private let previous: StillSublayers?
    private let cache: TextureCache
    private let memo: LookMemo?
    private let screen: DeviceRect

    /// Nil when some layer needs the full renderer. `generation` names the still list if this plan
    /// has to build it anew; `expectedCount` is how many items the last frame placed itself.
    init?(_ root: LayerSnapshot, tree: UInt64, scale: CGFloat, screen: DeviceRect, cache: TextureCache,
          reusing previous: StillSublayers?, generation: UInt64, memo: LookMemo? = nil, expectedCount: Int = 0) {
        self.cache = cache
        memo?.use(tree: tree, count: root.sublayers.count + 1)    // the root's own at the end
        self.memo = memo
        self.screen = screen
        items.reservePlaced(expectedCount)               // growing a large array costs more than placing
        let toDevice = CGAffineTransform(scaleX: scale, y: scale)
        still = StillSublayers(tree: tree, rootToDevice: toDevice, rootOpacity: 1, generation: generation)
        // Only when the root itself does not animate do its sublayers sit where they sat.
        self.previous = root.animations.isEmpty && previous?.tree == tree ? previous : nil
        let start = (items, still)
        guard add(root, in: nil, toDevice: toDevice, opacity: 1, isRoot: true, memoIndex: root.sublayers.count) else { return nil }
        if shortcut {
            // The same shape as the last frame, or a full pass after all.
            if let frame = still.frame, items.placed.count == frame.placed, shortcutHeld {
                items.adoptRuns(frame.runs)
            } else {
                (items, still, shortcut) = (start.0, start.1, false)
                allowsShortcut = false
                guard add(root, in: nil, toDevice: toDevice, opacity: 1, isRoot: true, memoIndex: root.sublayers.count) else { return nil }
            }
        }
        if !shortcut, let shape = frameShape { still.frame = (items.runs, shape.order, shape.animated, shape.counts, items.placed.count) }
    }

    /// Whether this frame took the shortcut (placing only the animated root sublayers), whether
    /// they placed as many items as before, and whether a full pass may take it.
    private var shortcut = false, shortcutHeld = true, allowsShortcut = true
    /// What a full pass saw, for the next frame's shortcut (nil when it placed new still items).
    private var frameShape: (order: [Int], animated: [Int], counts: [Int])?

    /// Places `layer` and its sublayers; `memoIndex` is its index in the memo (root sublayers and the root).
    private mutating func add(_ layer: LayerSnapshot, in parent: LayerGeometry.SublayerSpace?,
                              toDevice parentToDevice: CGAffineTransform, opacity parentOpacity: CGFloat,
                              isRoot: Bool = false, memoIndex: Int? = nil) -> Bool {
        guard !layer.isHidden, layer.opacity > 0 else { return true }
        let m = layer.transformToParent(in: parent)
        if !layer.isDoubleSided && m.m33 < 0 { return true }
        guard let affine = m.planeAffine, Self.isPlaceable(layer) else { return false }
        let toDevice = affine.concatenating(parentToDevice)
        let det = toDevice.a * toDevice.d - toDevice.b * toDevice.c
        guard det != 0, det.isFinite else { return true }
        let opacity = parentOpacity * min(layer.opacity, 1)
        let scale = Self.textureScale(abs(det).squareRoot())
        if Self.castsShadow(layer) {
            // Behind the layer, faded with it, as the renderer draws a shadow of known shape. One
            // of unknown shape is the renderer's transparency layer with a shadow: the same as
            // shadow and drawing placed apart when nothing fades them (and no sublayers join in).
            let shape = LayerShadow.knownShape(of: layer)
            guard shape != nil || (layer.sublayers.isEmpty && layer.mask.isEmpty && opacity >= 1),
                  let texture = texture(.shadow, of: layer, memoIndex, scale, { $0.shadowTexture(for: layer, shape: shape, scale: scale) })
            else { return false }
            place(texture, toDevice: toDevice, opacity: opacity)
        }
        // The border goes above the sublayers: apart from the body when there are sublayers.
        let borderApart = Self.hasBorder(layer) && !layer.sublayers.isEmpty
        // The renderer fades a faded layer's background and border as one picture, sublayers included.
        if borderApart && opacity < 1 && layer.backgroundColor != nil { return false }
        if Self.drawsItself(layer, part: borderApart ? .body : .whole) {
            let part: LayerTexture.Part = borderApart ? .body : .whole
            guard let texture = texture(.body, of: layer, memoIndex, scale, { $0.texture(for: layer, part: part, scale: scale) })
            else { return false }
            if isRoot, opacity >= 1, let color = opaqueColor(covering: screen, texture, toDevice) {
                // A root that fills the screen with one opaque color is the backdrop, not an item
                // (and hides its own shadow).
                items = CompositeList()
                backdrop = color
            } else {
                place(texture, toDevice: toDevice, opacity: opacity)
            }
        }
        if isRoot {
            still.rootToDevice = toDevice
            still.rootOpacity = opacity
        }
        if isRoot {
            guard addRootSublayers(of: layer, toDevice: toDevice, opacity: opacity) else { return false }
        } else {
            for i in layer.drawingOrder {
                guard add(layer.sublayers[i], in: layer.sublayerSpace, toDevice: toDevice, opacity: opacity) else { return false }
            }
        }
        if borderApart {
            guard let texture = texture(.border, of: layer, memoIndex, scale, { $0.texture(for: layer, part: .border, scale: scale) })
            else { return false }
            place(texture, toDevice: toDevice, opacity: opacity)
        }
        return true
    }

    /// The root's sublayers: still ones as the previous frame placed them, when the root sits
    /// where it sat (shared, not copied), the others placed now.
    private mutating func addRootSublayers(of root: LayerSnapshot, toDevice: CGAffineTransform, opacity: CGFloat) -> Bool {
        if let previous, previous.rootToDevice == toDevice, previous.rootOpacity == opacity {
            still = previous                                           // the same tree: same sublayers
            // The textures stay cached while used; telling the cache now and then is enough.
            if cache.wantsTouches { for item in still.items { cache.touch(item.texture) } }
        } else {
            still.ranges = Array(repeating: nil, count: root.sublayers.count)
        }
        items.useStill(still.items, generation: still.generation)
        if allowsShortcut, let frame = still.frame, frame.order == root.drawingOrder,
           frame.animated.count == root.sublayers.animatedIndices.count {
            shortcut = true
            for (k, i) in frame.animated.enumerated() {
                let start = items.placed.count
                guard add(root.sublayers[i], in: root.sublayerSpace, toDevice: toDevice, opacity: opacity, memoIndex: i) else { return false }
                if items.placed.count - start != frame.counts[k] { shortcutHeld = false }
            }
            return true
        }
        still.frame = nil
        var shape: (order: [Int], animated: [Int], counts: [Int])? = (root.drawingOrder, [], [])
        var animates = [Bool](repeating: false, count: root.sublayers.count)
        for i in root.sublayers.animatedIndices { animates[i] = true }
        for i in root.drawingOrder {
            let animated = animates[i]
            if !animated, let placed = still.ranges[i] {
                items.appendStill(placed)
                continue
            }
            let start = items.placed.count
            guard add(root.sublayers[i], in: root.sublayerSpace, toDevice: toDevice, opacity: opacity, memoIndex: i) else { return false }
            if animated {
                shape?.animated.append(i)
                shape?.counts.append(items.placed.count - start)
            } else {
                still.ranges[i] = still.items.count..<(still.items.count + items.placed.count - start)
                still.items.append(contentsOf: items.placed[start...])
                shape = nil                                        // the next frame's still list grows
            }
        }
        frameShape = shape
        return true
    }

    /// A texture of `layer` from the cache, or from the memo when the layer's animations cannot
    /// change how it looks.
    private func texture(_ slot: LookMemo.Slot, of layer: LayerSnapshot, _ memoIndex: Int?, _ scale: CGFloat,
                         _ lookUp: (TextureCache) -> LayerTexture?) -> LayerTexture? {
        guard let memo, let index = memoIndex, !layer.animatesLook else { return lookUp(cache) }
        if let texture = memo.texture(slot, at: index, scale: scale) {
            if cache.wantsTouches { cache.touch(texture) }
            return texture
        }
        let texture = lookUp(cache)
        memo.store(texture, slot, at: index, scale: scale)
        return texture
    }

    /// The color of `texture` placed by `toDevice`, when it covers `screen` with that one opaque
    /// color, texel for pixel.
    private func opaqueColor(covering screen: DeviceRect, _ texture: LayerTexture, _ toDevice: CGAffineTransform) -> UInt32? {
        let t = texture.texels, placed = texture.toLayer.concatenating(toDevice)
        guard t.flat_color >> 24 == 255, placed.a == 1, placed.b == 0, placed.c == 0, placed.d == 1,
              placed.tx == placed.tx.rounded(), placed.ty == placed.ty.rounded(), abs(placed.tx) < 1e6, abs(placed.ty) < 1e6
        else { return nil }
        let x = Int32(placed.tx), y = Int32(placed.ty)
        guard t.flat_x0 + x <= screen.x, t.flat_y0 + y <= screen.y,
              t.flat_x1 + x >= screen.x + screen.width, t.flat_y1 + y >= screen.y + screen.height else { return nil }
        return t.flat_color
    }

    private mutating func place(_ texture: LayerTexture, toDevice: CGAffineTransform, opacity: CGFloat) {
        let placed = texture.toLayer.concatenating(toDevice)
        let corners = CGRect(x: 0, y: 0, width: Int(texture.width), height: Int(texture.height)).applying(placed)
        guard let extent = DeviceRect(enclosing: corners, within: screen) else { return }
        let alpha = UInt8((opacity * 255).rounded())
        if alpha > 0 { items.append(CompositeItem(texture: texture, toDevice: placed, alpha: alpha, extent: extent)) }
    }

    /// A shadow the renderer draws (a layer that clips to its bounds casts none).
    private static func castsShadow(_ layer: LayerSnapshot) -> Bool {
        layer.shadowOpacity > 0 && (layer.shadowColor?.alpha ?? 0) > 0 && !layer.masksToBounds
    }

    /// Whether the layer's look is its own drawing (and a shadow, if its shape is known: see
    /// `add`), placed and faded: nothing that needs a group.
    private static func isPlaceable(_ layer: LayerSnapshot) -> Bool {
        let hasSublayers = !layer.sublayers.isEmpty
        return layer.mask.isEmpty && layer.transition == nil && !layer.shouldRasterize
            && !(hasSublayers && layer.masksToBounds)
            && !(hasSublayers && layer.opacity < 1 && layer.allowsGroupOpacity)
    }

    private static func hasBorder(_ layer: LayerSnapshot) -> Bool {
        layer.borderWidth > 0 && (layer.borderColor?.alpha ?? 0) > 0
    }

    /// Whether `part` of the layer's own drawing shows anything.
    private static func drawsItself(_ layer: LayerSnapshot, part: LayerTexture.Part) -> Bool {
        let body = (layer.backgroundColor?.alpha ?? 0) > 0 || layer.contents != nil || layer.content != nil
        switch part {
        case .whole: return body || hasBorder(layer)
        case .body: return body
        case .border: return hasBorder(layer)
        }
    }

    /// Texture pixels per point for a layer shown at `scale` device pixels per point: in steps
    /// of √2, so that a layer animating its scale is redrawn a few times, not every frame.
    static func textureScale(_ scale: CGFloat) -> CGFloat {
        let steps = (2 * log2(max(scale, 1.0 / 64)) - 1e-3).rounded(.up)   // 1.0000001 is 1
        return min(pow(2, steps / 2), 16)
    }
}
