import CoreGraphics

/// GIF (GIF89a), written and read here in Swift (no GIF library is among the project's parts):
/// each frame with its own color table of at most 256 colors, LZW-compressed; a `NETSCAPE2.0`
/// block for the loop count; frames read back composited as viewers show them.
enum GIF {
    static let signatures = [Array("GIF89a".utf8), Array("GIF87a".utf8)]

    // MARK: Writing

    /// Encodes `frames` (drawn on a canvas the size of the first) with their delays in seconds
    /// (stored in hundredths); `loopCount` 0 loops forever. A frame with more than 256 colors
    /// (255 and transparency) keeps its most frequent ones, each pixel taking the nearest.
    static func encode(_ frames: [(image: CGImage, delay: Double)], loopCount: Int) -> Data? {
        guard let first = frames.first?.image, first.width <= 65535, first.height <= 65535 else { return nil }
        let (width, height) = (first.width, first.height)
        var out = Data(signatures[0])
        out += littleEndian(width) + littleEndian(height) + [0, 0, 0]      // no global color table
        if frames.count > 1 {
            out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1] + littleEndian(min(max(loopCount, 0), 65535)) + [0]
        }
        for frame in frames {
            guard let pixels = straightRGBA(frame.image, width: width, height: height) else { return nil }
            let (palette, indices, transparent) = ColorTable.quantize(pixels)
            let bits = palette.count.bitWidthNeeded
            let hundredths = min(65535, max(0, Int(saturating: (frame.delay * 100).rounded())))
            // Graphic control: leave the frame in place (disposal 1), the transparent index if any.
            out += [0x21, 0xF9, 4, UInt8(1 << 2) | (transparent == nil ? 0 : 1)] + littleEndian(hundredths)
                + [UInt8(transparent ?? 0), 0]
            out += [0x2C] + littleEndian(0) + littleEndian(0) + littleEndian(width) + littleEndian(height) + [0x80 | UInt8(bits - 1)]
            for entry in 0..<(1 << bits) {
                out += entry < palette.count ? palette[entry] : [0, 0, 0]
            }
            let minimumCodeSize = max(2, bits)
            out.append(UInt8(minimumCodeSize))
            let compressed = LZW.encode(indices, minimumCodeSize: minimumCodeSize)
            var offset = 0
            while offset < compressed.count {
                let count = min(255, compressed.count - offset)
                out.append(UInt8(count))
                out += compressed[offset..<(offset + count)]
                offset += count
            }
            out.append(0)
        }
        out.append(0x3B)
        return out
    }

    /// Straight (unpremultiplied) RGBA of `image` on a clear canvas of the given size, top row first.
    static func straightRGBA(_ image: CGImage, width: Int, height: Int) -> [UInt8]? {
        guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                                      space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue),
              let data = context.data else { return nil }
        context.draw(image, in: CGRect(x: 0, y: height - image.height, width: image.width, height: image.height))
        var pixels = Array(UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt8.self), count: width * height * 4))
        for i in stride(from: 0, to: pixels.count, by: 4) where pixels[i + 3] != 0 && pixels[i + 3] != 255 {
            let alpha = Int(pixels[i + 3])
            for k in 0..<3 { pixels[i + k] = UInt8(min(255, (Int(pixels[i + k]) * 255 + alpha / 2) / alpha)) }
        }
        return pixels
    }

    // MARK: Reading

    /// The frames of a GIF, each as a viewer shows it, with its delay in seconds, and the loop
    /// count (0 forever; 1 when the file has no loop block). Nil, with one message, for data
    /// that is not a GIF, is cut short before its first frame, declares a canvas larger than its
    /// bytes could fill, or whose frames together would take more than `budget`.
    ///
    /// The declared canvas is checked against the budget and against the file's size before any
    /// pixel memory is allocated, and that memory is allocated fallibly: a 353-byte file declaring
    /// 16384 × 16384 pixels once cost 1.85 GB and 11 s before it trapped.
    static func decode(_ data: Data, budget: ImageBudget = .standard) -> (frames: [(image: CGImage, delay: Double)], loopCount: Int)? {
        let bytes = [UInt8](data)
        guard bytes.count >= 13, signatures.contains(Array(bytes[0..<6])) else { return nil }
        let width = Int(bytes[6]) | Int(bytes[7]) << 8, height = Int(bytes[8]) | Int(bytes[9]) << 8
        if let problem = budget.problem(width: width, height: height, bytesPerPixel: 4)
            ?? LZW.implausibility(width: width, height: height, bytes: bytes.count) {
            CGDiagnostics.log("GIF", "\(problem); not decoded.")
            return nil
        }
        let canvasBytes = width * height * 4
        var offset = 13
        var globalTable: [[UInt8]] = []
        if bytes[10] & 0x80 != 0 {
            let entries = 1 << (Int(bytes[10] & 7) + 1)
            guard let table = colorTable(bytes, at: offset, entries: entries) else {
                CGDiagnostics.log("GIF", "the global color table is cut short; not decoded.")
                return nil
            }
            globalTable = table
            offset += entries * 3
        }
        guard var canvas = ImageBudget.zeroedBytes(canvasBytes) else {
            CGDiagnostics.log("GIF", "cannot allocate a \(width)×\(height) canvas; not decoded.")
            return nil
        }
        var frames: [(CGImage, Double)] = []
        var loopCount = 1
        var delay = 0.0, disposal = 0, transparent: Int?
        // Why parsing stopped early, when it did: said once, after the frames before it are kept.
        var stopped: String?
        var ended = false
        parsing: while offset < bytes.count {
            let introducer = bytes[offset]
            offset += 1
            switch introducer {
            case 0x21:
                guard offset < bytes.count else { stopped = "an extension is cut short"; break parsing }
                let label = bytes[offset]
                offset += 1
                guard let blocks = subBlocks(bytes, at: &offset) else { stopped = "an extension is cut short"; break parsing }
                if label == 0xF9, let control = blocks.first, control.count >= 4 {
                    disposal = Int(control[0] >> 2) & 7
                    delay = Double(Int(control[1]) | Int(control[2]) << 8) / 100
                    transparent = control[0] & 1 != 0 ? Int(control[3]) : nil
                } else if label == 0xFF, blocks.count >= 2, blocks[0] == Array("NETSCAPE2.0".utf8), blocks[1].count >= 3,
                          blocks[1][0] == 1 {
                    loopCount = Int(blocks[1][1]) | Int(blocks[1][2]) << 8
                }
            case 0x2C:
                guard offset + 9 <= bytes.count else { stopped = "an image descriptor is cut short"; break parsing }
                let x = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8, y = Int(bytes[offset + 2]) | Int(bytes[offset + 3]) << 8
                let w = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8, h = Int(bytes[offset + 6]) | Int(bytes[offset + 7]) << 8
                let packed = bytes[offset + 8]
                offset += 9
                // A frame reaching outside the canvas is malformed; refusing it also bounds what
                // its data may make us allocate by the canvas, which the checks above allowed.
                guard w > 0, h > 0, x + w <= width, y + h <= height else {
                    stopped = "a \(w)×\(h) frame at (\(x), \(y)) outside the \(width)×\(height) canvas"
                    break parsing
                }
                var table = globalTable
                if packed & 0x80 != 0 {
                    let entries = 1 << (Int(packed & 7) + 1)
                    guard let local = colorTable(bytes, at: offset, entries: entries) else {
                        stopped = "a local color table is cut short"; break parsing
                    }
                    table = local
                    offset += entries * 3
                }
                guard offset < bytes.count else { stopped = "a frame is cut short"; break parsing }
                let minimumCodeSize = Int(bytes[offset])
                offset += 1
                guard (2...11).contains(minimumCodeSize), let blocks = subBlocks(bytes, at: &offset) else {
                    stopped = "a frame's image data is cut short or malformed"; break parsing
                }
                if let problem = budget.problem(width: width, height: height, bytesPerPixel: 4 * (frames.count + 1)) {
                    CGDiagnostics.log("GIF", "frame \(frames.count + 1): \(problem); not decoded.")
                    return nil
                }
                var indices = LZW.decode(Array(blocks.joined()), minimumCodeSize: minimumCodeSize, count: w * h)
                if packed & 0x40 != 0 { indices = deinterlace(indices, width: w, height: h) }
                var before: Data?
                if disposal == 3 {
                    guard let saved = copy(canvas) else { stopped = "cannot allocate a frame"; break parsing }
                    before = saved
                }
                canvas.withUnsafeMutableBytes { raw in
                    let pixels = raw.bindMemory(to: UInt8.self)
                    for row in 0..<h {
                        for column in 0..<w {
                            let index = Int(indices[row * w + column])
                            guard index != transparent, index < table.count else { continue }
                            let target = ((y + row) * width + x + column) * 4
                            pixels[target] = table[index][0]; pixels[target + 1] = table[index][1]
                            pixels[target + 2] = table[index][2]; pixels[target + 3] = 255
                        }
                    }
                }
                guard let shown = copy(canvas), let image = rgbaImage(shown, width: width, height: height) else {
                    stopped = "cannot allocate frame \(frames.count + 1)"; break parsing
                }
                frames.append((image, delay))
                if disposal == 2 {
                    canvas.withUnsafeMutableBytes { raw in
                        for row in y..<(y + h) {
                            _ = memset(raw.baseAddress! + (row * width + x) * 4, 0, w * 4)
                        }
                    }
                } else if let before {
                    canvas = before
                }
                delay = 0; disposal = 0; transparent = nil
            case 0x3B:
                ended = true
                break parsing
            default:
                stopped = "a block introduced by 0x\(String(introducer, radix: 16)) is not GIF"
                break parsing
            }
        }
        if !ended, stopped == nil { stopped = "the file ends without its trailer" }
        guard !frames.isEmpty else {
            CGDiagnostics.log("GIF", "no frame decodes (\(stopped ?? "there are none")); not decoded.")
            return nil
        }
        if let stopped { CGDiagnostics.log("GIF", "\(stopped); the \(frames.count) frames before it are kept.") }
        return (frames, loopCount)
    }

    /// A copy of `pixels`, allocated fallibly (a frame's image holds its own canvas).
    private static func copy(_ pixels: Data) -> Data? {
        guard var out = ImageBudget.zeroedBytes(pixels.count) else { return nil }
        out.withUnsafeMutableBytes { target in pixels.withUnsafeBytes { _ = memcpy(target.baseAddress!, $0.baseAddress!, $0.count) } }
        return out
    }

    private static func colorTable(_ bytes: [UInt8], at offset: Int, entries: Int) -> [[UInt8]]? {
        guard offset + entries * 3 <= bytes.count else { return nil }
        return (0..<entries).map { Array(bytes[(offset + $0 * 3)..<(offset + $0 * 3 + 3)]) }
    }

    /// Data sub-blocks up to their terminator; nil when the data ends first.
    private static func subBlocks(_ bytes: [UInt8], at offset: inout Int) -> [[UInt8]]? {
        var blocks: [[UInt8]] = []
        while offset < bytes.count {
            let count = Int(bytes[offset])
            offset += 1
            if count == 0 { return blocks }
            guard offset + count <= bytes.count else { return nil }
            blocks.append(Array(bytes[offset..<(offset + count)]))
            offset += count
        }
        return nil
    }

    /// Rows of an interlaced image, stored in four passes (every 8th row from 0, every 8th from
    /// 4, every 4th from 2, every 2nd from 1), put back in order.
    private static func deinterlace(_ indices: [UInt8], width: Int, height: Int) -> [UInt8] {
        var rows: [Int] = []
        for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] { rows += Array(stride(from: start, to: height, by: step)) }
        var out = [UInt8](repeating: 0, count: indices.count)
        for (stored, row) in rows.enumerated() {
            out.replaceSubrange((row * width)..<((row + 1) * width), with: indices[(stored * width)..<((stored + 1) * width)])
        }
        return out
    }

    /// An image over `pixels` as they are (no copy).
    private static func rgbaImage(_ pixels: Data, width: Int, height: Int) -> CGImage? {
        CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alpha: .last),
                provider: CGDataProvider(bytes: pixels), decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }

    private static func littleEndian(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
}

private extension Int {
    /// Bits needed to number `self` entries (1 for up to 2, 8 for up to 256).
    var bitWidthNeeded: Int {
        var bits = 1
        while 1 << bits < self { bits += 1 }
        return bits
    }
}

/// A frame's colors: its own colors when they fit in 256 entries, else 256 by median cut (the
/// box of colors with the widest channel split in two at its median pixel, until there are
/// enough boxes; each box's color is the mean of its pixels).
enum ColorTable {
    /// The palette (RGB triples), each pixel's index, and the index of transparency (pixels
    /// under half coverage) if any.
    static func quantize(_ pixels: [UInt8]) -> (palette: [[UInt8]], indices: [UInt8], transparent: Int?) {
        let count = pixels.count / 4
        var keys = [UInt32](repeating: 0, count: count)
        var hasTransparency = false
        var frequency: [UInt32: Int] = [:]
        for i in 0..<count {
            if pixels[i * 4 + 3] < 128 { hasTransparency = true; keys[i] = .max; continue }
            let key = UInt32(pixels[i * 4]) << 16 | UInt32(pixels[i * 4 + 1]) << 8 | UInt32(pixels[i * 4 + 2])
            keys[i] = key
            frequency[key, default: 0] += 1
        }
        let room = hasTransparency ? 255 : 256
        // Sorted by value, so that the same picture always gives the same file.
        var boxes = [frequency.map { (key: $0.key, count: $0.value) }.sorted { $0.key < $1.key }]
        if frequency.count > room {
            while boxes.count < room {
                var widest = 0, widestRange = 0, widestShift = 0
                for (index, box) in boxes.enumerated() where box.count > 1 {
                    for shift in [16, 8, 0] {
                        let values = box.map { Int(($0.key >> UInt32(shift)) & 0xFF) }
                        let range = (values.max() ?? 0) - (values.min() ?? 0)
                        if range > widestRange { (widest, widestRange, widestShift) = (index, range, shift) }
                    }
                }
                guard widestRange > 0 else { break }
                let sorted = boxes[widest].sorted { ($0.key >> UInt32(widestShift)) & 0xFF < ($1.key >> UInt32(widestShift)) & 0xFF }
                let half = sorted.reduce(0) { $0 + $1.count } / 2
                var split = 0, seen = 0
                while split < sorted.count - 1, seen + sorted[split].count <= half { seen += sorted[split].count; split += 1 }
                split = max(1, split)
                boxes[widest] = Array(sorted[..<split])
                boxes.append(Array(sorted[split...]))
            }
        } else {
            boxes = boxes[0].map { [$0] }
        }
        var palette: [[UInt8]] = boxes.map { box in
            let total = max(1, box.reduce(0) { $0 + $1.count })
            return [16, 8, 0].map { shift in
                UInt8(box.reduce(0) { $0 + Int(($1.key >> UInt32(shift)) & 0xFF) * $1.count } / total)
            }
        }
        var index: [UInt32: UInt8] = [:]
        for (entry, box) in boxes.enumerated() { for color in box { index[color.key] = UInt8(entry) } }
        let transparent = hasTransparency ? palette.count : nil
        if hasTransparency { palette.append([0, 0, 0]) }
        if palette.isEmpty { palette = [[0, 0, 0]] }
        let indices = keys.map { $0 == .max ? UInt8(transparent ?? 0) : index[$0] ?? 0 }
        return (palette, indices, transparent)
    }
}

/// GIF's variable-length LZW: codes of `minimumCodeSize + 1` bits growing to 12, least
/// significant bit first, a clear code to start and whenever the 4096-entry table is full.
enum LZW {
    static func encode(_ indices: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var out: [UInt8] = []
        var accumulator = 0, bitCount = 0
        var codeSize = minimumCodeSize + 1
        func emit(_ code: Int) {
            accumulator |= code << bitCount
            bitCount += codeSize
            while bitCount >= 8 {
                out.append(UInt8(accumulator & 0xFF))
                accumulator >>= 8
                bitCount -= 8
            }
        }
        var table: [Int: Int] = [:]
        var next = end + 1
        emit(clear)
        guard var prefix = indices.first.map(Int.init) else {
            emit(end)
            if bitCount > 0 { out.append(UInt8(accumulator & 0xFF)) }
            return out
        }
        for byte in indices.dropFirst() {
            let key = prefix << 8 | Int(byte)
            if let code = table[key] {
                prefix = code
                continue
            }
            emit(prefix)
            if next < 4096 {
                table[key] = next
                next += 1
                // The decoder adds each entry one code later: it reads with the size this table had.
                if next > 1 << codeSize, codeSize < 12 { codeSize += 1 }
            } else {
                emit(clear)
                table.removeAll(keepingCapacity: true)
                next = end + 1
                codeSize = minimumCodeSize + 1
            }
            prefix = Int(byte)
        }
        emit(prefix)
        emit(end)
        if bitCount > 0 { out.append(UInt8(accumulator & 0xFF)) }
        return out
    }

    /// The most pixels one byte of LZW data can stand for: a code of at most 12 bits names a
    /// string of at most 4096 indices (the table's size), so 8 bits give at most 4096 × 8 / 12.
    static let maximumPixelsPerByte = 2731

    /// Why a canvas of `width` × `height` cannot come from a GIF of `bytes` bytes, or nil. Every
    /// frame's pixels come from its LZW data, and a canvas no frame could fill is a hostile or
    /// truncated file's claim: refused before it is allocated (a 353-byte file declared 16384²).
    /// The slack of 4096 pixels lets tiny files keep their small canvases.
    static func implausibility(width: Int, height: Int, bytes: Int) -> String? {
        let (capacity, overflow) = bytes.multipliedReportingOverflow(by: maximumPixelsPerByte)
        guard !overflow, width * height > capacity + 4096 else { return nil }
        return "the canvas declares \(width)×\(height) pixels, more than its \(bytes) bytes can encode (truncated or corrupt)"
    }

    /// `count` indices from `data` (short data leaves the rest 0; bad codes end the image).
    static func decode(_ data: [UInt8], minimumCodeSize: Int, count: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var prefix = [Int](repeating: -1, count: 4096), suffix = [UInt8](repeating: 0, count: 4096)
        var length = [Int](repeating: 1, count: 4096)
        for code in 0..<clear { suffix[code] = UInt8(truncatingIfNeeded: code) }
        var out = [UInt8](repeating: 0, count: count)
        var written = 0
        var codeSize = minimumCodeSize + 1, next = end + 1
        var previous = -1
        var accumulator = 0, bitCount = 0, position = 0
        func firstByte(of code: Int) -> UInt8 {
            var c = code
            while prefix[c] >= 0 { c = prefix[c] }
            return suffix[c]
        }
        while written < count {
            while bitCount < codeSize, position < data.count {
                accumulator |= Int(data[position]) << bitCount
                position += 1
                bitCount += 8
            }
            guard bitCount >= codeSize else { break }
            let code = accumulator & ((1 << codeSize) - 1)
            accumulator >>= codeSize
            bitCount -= codeSize
            if code == clear {
                codeSize = minimumCodeSize + 1
                next = end + 1
                previous = -1
                continue
            }
            if code == end { break }
            guard code < next || (code == next && previous >= 0) else { break }
            if previous >= 0, next < 4096 {
                // The new entry: the previous string and the first byte of this one (which, for
                // the code being defined right now, is the previous string's own first byte).
                prefix[next] = previous
                suffix[next] = firstByte(of: code == next ? previous : code)
                length[next] = length[previous] + 1
                next += 1
                if next == 1 << codeSize, codeSize < 12 { codeSize += 1 }
            }
            // Write the string backwards from its last byte.
            let size = length[code]
            var c = code, at = written + size - 1
            while c >= 0 {
                if at < count { out[at] = suffix[c] }
                at -= 1
                c = prefix[c]
            }
            written += size
            previous = code
        }
        return out
    }
}
