/// How a bitmap's pixels lie in memory, as a `CGImage` or a bitmap `CGContext` describes them.
struct PixelLayout: Equatable, Sendable {
    /// What one stored component means.
    enum Channel: Equatable, Sendable { case red, green, blue, gray, alpha, skip }

    let width: Int
    let height: Int
    let bitsPerComponent: Int
    let bitsPerPixel: Int
    let bytesPerRow: Int
    /// `.rgb` or `.monochrome`; nil for alpha-only bitmaps.
    let model: CGColorSpaceModel?
    let bitmapInfo: CGBitmapInfo

    var alphaInfo: CGImageAlphaInfo { bitmapInfo.alphaInfo ?? .none }
    var isFloat: Bool { bitmapInfo.contains(.floatComponents) }
    var isPremultiplied: Bool { alphaInfo == .premultipliedFirst || alphaInfo == .premultipliedLast }
    var hasAlpha: Bool { ![.none, .noneSkipFirst, .noneSkipLast].contains(alphaInfo) }

    /// Components in their logical order (before byte swapping).
    var channels: [Channel] {
        if alphaInfo == .alphaOnly || model == nil { return [.alpha] }
        let color: [Channel] = model == .monochrome ? [.gray] : [.red, .green, .blue]
        switch alphaInfo {
        case .none: return color
        case .premultipliedFirst, .first: return [.alpha] + color
        case .premultipliedLast, .last: return color + [.alpha]
        case .noneSkipFirst: return [.skip] + color
        case .noneSkipLast: return color + [.skip]
        case .alphaOnly: return [.alpha]
        }
    }

    /// The smallest number of bytes that hold one row (of a layout without `imageProblem`).
    var minimumBytesPerRow: Int { (width * bitsPerPixel + 7) / 8 }

    /// The number of bytes the whole bitmap spans (of a layout without `imageProblem`).
    var byteCount: Int { height == 0 ? 0 : bytesPerRow * (height - 1) + minimumBytesPerRow }

    /// `byteCount`, worked out with overflow checks; nil when it does not fit an `Int` (a width,
    /// depth, row size or height in the billions), so that validation itself never traps.
    var checkedByteCount: Int? {
        let (bits, o1) = width.multipliedReportingOverflow(by: bitsPerPixel)
        let (span, o2) = bytesPerRow.multipliedReportingOverflow(by: max(height - 1, 0))
        guard !o1, !o2, bits <= Int.max - 7 else { return nil }
        let (total, o3) = span.addingReportingOverflow((bits + 7) / 8)
        return o3 ? nil : total
    }

    /// Why this layout cannot describe an image, or nil when it can.
    var imageProblem: String? {
        guard width > 0, height > 0 else { return "width and height must be positive (\(width)×\(height))" }
        guard bitsPerPixel > 0, bytesPerRow >= 0, checkedByteCount != nil else {
            return "\(width)×\(height) pixels of \(bitsPerPixel) bits in rows of \(bytesPerRow) bytes do not fit in memory"
        }
        guard [1, 2, 4, 5, 8, 16, 32].contains(bitsPerComponent) else { return "\(bitsPerComponent) bits per component" }
        guard bitmapInfo.alphaInfo != nil, bitmapInfo.byteOrder != nil else { return "invalid bitmap info \(bitmapInfo.rawValue)" }
        guard bitsPerPixel >= channels.count * bitsPerComponent else {
            return "\(bitsPerPixel) bits per pixel cannot hold \(channels.count) components of \(bitsPerComponent) bits"
        }
        guard isFloat ? bitsPerComponent == 32 : bitsPerComponent <= 16 else { return "float components must be 32 bits" }
        guard bitsPerComponent != 5 || (bitsPerPixel == 16 && model == .rgb) else { return "5-bit components need 16-bit RGB pixels" }
        guard bytesPerRow >= minimumBytesPerRow else { return "bytesPerRow \(bytesPerRow) < \(minimumBytesPerRow)" }
        return nil
    }

    /// Why a bitmap context cannot use this layout (the combinations Apple's bitmap contexts
    /// accept, 8 bits per component), or nil.
    var contextProblem: String? {
        if let problem = imageProblem { return problem }
        let order = bitmapInfo.byteOrder ?? .orderDefault
        switch (model, alphaInfo, bitsPerComponent, bitsPerPixel) {
        case (nil, .alphaOnly, 8, 8), (.monochrome?, .alphaOnly, 8, 8), (.monochrome?, .none, 8, 8):
            return nil
        case (.rgb?, .premultipliedFirst, 8, 32), (.rgb?, .premultipliedLast, 8, 32),
             (.rgb?, .noneSkipFirst, 8, 32), (.rgb?, .noneSkipLast, 8, 32):
            return [.orderDefault, .order32Big, .order32Little].contains(order) ? nil : "byte order \(order) with 32-bit pixels"
        default:
            return "unsupported parameter combination: \(bitsPerComponent) integer bits/component; \(bitsPerPixel) bits/pixel; "
                + "\(model.map { "\($0)" } ?? "no") color space; \(alphaInfo) alpha info"
        }
    }

    /// Byte offsets within a pixel of each logical component, for 8-bit components; byte-swapped
    /// orders reverse the pixel's bytes.
    var byteOffsets8: [Int] {
        let count = bitsPerPixel / 8
        let swapped = (bitmapInfo.byteOrder == .order32Little && count == 4)
            || (bitmapInfo.byteOrder == .order16Little && count == 2)
        return (0..<channels.count).map { swapped ? count - 1 - $0 : $0 }
    }
}
