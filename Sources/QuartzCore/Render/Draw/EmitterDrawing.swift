import CLaminaKernels
import Dispatch
import Foundation

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
        guard let canvas = LayerCanvas.make(covering: pixelExtent, scale: scale, maxSide: 8192) else { return }
        draw(particles, additive: emitter.renderMode == .additive, into: canvas, origin: pixelExtent.origin, scale: scale)
        guard let image = canvas.makeImage() else { return }
        let placed = LayerCanvas.extent(of: canvas, covering: pixelExtent, scale: scale)
        ctx.saveGState()
        ctx.concatenate(CGContext.imageFlip(about: placed))
        ctx.draw(image, in: placed)
        ctx.restoreGState()
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
