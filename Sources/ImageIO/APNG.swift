import CoreGraphics

/// Animated PNG (the APNG extension of PNG): what a PNG destination writes when more than one
/// image is added, and what a PNG source reads frame by frame, as Apple's ImageIO does.
///
/// libpng (Debian's, without the APNG patch) writes and reads single images only, so frames are
/// encoded and decoded by libpng one at a time and the chunks are rearranged here: an APNG is a
/// PNG whose `IDAT` is the first frame, with an `acTL` (frame and loop count) before it, an
/// `fcTL` (size, offset, delay, dispose and blend) before each frame, and the later frames'
/// data in `fdAT` chunks (an `IDAT` with a sequence number in front).
enum APNG {
    /// A frame as stored: its region of the canvas, its delay, and how it is composited.
    struct FrameControl {
        var width: Int, height: Int, x: Int, y: Int
        /// Seconds.
        var delay: Double
        /// 0: leave the canvas; 1: clear the frame's region afterwards; 2: restore what was there.
        var dispose: UInt8
        /// 0: replace the region (source); 1: composite over it.
        var blend: UInt8
    }

    /// The PNG signature.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    // MARK: Writing

    /// Encodes `frames` (all drawn on a canvas the size of the first) with their delays in
    /// seconds; `loopCount` 0 loops forever. Nil when a frame does not encode.
    static func encode(_ frames: [(image: CGImage, delay: Double)], loopCount: Int) -> Data? {
        guard let first = frames.first?.image else { return nil }
        let (width, height) = (first.width, first.height)
        // One IHDR holds every frame: frames that libpng encodes alike (the common case, a
        // tool's frames of one renderer) are kept as they are; otherwise all are redrawn as
        // 8-bit RGBA on a canvas the size of the first.
        var encoded = frames.map { PNGCodec.encode($0.image) }
        let headers = encoded.map { $0.flatMap { Chunk.all(in: $0).first { $0.type == "IHDR" }?.body } }
        if headers.contains(where: { $0 == nil || $0 != headers[0] }) {
            encoded = frames.map { frame in
                guard let canvas = rgbaCanvas(width: width, height: height) else { return nil }
                canvas.draw(frame.image, in: CGRect(x: 0, y: height - frame.image.height, width: frame.image.width,
                                                    height: frame.image.height))
                return canvas.makeImage().flatMap { PNGCodec.encode($0) }
            }
        }
        var out = Data(signature)
        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            guard let png = encoded[index] else { return nil }
            let chunks = Chunk.all(in: png)
            if index == 0 {
                for chunk in chunks where chunk.type != "IDAT" && chunk.type != "IEND" {
                    chunk.append(to: &out)
                    if chunk.type == "IHDR" {
                        Chunk(type: "acTL", body: bigEndian(UInt32(frames.count)) + bigEndian(UInt32(loopCount))).append(to: &out)
                    }
                }
            }
            var control = bigEndian(sequence) + bigEndian(UInt32(width)) + bigEndian(UInt32(height))
            control += bigEndian(UInt32(0)) + bigEndian(UInt32(0))
            let (numerator, denominator) = delayFraction(frame.delay)
            control += bigEndian(numerator) + bigEndian(denominator) + [0, 0]     // dispose none, blend source
            Chunk(type: "fcTL", body: control).append(to: &out)
            sequence += 1
            for chunk in chunks where chunk.type == "IDAT" {
                if index == 0 {
                    chunk.append(to: &out)
                } else {
                    Chunk(type: "fdAT", body: bigEndian(sequence) + chunk.body).append(to: &out)
                    sequence += 1
                }
            }
        }
        Chunk(type: "IEND", body: []).append(to: &out)
        return out
    }

    /// A delay as the 16-bit fraction APNG stores (exact for whole milliseconds and 1/fps).
    static func delayFraction(_ seconds: Double) -> (UInt16, UInt16) {
        let clamped = max(0, min(seconds, 65.535))
        for denominator in [1, 10, 100, 1000] as [UInt16] {
            let numerator = clamped * Double(denominator)
            if abs(numerator - numerator.rounded()) < 1e-6 { return (UInt16(saturating: numerator.rounded()), denominator) }
        }
        let reciprocal = 1 / clamped
        if clamped > 0, abs(reciprocal - reciprocal.rounded()) < 1e-6, reciprocal < 65535 {
            return (1, UInt16(saturating: reciprocal.rounded()))
        }
        return (UInt16(saturating: (clamped * 1000).rounded()), 1000)
    }

    // MARK: Reading

    /// The frames of an APNG file, each composited as a viewer shows it, with its control; nil
    /// when the data is a plain PNG (no `acTL`), and nil with one message when the animation is
    /// malformed, declares a canvas larger than its bytes could hold, or its frames together
    /// would take more than `budget` (all checked before any pixel memory is allocated).
    ///
    /// The frames are the ones the file holds: an `acTL` declaring 2³¹ frames over three `fcTL`s
    /// gives three, with a message (the declared count is a claim, not a size).
    static func decode(_ data: Data, budget: ImageBudget = .standard) -> (frames: [(image: CGImage, control: FrameControl)], loopCount: Int)? {
        guard data.starts(with: signature) else { return nil }
        let chunks = Chunk.all(in: data)
        guard let header = chunks.first, header.type == "IHDR", header.body.count == 13,
              let animation = chunks.first(where: { $0.type == "acTL" }), animation.body.count == 8 else { return nil }
        func refuse(_ problem: String) -> (frames: [(image: CGImage, control: FrameControl)], loopCount: Int)? {
            CGDiagnostics.log("APNG", "\(problem); not decoded.")
            return nil
        }
        let width = Int(readUInt32(header.body, 0)), height = Int(readUInt32(header.body, 4))
        let declaredCount = Int(readUInt32(animation.body, 0)), loopCount = Int(readUInt32(animation.body, 4))
        let frameCount = chunks.filter { $0.type == "fcTL" }.count
        // The canvas is an image of the IHDR's size (the default image, or the first frame), so
        // its size is held to what the file's deflate data could hold, as a PNG's is.
        if let problem = budget.problem(width: width, height: height, bytesPerPixel: 4 * max(1, frameCount))
            ?? PNGCodec.implausibility(of: data, width: width, height: height) {
            return refuse("\(frameCount) frames: \(problem)")
        }
        // What every frame's standalone PNG needs besides its size and data (palette, transparency…).
        let shared = chunks.prefix { $0.type != "IDAT" }.filter { !["IHDR", "acTL", "fcTL"].contains($0.type) }
        var pending: (control: FrameControl, data: [UInt8])?
        var stored: [(control: FrameControl, data: [UInt8])] = []
        for chunk in chunks {
            switch chunk.type {
            case "fcTL":
                guard chunk.body.count == 26 else { return refuse("an fcTL chunk of \(chunk.body.count) bytes, not 26") }
                if let frame = pending { stored.append(frame) }
                let denominator = readUInt16(chunk.body, 22)
                let control = FrameControl(width: Int(readUInt32(chunk.body, 4)), height: Int(readUInt32(chunk.body, 8)),
                                           x: Int(readUInt32(chunk.body, 12)), y: Int(readUInt32(chunk.body, 16)),
                                           delay: Double(readUInt16(chunk.body, 20)) / Double(denominator == 0 ? 100 : denominator),
                                           dispose: chunk.body[24], blend: chunk.body[25])
                guard control.width > 0, control.height > 0, control.x + control.width <= width,
                      control.y + control.height <= height else {
                    return refuse("a \(control.width)×\(control.height) frame at (\(control.x), \(control.y)) outside the \(width)×\(height) canvas")
                }
                pending = (control, [])
            case "IDAT":
                // An IDAT before any fcTL is a default image outside the animation.
                pending?.data += chunk.body
            case "fdAT":
                guard chunk.body.count > 4 else { return refuse("an fdAT chunk of \(chunk.body.count) bytes") }
                pending?.data += chunk.body[4...]
            default: break
            }
        }
        if let frame = pending { stored.append(frame) }
        guard !stored.isEmpty else { return refuse("acTL declares \(declaredCount) frames and there are none") }
        guard let canvas = rgbaCanvas(width: width, height: height) else {
            return refuse("cannot allocate a \(width)×\(height) canvas")
        }
        if stored.count != declaredCount {
            CGDiagnostics.log("APNG", "acTL declares \(declaredCount) frames; the file holds \(stored.count), which are shown.")
        }
        var frames: [(CGImage, FrameControl)] = []
        var base: CGImage?          // what the canvas holds, when it was not drawn into it yet
        for (control, compressed) in stored {
            var png = Data(signature)
            var frameHeader = header.body
            frameHeader.replaceSubrange(0..<8, with: bigEndian(UInt32(control.width)) + bigEndian(UInt32(control.height)))
            Chunk(type: "IHDR", body: frameHeader).append(to: &png)
            for chunk in shared { chunk.append(to: &png) }
            Chunk(type: "IDAT", body: compressed).append(to: &png)
            Chunk(type: "IEND", body: []).append(to: &png)
            // PNGCodec says why a frame does not decode.
            guard let image = PNGCodec.decode(png, budget: budget) else { return nil }
            let whole = control.x == 0 && control.y == 0 && control.width == width && control.height == height
            if whole, control.blend == 0, control.dispose == 0 {
                // It replaces the whole canvas and stays: shown as decoded, drawn into the canvas
                // only if a later frame composites over it.
                frames.append((image, control))
                base = image
                continue
            }
            if let shown = base {
                canvas.clear(CGRect(x: 0, y: 0, width: width, height: height))
                canvas.draw(shown, in: CGRect(x: 0, y: 0, width: width, height: height))
                base = nil
            }
            // Layer coordinates are bottom-up in a bitmap context; APNG offsets are top-down.
            let rect = CGRect(x: control.x, y: height - control.y - control.height, width: control.width, height: control.height)
            let before = control.dispose == 2 ? canvas.makeImage() : nil
            if control.blend == 0 { canvas.clear(rect) }
            canvas.draw(image, in: rect)
            guard let shown = canvas.makeImage() else { return refuse("cannot allocate frame \(frames.count + 1)") }
            frames.append((shown, control))
            switch control.dispose {
            case 1: canvas.clear(rect)
            case 2:
                if let before {
                    canvas.clear(rect)
                    canvas.saveGState()
                    canvas.clip(to: rect)
                    canvas.draw(before, in: CGRect(x: 0, y: 0, width: width, height: height))
                    canvas.restoreGState()
                }
            default: break
            }
        }
        return (frames, loopCount)
    }

    /// The number of frames the data holds (its `fcTL` chunks) when it has an `acTL`; nil for a
    /// plain PNG, and for one whose `acTL` is followed by no frame (viewers show its image).
    /// Counted from what is there, not from the `acTL`'s claim, by a walk over the chunk
    /// headers alone (no chunk is copied).
    static func frameCount(_ data: Data) -> Int? {
        guard data.starts(with: signature) else { return nil }
        var animated = false, frames = 0
        var offset = data.startIndex + signature.count
        while offset + 12 <= data.endIndex {
            let length = data[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard length <= data.endIndex - offset - 12 else { break }
            let type = data[(offset + 4)..<(offset + 8)]
            if type.elementsEqual("acTL".utf8), length == 8 { animated = true }
            if type.elementsEqual("fcTL".utf8) { frames += 1 }
            if type.elementsEqual("IEND".utf8) { break }
            offset += 12 + length
        }
        return animated && frames > 0 ? frames : nil
    }

    // MARK: Chunks

    struct Chunk {
        let type: String
        let body: [UInt8]

        /// The chunks after the signature, up to the first malformed one.
        static func all(in data: Data) -> [Chunk] {
            let bytes = [UInt8](data)
            var chunks: [Chunk] = []
            var offset = signature.count
            while offset + 12 <= bytes.count {
                let length = Int(readUInt32(bytes, offset))
                guard length <= bytes.count - offset - 12 else { break }
                let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
                chunks.append(Chunk(type: type, body: Array(bytes[(offset + 8)..<(offset + 8 + length)])))
                offset += 12 + length
                if type == "IEND" { break }
            }
            return chunks
        }

        func append(to data: inout Data) {
            let typeBytes = Array(type.utf8)
            data.append(contentsOf: bigEndian(UInt32(body.count)))
            data.append(contentsOf: typeBytes)
            data.append(contentsOf: body)
            data.append(contentsOf: bigEndian(CRC32.checksum(typeBytes + body)))
        }
    }

    private static func rgbaCanvas(width: Int, height: Int) -> CGContext? {
        CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
    }
}

private func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
}

private func bigEndian(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

private func readUInt32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
}

private func readUInt16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
    UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
}

/// PNG's chunk checksum (CRC-32, polynomial 0xEDB88320).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
