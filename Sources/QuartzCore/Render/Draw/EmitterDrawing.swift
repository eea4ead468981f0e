import CLaminaKernels

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
    /// layer's coordinates (y down) at `scale` pixels per point.
    static func draw(_ particles: [Particle], additive: Bool, into canvas: CGContext, origin: CGPoint, scale: CGFloat) {
        guard let data = canvas.data else { return }
        let pixels = data.assumingMemoryBound(to: UInt32.self)
        let stride = Int32(canvas.bytesPerRow / 4), width = Int32(canvas.width), height = Int32(canvas.height)
        let toCanvas = CGAffineTransform(translationX: -origin.x, y: -origin.y).concatenating(CGAffineTransform(scaleX: scale, y: scale))
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 6) { m in
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
                let x0 = max(Int32(max(box.minX.rounded(.down), -1)), 0), y0 = max(Int32(max(box.minY.rounded(.down), -1)), 0)
                let x1 = min(Int32(min(box.maxX.rounded(.up), CGFloat(width))), width)
                let y1 = min(Int32(min(box.maxY.rounded(.up), CGFloat(height))), height)
                guard x1 > x0, y1 > y0 else { continue }
                let inverse = map.inverted()
                (m[0], m[1], m[2], m[3], m[4], m[5]) = (Double(inverse.a), Double(inverse.b), Double(inverse.c),
                                                        Double(inverse.d), Double(inverse.tx), Double(inverse.ty))
                let tint = ReplicatorState.packedTint(p.color, alpha: 255)
                withUnsafePointer(to: sprite.texels) { texels in
                    if additive {
                        lamina_affine_bilinear_tinted_add(pixels, stride, x0, y0, x1, y1, texels, m.baseAddress, tint)
                    } else {
                        lamina_affine_bilinear_tinted_over(pixels, stride, x0, y0, x1, y1, texels, m.baseAddress, tint)
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
