/// Lays out sublayers by their `constraints` (macOS API):
///
/// - Sublayers are placed in dependency order, so that a layer reading a sibling reads where the
///   sibling ends up. Layers that depend on each other in a cycle are left where they are.
/// - A constraint whose source names no sibling (nor `"superlayer"`), or names the layer
///   itself, is ignored, with a message.
/// - Per axis, the last two different attributes given decide (an over-constrained axis takes
///   the last constraints given; a repeated attribute takes its last value). Two positions
///   (say `minX` and `midX`) give the size; a size and a position place the layer; one position
///   alone keeps the size. A size alone leaves the axis as it was: measured on Apple's
///   QuartzCore (a `width` constraint by itself changes neither the width nor the position),
///   as its documentation's "a minimum of two relationships must be specified per axis" has
///   it. A size never goes below 0.
/// - The result is set as the sublayer's `frame`; axes without constraints keep theirs.
///
/// On a 200×100 superlayer, `minX` + `width ×0.5` gives (0, w 100), `midX` + `width ×0.5`
/// (50, w 100), `minX` offset 20 + `midX` (20, w 160).
open class CAConstraintLayoutManager: NSObject, CALayoutManager, @unchecked Sendable {
    /// A layout manager; set it as a layer's `layoutManager`.
    public override init() {}

    /// Places `layer`'s sublayers by their constraints.
    open func layoutSublayers(of layer: CALayer) {
        let sublayers = layer.sublayerStorage.filter { !($0.constraints ?? []).isEmpty }
        guard !sublayers.isEmpty else { return }
        var named: [String: CALayer] = [:]
        for sublayer in layer.sublayerStorage.reversed() { if let name = sublayer.name { named[name] = sublayer } }
        for sublayer in Self.dependencyOrder(sublayers, named: named) {
            place(sublayer, in: layer, named: named)
        }
    }

    /// The constrained sublayers, each after the siblings it reads; those in a cycle left out.
    static func dependencyOrder(_ sublayers: [CALayer], named: [String: CALayer]) -> [CALayer] {
        var order: [CALayer] = [], state: [ObjectIdentifier: Bool] = [:]     // false: visiting, true: placed
        var cyclic: Set<ObjectIdentifier> = []
        func visit(_ layer: CALayer, path: [CALayer]) {
            let id = ObjectIdentifier(layer)
            if state[id] == true { return }
            if state[id] == false {                       // back at a layer being visited: a cycle
                let start = path.lastIndex { $0 === layer } ?? 0
                for member in path[start...] { cyclic.insert(ObjectIdentifier(member)) }
                return
            }
            state[id] = false
            for constraint in layer.constraints ?? [] {
                if let source = named[constraint.sourceName], source !== layer, source.constraints?.isEmpty == false {
                    visit(source, path: path + [layer])
                }
            }
            state[id] = true
            order.append(layer)
        }
        for layer in sublayers { visit(layer, path: []) }
        for layer in order where cyclic.contains(ObjectIdentifier(layer)) {
            CGDiagnostics.log("CAConstraintLayoutManager", "\(layer.name ?? "a layer")'s constraints form a cycle; left where it is.")
        }
        return order.filter { !cyclic.contains(ObjectIdentifier($0)) }
    }

    private func place(_ layer: CALayer, in superlayer: CALayer, named: [String: CALayer]) {
        // Per axis, the attributes given, in order, each with its last value.
        var given: [[(slot: Int, value: CGFloat)]] = [[], []]
        for constraint in layer.constraints ?? [] {
            let source: CGRect
            if constraint.sourceName == "superlayer" {
                source = superlayer.bounds
            } else if let sibling = named[constraint.sourceName], sibling !== layer {
                source = sibling.frame
            } else {
                CGDiagnostics.log("CAConstraintLayoutManager", "\"\(constraint.sourceName)\" names no sibling of \(layer.name ?? "a layer"); constraint ignored.")
                continue
            }
            let value = constraint.value(from: source)
            guard value.isFinite else { continue }
            let axis = constraint.attribute.isHorizontal ? 0 : 1
            given[axis].removeAll { $0.slot == constraint.attribute.slot }
            given[axis].append((constraint.attribute.slot, value))
        }
        var frame = layer.frame
        if let x = Self.solve(given[0].suffix(2), min: frame.minX, length: frame.width) { (frame.origin.x, frame.size.width) = x }
        if let y = Self.solve(given[1].suffix(2), min: frame.minY, length: frame.height) { (frame.origin.y, frame.size.height) = y }
        if frame != layer.frame { layer.frame = frame }
    }

    /// One axis from at most two attributes (slots 0 min, 1 mid, 2 max, 3 size): the new
    /// (min, length), or nil when none is given.
    static func solve(_ given: ArraySlice<(slot: Int, value: CGFloat)>, min: CGFloat, length: CGFloat) -> (CGFloat, CGFloat)? {
        guard !given.isEmpty else { return nil }
        var length = length
        let position: (slot: Int, value: CGFloat)
        if let size = given.last(where: { $0.slot == 3 }) { length = Swift.max(size.value, 0) }
        let positions = given.filter { $0.slot != 3 }
        if positions.count == 2 {
            let (a, b) = positions[0].slot < positions[1].slot ? (positions[0], positions[1]) : (positions[1], positions[0])
            // Two of min, mid, max: each is min + slot/2 · length.
            length = Swift.max((b.value - a.value) / (CGFloat(b.slot - a.slot) / 2), 0)
            position = a
        } else if let only = positions.first {
            position = only
        } else {
            return nil                                                            // a size alone: as it was
        }
        return (position.value - CGFloat(position.slot) / 2 * length, length)
    }
}
