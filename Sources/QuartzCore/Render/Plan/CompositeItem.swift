import CLaminaKernels

/// One layer's texture placed on screen: what the compositor blends, back to front.
struct CompositeItem {
    /// Not retained: copying a frame's thousand items would retain a thousand textures. The
    /// placed node that made the item keeps its texture (`PlacedNode.textures`, `.group`), and
    /// a frame's items are used only while its placed tree is held.
    unowned(unsafe) let texture: LayerTexture
    /// From texture pixels to device pixels (the affine part, when `perspective` is not (0, 0, 1)).
    let toDevice: CGAffineTransform
    /// The third column of the map from texture pixels to device pixels, as a row-vector 3×3
    /// (see `Homography`): (0, 0, 1) for every affine map; else the item is a layer under
    /// perspective, placed by the projective kernel.
    var perspective = SIMD3<Double>(0, 0, 1)
    /// The texture's `generation` when placed (a group texture is redrawn in place).
    var generation = 0
    /// Whether the texture comes from an offscreen pass (a group, or a subtree the layer
    /// renderer drew), for `LAMINA_DEBUG=offscreen`.
    var isOffscreen = false
    /// A compositing filter's blend with what is below (nil: source-over, the fast paths).
    /// Not retained, like the texture, so that an item is plain data (a frame copies and frees
    /// thousands as bytes): the placed node that made the item keeps it (`PlacedNode.effects`).
    unowned(unsafe) var blend: LayerBlend?
    /// Background filters applied to what is below (this item draws no texture); not retained
    /// either (`PlacedNode.effects` keeps it).
    unowned(unsafe) var backdrop: BackdropFilter?
    /// The product of the opacities down to this layer, in 1/255 steps.
    let alpha: UInt8
    /// A per-channel multiplier, premultiplied ARGB32 with 255 = 1, opacity included (a
    /// replicator instance's color): all ones for untinted items.
    var tint: UInt32 = .max
    /// The sides of the texture's outline (`LayerTexture.outline`) cut aliased, as
    /// `AliasedEdges` bits: a layer's own drawing without edge antialiasing. None for shadows,
    /// groups, tiles and particles, whose outlines are not a layer's.
    var aliasedEdges: UInt8 = 0
    /// The device pixels it can touch (clipped to the screen).
    let extent: DeviceRect

    /// Whether its map only scales and translates (positively).
    var isAxisAligned: Bool {
        perspective == SIMD3(0, 0, 1) && toDevice.b == 0 && toDevice.c == 0 && toDevice.a > 0 && toDevice.d > 0
    }

    /// The item's drawing as an outline (`DrawnOutline`), when its texture has one and the item
    /// would resample it: turned, scaled without distortion, or off whole pixels. Blits stay
    /// blits. Drawing the outline reads no texel, so the planner draws the texture's pixels
    /// only for items without one (`LayerTexture.ensureDrawn`).
    var outline: lamina_rounded_rect? {
        guard var shape = texture.drawnOutline, perspective == SIMD3(0, 0, 1), blend == nil, backdrop == nil,
              integerOffset == nil, DrawnOutline.isSimilarity(toDevice) else { return nil }
        shape.aliased = UInt32(aliasedEdges)
        return shape
    }

    /// The whole map from texture pixels to device pixels.
    var homography: Homography {
        Homography(m: [toDevice.a, toDevice.b, CGFloat(perspective.x), toDevice.c, toDevice.d, CGFloat(perspective.y),
                       toDevice.tx, toDevice.ty, CGFloat(perspective.z)])
    }

    /// Whether it puts the same pixels in the same place as `other`.
    func looksLike(_ other: CompositeItem) -> Bool {
        texture === other.texture && alpha == other.alpha && toDevice == other.toDevice && perspective == other.perspective
            && generation == other.generation && blend?.kind == other.blend?.kind && backdrop === other.backdrop
            && tint == other.tint && aliasedEdges == other.aliasedEdges
    }

    /// The translation in whole device pixels, when that is all it is (a plain blit).
    var integerOffset: (x: Int32, y: Int32)? {
        let t = toDevice
        guard perspective == SIMD3(0, 0, 1), t.a == 1, t.b == 0, t.c == 0, t.d == 1, t.tx == t.tx.rounded(), t.ty == t.ty.rounded(),
              abs(t.tx) < 1e6, abs(t.ty) < 1e6 else { return nil }
        return (Int32(t.tx), Int32(t.ty))
    }
}
