import CCairo

extension CGContext {
    /// Draws `image` through a projective map from its pixel coordinates (u right, v down from
    /// the first row) to user space: `imageToUser` is a row-major 3×3 for row vectors
    /// [u v 1] · M. cairo only transforms affinely, so `ProjectiveWarp` resamples the image
    /// (bilinear) into a device-space buffer covering its projected bounds, then drawn like any image,
    /// with the state's alpha, blend mode, shadow and clip. For Core Animation's perspective.
    /// `cutting`: the sides of the image's drawing (`outline`, image pixels; `sides` as
    /// `ProjectiveWarp.Cut` names them) cut by pixel centers rather than faded out.
    package func drawImage(_ image: CGImage, projectedBy imageToUser: [CGFloat], cutting outline: CGRect? = nil, sides: UInt8 = 0) {
        guard imageToUser.count == 9, imageToUser.allSatisfy(\.isFinite), syncMatrix() else { return }
        // Pixel → cairo device: the projective map, then the CTM and the flip.
        let device = state.ctm.concatenating(baseTransform)
        let toDevice = Self.multiply3(imageToUser, [device.a, device.b, 0, device.c, device.d, 0, device.tx, device.ty, 1])
        let corners = [(0.0, 0.0), (Double(image.width), 0.0), (0.0, Double(image.height)), (Double(image.width), Double(image.height))]
        var points: [CGPoint] = []
        for (u, v) in corners {
            let w = u * toDevice[2] + v * toDevice[5] + toDevice[8]
            guard w > 1e-9 else { return }   // part of the image is behind the viewer
            points.append(CGPoint(x: (u * toDevice[0] + v * toDevice[3] + toDevice[6]) / w,
                                  y: (u * toDevice[1] + v * toDevice[4] + toDevice[7]) / w))
        }
        guard let clip = deviceClipExtents, let region = PixelRect(enclosing: CGPath.bounds(of: points))?.outset(by: 1).intersection(clip),
              let inverse = Self.invert3(toDevice) else { return }
        let cut = outline.map { ProjectiveWarp.Cut(outline: $0, sides: sides) }
        guard let warped = warp(image, deviceToImage: inverse, region: region, cut: sides == 0 ? nil : cut) else { return }
        let userRegion = CGRect(x: region.x, y: region.y, width: region.width, height: region.height).applying(device.inverted())
        defer { cairo_surface_destroy(warped) }
        paint(PaintOperation(draw: { cr, alpha in
            cairo_save(cr)
            cairo_identity_matrix(cr)
            cairo_set_source_surface(cr, warped, Double(region.x), Double(region.y))
            cairo_rectangle(cr, Double(region.x), Double(region.y), Double(region.width), Double(region.height))
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, alpha)
            cairo_restore(cr)
        }, clipToShape: nil, bounds: { _ in userRegion }))
    }

    /// The image resampled into a new ARGB32 surface covering `region` of device space.
    private func warp(_ image: CGImage, deviceToImage: [CGFloat], region: PixelRect, cut: ProjectiveWarp.Cut?) -> OpaquePointer? {
        let source = image.cairoSurface()
        // Image pixels → surface pixels (an image beyond cairo's limit is held reduced): scale
        // the map's u and v columns.
        let size = image.surfaceSize
        let su = CGFloat(size.width) / CGFloat(image.width), sv = CGFloat(size.height) / CGFloat(image.height)
        var m = deviceToImage
        for row in 0..<3 { m[row * 3] *= su; m[row * 3 + 1] *= sv }
        cairo_surface_flush(source)
        guard let sourceData = cairo_image_surface_get_data(source) else { return nil }
        let target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(region.width), Int32(region.height))!
        guard cairo_surface_status(target) == CAIRO_STATUS_SUCCESS else { cairo_surface_destroy(target); return nil }
        cairo_surface_flush(target)
        ProjectiveWarp.run(source: UnsafePointer(sourceData), width: size.width, height: size.height,
                           stride: Int(cairo_image_surface_get_stride(source)),
                           target: cairo_image_surface_get_data(target)!, stride: Int(cairo_image_surface_get_stride(target)),
                           region: region, deviceToSource: m,
                           cut: cut.map { ProjectiveWarp.Cut(outline: CGRect(x: $0.outline.minX * su, y: $0.outline.minY * sv,
                                                                             width: $0.outline.width * su, height: $0.outline.height * sv),
                                                             sides: $0.sides) })
        cairo_surface_mark_dirty(target)
        return target
    }

    static func multiply3(_ a: [CGFloat], _ b: [CGFloat]) -> [CGFloat] {
        var r = [CGFloat](repeating: 0, count: 9)
        for i in 0..<3 { for j in 0..<3 { r[i * 3 + j] = a[i * 3] * b[j] + a[i * 3 + 1] * b[3 + j] + a[i * 3 + 2] * b[6 + j] } }
        return r
    }

    static func invert3(_ m: [CGFloat]) -> [CGFloat]? {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        guard abs(det) > 1e-15, det.isFinite else { return nil }
        return [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det,
                (f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det,
                (d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det]
    }
}
