import CoreGraphics

/// How two images differ, by swift-snapshot-testing's rules: equal bytes match; otherwise with
/// `perceptualPrecision` 1 at most `(1 − precision)` of the bytes may differ, and below 1 a
/// pixel matches when its CIE94 color difference is at most `(1 − perceptualPrecision) × 100`
/// and at most `(1 − precision)` of the pixels may fail that.
enum ImageDifference {
    /// Why `new` does not match `reference`; nil when it does.
    static func compare(_ reference: CGImage, _ new: CGImage, precision: Float, perceptualPrecision: Float) -> String? {
        guard new.width > 0, new.height > 0 else { return "Newly-taken snapshot is empty." }
        guard reference.width == new.width, reference.height == new.height else {
            return "Newly-taken snapshot@\(new.width)×\(new.height) does not match reference@\(reference.width)×\(reference.height)."
        }
        let old = rgba(reference), now = rgba(new)
        if old == now { return nil }
        if precision >= 1, perceptualPrecision >= 1 { return "Newly-taken snapshot does not match reference." }
        if perceptualPrecision < 1 {
            let threshold = Double(1 - perceptualPrecision) * 100
            var failing = 0, worst = 0.0
            for i in stride(from: 0, to: old.count, by: 4) {
                let difference = PerceptualColor.deltaE94(Array(old[i..<i + 4]), Array(now[i..<i + 4]))
                worst = max(worst, difference)
                if difference > threshold { failing += 1 }
            }
            let pixels = old.count / 4
            let matching = 1 - Double(failing) / Double(pixels)
            guard matching < Double(precision) else { return nil }
            return "\(failing) of \(pixels) pixels differ by more than ΔE \(format(threshold)) (the worst by \(format(worst))): "
                + "\(format(matching * 100)) % match, \(format(Double(precision) * 100)) % required."
        }
        var differing = 0
        for i in 0..<old.count where old[i] != now[i] { differing += 1 }
        guard differing > Int((1 - precision) * Float(old.count)) else { return nil }
        let actual = 1 - Double(differing) / Double(old.count)
        return "Actual image precision \(format(actual)) is less than required \(format(Double(precision)))."
    }

    /// Red where the images differ, the reference dimmed elsewhere; nil when their sizes differ.
    static func picture(_ reference: CGImage, _ new: CGImage) -> CGImage? {
        guard reference.width == new.width, reference.height == new.height else { return nil }
        let old = rgba(reference), now = rgba(new)
        var out = [UInt8](repeating: 255, count: old.count)
        for i in stride(from: 0, to: old.count, by: 4) {
            let same = old[i] == now[i] && old[i + 1] == now[i + 1] && old[i + 2] == now[i + 2] && old[i + 3] == now[i + 3]
            if same {
                for k in 0..<3 { out[i + k] = UInt8(191 + Int(old[i + k]) / 4) }
            } else {
                out[i] = 255; out[i + 1] = 0; out[i + 2] = 0
            }
        }
        return CGImage(width: new.width, height: new.height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: new.width * 4,
                       space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alpha: .premultipliedLast),
                       provider: CGDataProvider(data: Data(out) as CFData)!, decode: nil, shouldInterpolate: false, intent: .defaultIntent)
    }

    /// Premultiplied 8-bit RGBA, rows packed: one layout for images of any layout.
    static func rgba(_ image: CGImage) -> [UInt8] {
        let context = CGContext(data: nil, width: image.width, height: image.height, bitsPerComponent: 8, bytesPerRow: image.width * 4,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        return Array(UnsafeBufferPointer(start: context.data!.assumingMemoryBound(to: UInt8.self), count: image.width * image.height * 4))
    }

    private static func format(_ value: Double) -> String { String(format: "%.4g", value) }
}
