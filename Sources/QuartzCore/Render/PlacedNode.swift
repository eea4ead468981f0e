/// What the compositor placed for one layer (and its subtree) in the last frame, kept for the
/// next one: a subtree that did not change and is placed the same way is taken as it was — its
/// items, its textures, its extent — without looking into it; one that changed is placed again
/// and compared with this to find the damage.
///
/// A frame's items are its placed tree read back to front: each node's `below` items (shadow,
/// body), its children in drawing order, then its `above` items (the border, which Core
/// Animation draws over the sublayers). An offscreen group keeps its subtree inside (`group`)
/// and shows one item.
///
/// Nodes are changed only while the planning thread builds them; the bands that composite a
/// frame on other threads only read them (hence `@unchecked Sendable`).
final class PlacedNode: @unchecked Sendable {
    /// The layer's render id, and the snapshot version it was placed from.
    let id: UInt64
    let version: UInt64
    /// Whether its subtree had animations (then it is placed again every frame).
    let animated: Bool
    /// How its parent placed it.
    let placement: Placement
    var below: [CompositeItem] = []
    var children: [PlacedNode] = []
    var above: [CompositeItem] = []
    /// Every device pixel its items touch (for damage when it goes away).
    var extent: DeviceRect?
    /// Its own textures and what they were drawn from, kept while its look stays.
    var textures = OwnTextures()
    /// For a subtree shown through one texture: that texture and what it was made from.
    var group: OffscreenGroup?

    init(id: UInt64, version: UInt64, animated: Bool, placement: Placement) {
        self.id = id
        self.version = version
        self.animated = animated
        self.placement = placement
    }

    /// Calls `body` with each item, back to front.
    func forEachItem(_ body: (CompositeItem) -> Void) {
        for item in below { body(item) }
        for child in children { child.forEachItem(body) }
        for item in above { body(item) }
    }

    /// Joins `rect` to the extent.
    func cover(_ rect: DeviceRect?) {
        guard let rect else { return }
        extent = extent.map { $0.union(rect) } ?? rect
    }
}

/// Where a parent puts a sublayer: the parent's sublayer space and its map to device pixels, the
/// opacity it hands down, and the device rectangle its clip leaves (if any). A still subtree
/// with the same placement looks the same as last frame.
struct Placement: Equatable {
    var space: LayerGeometry.SublayerSpace?
    var toDevice: CGAffineTransform
    var opacity: CGFloat
    var clip: DeviceRect
}

/// A layer's own textures (shadow, body or whole drawing, border), with the look version and
/// scale they were drawn for: while both stay and no animation changes the look, the frame takes
/// them from here instead of hashing the look.
struct OwnTextures {
    var ownVersion: UInt64 = 0
    var scale: CGFloat = 0
    var shadow: LayerTexture?
    var body: LayerTexture?
    var border: LayerTexture?
}

extension DeviceRect {
    /// The smallest rectangle holding both.
    func union(_ other: DeviceRect) -> DeviceRect {
        let x0 = Swift.min(x, other.x), y0 = Swift.min(y, other.y)
        let x1 = Swift.max(x + width, other.x + other.width), y1 = Swift.max(y + height, other.y + other.height)
        return DeviceRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The pixels in both; nil when none.
    func intersection(_ other: DeviceRect) -> DeviceRect? {
        let x0 = Swift.max(x, other.x), y0 = Swift.max(y, other.y)
        let x1 = Swift.min(x + width, other.x + other.width), y1 = Swift.min(y + height, other.y + other.height)
        guard x1 > x0, y1 > y0 else { return nil }
        return DeviceRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
