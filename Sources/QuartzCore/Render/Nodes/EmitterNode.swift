import CLaminaKernels
import Dispatch
import Foundation

// The emitter node (`CAEmitterLayer`): its state at commit and at the frame's time
// (`EmitterState`, turned into particles by `EmitterSimulation`), its extent
// (`EmitterDrawing.extent`: the particles where they are), how it draws (`EmitterDrawing.draw`:
// the kernels, into one bitmap, the same pixels for every renderer), and how it is placed
// (`CompositePlan.placeParticles`: one item of the node's own texture, above the layer).

/// What the render side knows of a `CAEmitterLayer`: its values, its cells as values (images
/// made into sprites once, at commit), and its time — at commit, then the frame's in a
/// presented tree. `EmitterSimulation` turns it into the particles alive at that time.
struct EmitterState: @unchecked Sendable {
    var birthRate: Double
    var lifetime: Double
    var velocity: Double
    var scale: Double
    var spin: Double
    var position: CGPoint
    var zPosition: Double
    var size: CGSize
    var depth: Double
    var shape: CAEmitterLayerEmitterShape
    var mode: CAEmitterLayerEmitterMode
    var renderMode: CAEmitterLayerRenderMode
    var seed: UInt32
    var cells: [EmitterCellState]
    /// The layer's local time the particles are simulated at.
    var time: CFTimeInterval
    /// When emission stopped (birthRate set to 0) and the rate before: particles born until then live on.
    var stoppedEmission: (time: CFTimeInterval, rate: Double)?
    /// Says each problem once per layer (too many particles).
    let diagnostics: DiagnosticLatch

    init(layer: CAEmitterLayer, cells: [EmitterCellState], time: CFTimeInterval, stoppedEmission: (time: CFTimeInterval, rate: Double)?) {
        birthRate = Double(layer.birthRate)
        lifetime = Double(layer.lifetime)
        velocity = Double(layer.velocity)
        scale = Double(layer.scale)
        spin = Double(layer.spin)
        position = layer.emitterPosition
        zPosition = Double(layer.emitterZPosition)
        size = layer.emitterSize
        depth = Double(layer.emitterDepth)
        shape = layer.emitterShape
        mode = layer.emitterMode
        renderMode = layer.renderMode
        seed = layer.seed
        self.cells = cells
        self.time = time
        self.stoppedEmission = stoppedEmission
        diagnostics = layer.diagnostics
    }

    /// Whether particles can be emitted or alive at some time: the layer then counts as
    /// animated (presented, placed every frame).
    var isRunning: Bool { runsUntil != nil }

    /// Until when (the layer's time) particles can be on screen: `.infinity` while emitting,
    /// the stop plus the longest any particle lives once `birthRate` went to 0, nil when no
    /// enabled cell has a positive rate.
    var runsUntil: CFTimeInterval? {
        let rate = stoppedEmission?.rate ?? birthRate
        guard rate > 0, cells.contains(where: { $0.isEnabled && $0.birthRate > 0 }) else { return nil }
        guard let stop = stoppedEmission else { return .infinity }
        let reach = cells.filter(\.isEnabled).map { $0.reach(max(lifetime, 0)) }.max() ?? 0
        return stop.time + reach
    }

    // MARK: Animations on the render side (`SnapshotTarget`)

    static let keys: Set<String> = ["birthRate", "lifetime", "velocity", "scale", "spin", "emitterPosition", "emitterZPosition",
                                    "emitterSize", "emitterDepth"]

    func value(forKey key: String) -> Any? {
        switch key {
        case "birthRate": return NSNumber(value: birthRate)
        case "lifetime": return NSNumber(value: lifetime)
        case "velocity": return NSNumber(value: velocity)
        case "scale": return NSNumber(value: scale)
        case "spin": return NSNumber(value: spin)
        case "emitterPosition": return position
        case "emitterZPosition": return NSNumber(value: zPosition)
        case "emitterSize": return size
        case "emitterDepth": return NSNumber(value: depth)
        default: return nil
        }
    }

    /// A cell's number by `emitterCells.NAME.key` (nested: `…NAME.emitterCells.CHILD.key`).
    func cellValue(atPath keyPath: String) -> Any? {
        let parts = keyPath.split(separator: ".").map(String.init)
        var cells = cells
        var i = 1
        while i + 1 < parts.count, let cell = cells.first(where: { $0.name == parts[i] }) {
            if i + 2 == parts.count { return cell.value(forKey: parts[i + 1]) }
            guard parts[i + 1] == "emitterCells" else { return nil }
            cells = cell.cells
            i += 2
        }
        return nil
    }

    /// Writes a cell's number by `emitterCells.NAME.key` (an animation of it, at frame time).
    mutating func setCellValue(_ value: Any?, atPath keyPath: String) {
        let parts = keyPath.split(separator: ".").map(String.init)
        func set(_ cells: inout [EmitterCellState], from i: Int) {
            guard i + 1 < parts.count, let index = cells.firstIndex(where: { $0.name == parts[i] }) else { return }
            if i + 2 == parts.count { cells[index].setValue(value, forKey: parts[i + 1]); return }
            if parts[i + 1] == "emitterCells" { set(&cells[index].cells, from: i + 2) }
        }
        set(&cells, from: 1)
    }

    mutating func setValue(_ value: Any?, forKey key: String) {
        let number = Boxing.number(value).flatMap { $0.isFinite ? $0 : nil }
        switch key {
        case "birthRate": if let number { birthRate = number }
        case "lifetime": if let number { lifetime = number }
        case "velocity": if let number { velocity = number }
        case "scale": if let number { scale = number }
        case "spin": if let number { spin = number }
        case "emitterPosition": if let v = value as? CGPoint, v.isFinite { position = v }
        case "emitterZPosition": if let number { zPosition = number }
        case "emitterSize": if let v = value as? CGSize, v.isFinite { size = v }
        case "emitterDepth": if let number { depth = number }
        default: break
        }
    }
}

/// One `CAEmitterCell` as values, with its image as a sprite the kernel samples.
struct EmitterCellState: @unchecked Sendable {
    var name: String?
    var isEnabled: Bool
    var birthRate: Double
    var lifetime: Double, lifetimeRange: Double
    var latitude: Double, longitude: Double, emissionRange: Double
    var velocity: Double, velocityRange: Double
    var acceleration: SIMD3<Double>
    var scale: Double, scaleRange: Double, scaleSpeed: Double
    var spin: Double, spinRange: Double
    /// (r, g, b, a), their ranges and their speeds per second.
    var color: SIMD4<Double>, colorRange: SIMD4<Double>, colorSpeed: SIMD4<Double>
    /// The emission window in the layer's time: from `beginTime`, for `duration` (0: forever).
    var beginTime: Double, duration: Double
    var sprite: EmitterSprite?
    var cells: [EmitterCellState]

    /// Cells nested deeper than this are not emitted (a cell that holds itself would never end).
    static let deepestNesting = 8

    init(_ cell: CAEmitterCell) { self.init(cell, depth: 0) }

    private init(_ cell: CAEmitterCell, depth: Int) {
        name = cell.name
        isEnabled = cell.isEnabled
        birthRate = Double(cell.birthRate)
        lifetime = Double(cell.lifetime)
        lifetimeRange = Double(cell.lifetimeRange)
        latitude = Double(cell.emissionLatitude)
        longitude = Double(cell.emissionLongitude)
        emissionRange = Double(cell.emissionRange)
        velocity = Double(cell.velocity)
        velocityRange = Double(cell.velocityRange)
        acceleration = SIMD3(Double(cell.xAcceleration), Double(cell.yAcceleration), Double(cell.zAcceleration))
        scale = Double(cell.scale)
        scaleRange = Double(cell.scaleRange)
        scaleSpeed = Double(cell.scaleSpeed)
        spin = Double(cell.spin)
        spinRange = Double(cell.spinRange)
        color = ReplicatorState.rgba(cell.color)
        colorRange = SIMD4(Double(cell.redRange), Double(cell.greenRange), Double(cell.blueRange), Double(cell.alphaRange))
        colorSpeed = SIMD4(Double(cell.redSpeed), Double(cell.greenSpeed), Double(cell.blueSpeed), Double(cell.alphaSpeed))
        beginTime = cell.beginTime.isFinite ? cell.beginTime : 0
        duration = cell.duration.isFinite && cell.duration > 0 ? cell.duration / max(Double(abs(cell.speed)), 1e-9) : 0
        sprite = (cell.contents as? CGImage).flatMap { EmitterSprite($0, contentsRect: cell.contentsRect, scale: cell.contentsScale) }
        if depth >= Self.deepestNesting, !(cell.emitterCells ?? []).isEmpty {
            CGDiagnostics.log("CAEmitterCell.emitterCells", "cells nested more than \(Self.deepestNesting) deep (a cell holding itself?); the deeper ones are not emitted.")
            cells = []
        } else {
            cells = (cell.emitterCells ?? []).map { EmitterCellState($0, depth: depth + 1) }
        }
    }

    /// The numbers animations of `emitterCells.NAME.key` reach on the render side.
    private nonisolated(unsafe) static let numbers: [String: WritableKeyPath<EmitterCellState, Double>] = [
        "birthRate": \.birthRate, "lifetime": \.lifetime, "lifetimeRange": \.lifetimeRange,
        "emissionLatitude": \.latitude, "emissionLongitude": \.longitude, "emissionRange": \.emissionRange,
        "velocity": \.velocity, "velocityRange": \.velocityRange, "scale": \.scale, "scaleRange": \.scaleRange,
        "scaleSpeed": \.scaleSpeed, "spin": \.spin, "spinRange": \.spinRange,
        "xAcceleration": \.acceleration.x, "yAcceleration": \.acceleration.y, "zAcceleration": \.acceleration.z,
        "redRange": \.colorRange.x, "greenRange": \.colorRange.y, "blueRange": \.colorRange.z, "alphaRange": \.colorRange.w,
        "redSpeed": \.colorSpeed.x, "greenSpeed": \.colorSpeed.y, "blueSpeed": \.colorSpeed.z, "alphaSpeed": \.colorSpeed.w,
    ]

    func value(forKey key: String) -> Any? {
        if key == "color" { return CGColor(red: color.x, green: color.y, blue: color.z, alpha: color.w) }
        if key == "enabled" { return NSNumber(value: isEnabled) }
        return Self.numbers[key].map { NSNumber(value: self[keyPath: $0]) }
    }

    mutating func setValue(_ value: Any?, forKey key: String) {
        if key == "color" { color = ReplicatorState.rgba(value as? CGColor); return }
        if key == "enabled" { if let n = Boxing.number(value) { isEnabled = n != 0 }; return }
        guard let path = Self.numbers[key], let n = Boxing.number(value), n.isFinite else { return }
        self[keyPath: path] = n
    }

    /// The longest a particle of this cell lives (with the layer's lifetime factor).
    func longestLife(_ factor: Double) -> Double { max(0, (lifetime + abs(lifetimeRange) / 2) * factor) }

    /// How long after its birth a particle of this cell, or one its particles emit (at any
    /// depth), can still be seen.
    func reach(_ factor: Double) -> Double {
        // A loop, not filter and map: this runs for every particle that emits cells.
        var longest = 0.0
        for child in cells where child.isEnabled { longest = max(longest, child.reach(factor)) }
        return longestLife(factor) + longest
    }
}

/// A cell's image as premultiplied BGRA texels with the transparent ring the kernels need, the
/// disc outside which it is transparent (`lamina_sprite`: rows of a turned sprite are cut to it),
/// and its size in points.
final class EmitterSprite: @unchecked Sendable {
    let bitmap: CGContext
    /// The kernel's view of the texels, at a stable address (the kernel is handed pointers to it
    /// for a whole frame), written once here and only read after.
    let kernelSprite: UnsafeMutablePointer<lamina_sprite>
    /// The texels with their ring.
    var texels: lamina_texture { kernelSprite.pointee.texture }
    /// The image part shown, in points (pixels over `contentsScale`).
    let size: CGSize
    /// Texels of the image itself (without the ring).
    let pixelWidth: Int, pixelHeight: Int

    init?(_ image: CGImage, contentsRect: CGRect, scale: CGFloat) {
        let unit = contentsRect.standardized.intersection(CGRect(x: 0, y: 0, width: 1, height: 1))
        guard !unit.isNull, unit.width > 0, unit.height > 0 else { return nil }
        let crop = CGRect(x: unit.minX * CGFloat(image.width), y: unit.minY * CGFloat(image.height),
                          width: unit.width * CGFloat(image.width), height: unit.height * CGFloat(image.height)).integral
        guard let part = unit == CGRect(x: 0, y: 0, width: 1, height: 1) ? image : image.cropping(to: crop) else { return nil }
        let w = part.width, h = part.height
        // Sprites larger than this are sampled down: a particle is seldom large, and 10,000 of
        // them each sampling a huge image would not keep a frame rate.
        guard w > 0, h > 0, w <= LayerTexture.maxSide, h <= LayerTexture.maxSide,
              let bitmap = CGContext(data: nil, width: w + 2, height: h + 2, bitsPerComponent: 8, bytesPerRow: 0,
                                     space: CGColorSpaceCreateDeviceRGB(),
                                     bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue),
              let data = bitmap.data
        else { return nil }
        bitmap.draw(part, in: CGRect(x: 1, y: 1, width: w, height: h))
        bitmap.flush()
        var texels = lamina_texture()
        texels.texels = UnsafePointer(data.assumingMemoryBound(to: UInt32.self))
        texels.stride_pixels = Int32(bitmap.bytesPerRow / 4)
        (texels.width, texels.height) = (Int32(w + 2), Int32(h + 2))
        self.bitmap = bitmap
        kernelSprite = .allocate(capacity: 1)
        kernelSprite.initialize(to: lamina_sprite())
        kernelSprite.pointee.texture = texels
        lamina_sprite_find_reach(kernelSprite)
        pixelWidth = w
        pixelHeight = h
        let s = scale > 0 && scale.isFinite ? scale : 1
        size = CGSize(width: CGFloat(w) / s, height: CGFloat(h) / s)
    }

    deinit { kernelSprite.deallocate() }
}

/// An emitter's particles drawn into one bitmap by the kernels (each sprite placed by its own
/// affine map, multiplied by its color, OVER or, in additive render mode, added), which the
/// layer renderer draws and a window's compositor places as one item: the same pixels both
/// ways. Core Graphics has no per-channel multiply of an image, and 10,000 sprites a frame want
/// the kernel anyway.
enum EmitterDrawing {
    /// What the particles cover in the layer's coordinates (null when none).
    static func extent(of particles: [Particle]) -> CGRect {
        var x0 = CGFloat.infinity, y0 = CGFloat.infinity, x1 = -CGFloat.infinity, y1 = -CGFloat.infinity
        for p in particles {
            // The turned sprite's box: its half-diagonal bounds it.
            let r = 0.5 * (p.size.width * p.size.width + p.size.height * p.size.height).squareRoot()
            x0 = min(x0, p.position.x - r); x1 = max(x1, p.position.x + r)
            y0 = min(y0, p.position.y - r); y1 = max(y1, p.position.y + r)
        }
        guard x1 > x0, y1 > y0 else { return .null }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Draws `particles` into `canvas`, a bitmap whose pixel (0, 0) is at `origin` of the
    /// layer's coordinates (y down) at `scale` pixels per point, by the sprite kernel
    /// (`lamina_sprites_draw`: the affine kernel's pixels), in tiles shared among the cores,
    /// each tile cleared and then drawing the particles over it in order: the same pixels as
    /// one pass into a clear bitmap, whatever the canvas held (a window's particle texture is
    /// last frame's, drawn again).
    static func draw(_ particles: [Particle], additive: Bool, into canvas: CGContext, origin: CGPoint, scale: CGFloat) {
        guard let data = canvas.data else { return }
        let stride = Int32(canvas.bytesPerRow / 4), width = Int32(canvas.width), height = Int32(canvas.height)
        // Each particle's sprite placed in the canvas: the inverse map the kernel takes, the
        // pixels it can touch and its color multiplier. The sprites stay alive with `particles`.
        var placed: [lamina_sprite_placement] = []
        placed.reserveCapacity(particles.count)
        for p in particles {
            if let placement = placement(of: p, origin: origin, scale: scale, width: width, height: height) { placed.append(placement) }
        }
        let pixels = UnsafeMutableSendable(data.assumingMemoryBound(to: UInt32.self))
        // Particles come in birth order, scattered over the canvas: drawn so, nearly every
        // sprite row missed the cache (the canvas is megabytes). So the canvas is cut into tiles
        // small enough to stay in a core's first-level cache, each tile drawing the particles
        // that touch it, in order, cut to the tile (the same pixels as one pass); rows of tiles
        // are shared among the cores.
        // Huge particles would each join thousands of tiles: past a bound on the entries, the
        // canvas is cut into two bands of whole rows instead (as before tiles: one per core).
        var entries = 0
        for p in placed {
            entries += Int((p.x1 - 1) / Int32(tileSize.width) - p.x0 / Int32(tileSize.width) + 1)
                * Int((p.y1 - 1) / Int32(tileSize.height) - p.y0 / Int32(tileSize.height) + 1)
        }
        let coarse = entries > 8 * placed.count + 1_000_000
        let tileWidth = coarse ? width : Int32(tileSize.width), tileHeight = coarse ? (height + 1) / 2 : Int32(tileSize.height)
        let columns = Int((width + tileWidth - 1) / tileWidth), rows = Int((height + tileHeight - 1) / tileHeight)
        let tileCount = columns * rows
        func tiles(of p: lamina_sprite_placement) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
            (Int(p.x0 / tileWidth)...Int((p.x1 - 1) / tileWidth), Int(p.y0 / tileHeight)...Int((p.y1 - 1) / tileHeight))
        }
        // Indices of the particles over tile t: members[starts[t] ..< starts[t + 1]], in order.
        var starts = [Int32](repeating: 0, count: tileCount + 1)
        for p in placed {
            let (xs, ys) = tiles(of: p)
            for row in ys { for column in xs { starts[row * columns + column + 1] += 1 } }
        }
        for t in 0..<tileCount { starts[t + 1] += starts[t] }
        var members = [Int32](repeating: 0, count: Int(starts[tileCount]))
        var next = starts
        for (i, p) in placed.enumerated() {
            let (xs, ys) = tiles(of: p)
            for row in ys {
                for column in xs {
                    members[Int(next[row * columns + column])] = Int32(i)
                    next[row * columns + column] += 1
                }
            }
        }
        let workers = placed.count >= 500 && rows > 1 ? cores : 1
        placed.withUnsafeBufferPointer { placed in
            members.withUnsafeBufferPointer { members in
                starts.withUnsafeBufferPointer { starts in
                    let all = UnsafeSendable((placed, members, starts))
                    // Each worker takes every workers-th row of tiles: neighbours alternate, so
                    // both cores stay busy wherever the particles crowd.
                    DispatchQueue.concurrentPerform(iterations: workers) { worker in
                        let (placed, members, starts) = all.value
                        for row in Swift.stride(from: worker, to: rows, by: workers) {
                            let top = Int32(row) * tileHeight, bottom = min(top + tileHeight, height)
                            for column in 0..<columns {
                                let left = Int32(column) * tileWidth, right = min(left + tileWidth, width)
                                // Cleared by the core that draws it, just before: its lines
                                // are then in that core's cache (a bitmap zeroed whole left
                                // every tile's first touch a miss).
                                for y in top..<bottom {
                                    (pixels.value + Int(y) * Int(stride) + Int(left)).update(repeating: 0, count: Int(right - left))
                                }
                                let t = row * columns + column, first = Int(starts[t]), count = Int(starts[t + 1]) - first
                                guard count > 0 else { continue }
                                lamina_sprites_draw(pixels.value, stride, left, top, right, bottom, placed.baseAddress,
                                                    members.baseAddress! + first, Int32(count), additive ? 1 : 0)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Where the kernel draws `p` in a `width` × `height` canvas whose pixel (0, 0) is at `origin`
    /// of the layer's coordinates at `scale` pixels per point: the inverse map from canvas pixels
    /// to the sprite's texels (ring included), the pixels it can touch (clamped into the canvas)
    /// and its tint; nil when it would change no pixel (outside, empty, or a tint of alpha 0:
    /// its channels are premultiplied, so OVER or added it leaves every pixel as it was).
    ///
    /// The map is texels → the sprite's points about its center (× sx, sy) → turned by the
    /// angle → at the particle's position → the canvas (− origin, × scale), written in closed
    /// form and inverted by hand: composing and inverting five `CGAffineTransform`s, and mapping
    /// the texel rectangle's corners through arrays, was a sixth of a 10,000-particle frame.
    static func placement(of p: Particle, origin: CGPoint, scale: CGFloat, width: Int32, height: Int32) -> lamina_sprite_placement? {
        let tint = ReplicatorState.packedTint(p.color, alpha: 255)
        guard tint >> 24 != 0 else { return nil }
        let sprite = p.sprite
        let ox = Double(origin.x), oy = Double(origin.y), s = Double(scale)
        let w = Double(sprite.pixelWidth), h = Double(sprite.pixelHeight)
        let sx = Double(p.size.width) / w, sy = Double(p.size.height) / h
        guard sx > 0, sy > 0 else { return nil }
        let cosine = cos(p.angle), sine = sin(p.angle)
        let kx = 1 + w / 2, ky = 1 + h / 2
        // The sprite's center in the canvas, and the half extents of the turned texel rectangle
        // (ring included) about it.
        let cx = (Double(p.position.x) - ox) * s, cy = (Double(p.position.y) - oy) * s
        let hx = (abs(cosine * sx) * (w + 2) + abs(sine * sy) * (h + 2)) * s / 2
        let hy = (abs(sine * sx) * (w + 2) + abs(cosine * sy) * (h + 2)) * s / 2
        guard cx.isFinite, cy.isFinite, hx.isFinite, hy.isFinite else { return nil }
        // Clamped into the canvas before Int32(…): a particle at 1e300 must not trap.
        func pixel(_ v: Double, _ limit: Int32) -> Int32 { Int32(min(max(v, 0), Double(limit))) }
        let x0 = pixel((cx - hx).rounded(.down), width), y0 = pixel((cy - hy).rounded(.down), height)
        let x1 = pixel((cx + hx).rounded(.up), width), y1 = pixel((cy + hy).rounded(.up), height)
        guard x1 > x0, y1 > y0 else { return nil }
        // Canvas (x, y) → (x / s + origin − position) turned back → ÷ (sx, sy) → + (kx, ky).
        let dx = ox - Double(p.position.x), dy = oy - Double(p.position.y)
        let inverse = (cosine / (s * sx), -sine / (s * sy), sine / (s * sx), cosine / (s * sy),
                       (cosine * dx + sine * dy) / sx + kx, (cosine * dy - sine * dx) / sy + ky)
        return lamina_sprite_placement(sprite: UnsafePointer(sprite.kernelSprite), inverse: inverse,
                                       x0: x0, y0: y0, x1: x1, y1: y1, tint: tint)
    }

    /// The canvas's tiles: 128 × 32 pixels are 16 KB, which stay in a core's first-level cache
    /// (with the sprite's texels) while every particle over them is drawn.
    static let tileSize = (width: 128, height: 32)

    /// The cores the tiles are shared among, asked once: `activeProcessorCount` (which
    /// `usableCores` reads) reads the cgroup's files at each call (it showed in a frame's profile).
    private static let cores = FrameWorkers.usableCores

    /// The layer renderer's part: the particles at the emitter's time, drawn into a bitmap at
    /// the context's device scale over what the context can show, then drawn in.
    static func draw(_ emitter: EmitterState, masksToBounds: Bool, bounds: CGRect, in ctx: CGContext) {
        let particles = EmitterSimulation.particles(of: emitter)
        var extent = extent(of: particles)
        if masksToBounds { extent = extent.intersection(bounds) }
        extent = extent.intersection(ctx.boundingBoxOfClipPath)
        guard !extent.isNull, extent.width > 0, extent.height > 0, extent.isFiniteRect else { return }
        let scale = min(max(ctx.deviceScale, 0.01), 16)
        // On whole device pixels where the context is, so the bitmap's pixels are the target's.
        let pixelExtent = CGRect(x: (extent.minX * scale).rounded(.down) / scale, y: (extent.minY * scale).rounded(.down) / scale,
                                 width: 0, height: 0)
            .union(CGRect(x: (extent.maxX * scale).rounded(.up) / scale, y: (extent.maxY * scale).rounded(.up) / scale, width: 0, height: 0))
        guard let canvas = LayerCanvas.make(covering: pixelExtent, scale: scale, maxSide: LayerCanvas.maxDrawnSide) else { return }
        draw(particles, additive: emitter.renderMode == .additive, into: canvas, origin: pixelExtent.origin, scale: scale)
        guard let image = canvas.makeImage() else { return }
        let placed = LayerCanvas.extent(of: canvas, covering: pixelExtent, scale: scale)
        ctx.draw(layerImage: image, in: placed)
    }
}

/// A pointer or buffer handed to the bands of one call, which write disjoint rows.
private struct UnsafeMutableSendable: @unchecked Sendable {
    let value: UnsafeMutablePointer<UInt32>
    init(_ value: UnsafeMutablePointer<UInt32>) { self.value = value }
}

private struct UnsafeSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// An emitter's particles in windows: simulated on the render thread at the frame's time, drawn
/// by the kernels into one texture over what the clip can show (`EmitterDrawing`, the same
/// pixels the layer renderer draws), and placed as one item above the layer's own drawing. The
/// texture is the node's alone (`PlacedNode.particles`), never the texture cache's: it changes
/// at every frame.
extension CompositePlan {
    func placeParticles(of layer: LayerSnapshot, _ emitter: EmitterState, _ node: PlacedNode, old: PlacedNode?,
                        toDevice: CGAffineTransform, opacity: CGFloat, scale: CGFloat) {
        let particles = EmitterSimulation.particles(of: emitter)
        var extent = EmitterDrawing.extent(of: particles)
        if layer.masksToBounds { extent = extent.intersection(layer.bounds) }
        guard !extent.isNull, let shown = Self.visible(extent, toDevice: toDevice, clip: node.placement.clip) else { return }
        let additive = emitter.renderMode == .additive
        let padded = LayerTexture.padded(shown, scale: scale)
        let draw = { (canvas: CGContext) in
            EmitterDrawing.draw(particles, additive: additive, into: canvas, origin: padded.origin, scale: scale)
        }
        // Last frame's texture, when of the same size, is drawn again (each tile cleared as it
        // is drawn): a new bitmap of megabytes a frame cost its page faults and a whole
        // zeroing, and every tile's first touch missed the cache. Taken from the old node, so
        // that no second placement of the layer this frame draws over it. A particle picture
        // has no flat interior worth the search (it reads every pixel).
        let texture: LayerTexture
        if let kept = old?.particles, let shift = kept.prepareRedraw(covering: shown, scale: scale) {
            old?.particles = nil
            kept.finishRedraw(shift: shift, clearing: false, findingFlatRect: false, draw)
            texture = kept
        } else {
            guard let made = LayerTexture(covering: shown, scale: scale, maxSide: LayerCanvas.maxDrawnSide, findingFlatRect: false, draw: draw) else { return }
            texture = made
        }
        node.particles = texture
        place(texture, into: &node.below, node, toDevice: toDevice, opacity: opacity)
    }
}
