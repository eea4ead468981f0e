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

    /// One particle's sprite placed in the canvas: the inverse map the kernel takes, the pixels
    /// it can touch and its color multiplier.
    private struct Placed {
        let sprite: EmitterSprite
        let inverse: (Double, Double, Double, Double, Double, Double)
        let x0: Int32, y0: Int32, x1: Int32, y1: Int32
        let tint: UInt32
    }

    /// Draws `particles` into `canvas`, a bitmap whose pixel (0, 0) is at `origin` of the
    /// layer's coordinates (y down) at `scale` pixels per point. Many particles are drawn in
    /// horizontal bands, one per core, each band drawing every particle in order over its own
    /// rows: the same pixels as one pass.
    static func draw(_ particles: [Particle], additive: Bool, into canvas: CGContext, origin: CGPoint, scale: CGFloat) {
        guard let data = canvas.data else { return }
        let stride = Int32(canvas.bytesPerRow / 4), width = Int32(canvas.width), height = Int32(canvas.height)
        let toCanvas = CGAffineTransform(translationX: -origin.x, y: -origin.y).concatenating(CGAffineTransform(scaleX: scale, y: scale))
        var placed: [Placed] = []
        placed.reserveCapacity(particles.count)
        for p in particles {
            let sprite = p.sprite
            // Texels (the ring at 0) → the sprite's points about its center → turned → placed.
            let sx = p.size.width / CGFloat(sprite.pixelWidth), sy = p.size.height / CGFloat(sprite.pixelHeight)
            guard sx > 0, sy > 0 else { continue }
            let map = CGAffineTransform(translationX: -1 - CGFloat(sprite.pixelWidth) / 2, y: -1 - CGFloat(sprite.pixelHeight) / 2)
                .concatenating(CGAffineTransform(scaleX: sx, y: sy))
                .concatenating(CGAffineTransform(rotationAngle: p.angle))
                .concatenating(CGAffineTransform(translationX: p.position.x, y: p.position.y))
                .concatenating(toCanvas)
            let box = CGRect(x: 0, y: 0, width: Int(sprite.texels.width), height: Int(sprite.texels.height)).applying(map)
            guard box.isFiniteRect else { continue }
            // Clamped into the canvas before Int32(…): a particle at 1e300 must not trap.
            func pixel(_ v: CGFloat, _ limit: Int32) -> Int32 { Int32(min(max(v, 0), CGFloat(limit))) }
            let x0 = pixel(box.minX.rounded(.down), width), y0 = pixel(box.minY.rounded(.down), height)
            let x1 = pixel(box.maxX.rounded(.up), width), y1 = pixel(box.maxY.rounded(.up), height)
            guard x1 > x0, y1 > y0 else { continue }
            let i = map.inverted()
            placed.append(Placed(sprite: sprite, inverse: (Double(i.a), Double(i.b), Double(i.c), Double(i.d), Double(i.tx), Double(i.ty)),
                                 x0: x0, y0: y0, x1: x1, y1: y1, tint: ReplicatorState.packedTint(p.color, alpha: 255)))
        }
        let pixels = UnsafeMutableSendable(data.assumingMemoryBound(to: UInt32.self))
        let bands = placed.count >= 500 && height >= 64 ? max(ProcessInfo.processInfo.activeProcessorCount, 1) : 1
        let rows = (height + Int32(bands) - 1) / Int32(bands)
        placed.withUnsafeBufferPointer { placed in
            let all = UnsafeSendable(placed)
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                let top = Int32(band) * rows, bottom = min(top + rows, height)
                withUnsafeTemporaryAllocation(of: Double.self, capacity: 6) { m in
                    for p in all.value where p.y1 > top && p.y0 < bottom {
                        (m[0], m[1], m[2], m[3], m[4], m[5]) = p.inverse
                        let y0 = max(p.y0, top), y1 = min(p.y1, bottom)
                        withUnsafePointer(to: p.sprite.texels) { texels in
                            if additive {
                                lamina_affine_bilinear_tinted_add(pixels.value, stride, p.x0, y0, p.x1, y1, texels, m.baseAddress, p.tint)
                            } else {
                                lamina_affine_bilinear_tinted_over(pixels.value, stride, p.x0, y0, p.x1, y1, texels, m.baseAddress, p.tint)
                            }
                        }
                    }
                }
            }
        }
    }

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
