import Foundation

/// The mipmaps of layer contents drawn with `minificationFilter = .trilinear`: per image, a chain
/// of images each half the size of the one before (2×2 texels averaged, premultiplied), down to
/// one pixel. Built once per image, on first use, and kept by the renderer's `RenderContext`
/// (not process-wide); past `budget` bytes of levels it starts over.
final class MipmapCache: @unchecked Sendable {
    /// An image's levels: level 0 is the image itself.
    final class Chain: @unchecked Sendable {
        let levels: [CGImage]
        init(levels: [CGImage]) { self.levels = levels }
    }

    private struct Entry {
        let image: CGImage              // keeps the key's identity from being reused
        let chain: Chain
    }

    private var chains: [ObjectIdentifier: Entry] = [:]
    private var bytes = 0
    private let lock = NSLock()
    /// Past this many bytes of levels the cache starts over.
    let budget = 64 << 20

    /// How many chains were built (for tests: a chain is built once per image).
    private(set) var built = 0

    /// The chain of `image`, built now if this cache has none.
    func chain(of image: CGImage) -> Chain {
        let key = ObjectIdentifier(image)
        lock.lock()
        if let entry = chains[key], entry.image === image { lock.unlock(); return entry.chain }
        lock.unlock()
        let chain = Chain(levels: [image] + Self.halvings(of: image))
        let size = chain.levels.dropFirst().reduce(0) { $0 + $1.width * $1.height * 4 }
        lock.lock()
        defer { lock.unlock() }
        if let entry = chains[key], entry.image === image { return entry.chain }     // another thread was first
        if bytes + size > budget { chains.removeAll(); bytes = 0 }
        chains[key] = Entry(image: image, chain: chain)
        bytes += size
        built += 1
        return chain
    }

    /// Levels 1, 2, … of `image`: each (w + 1) / 2 × (h + 1) / 2, a texel the mean of the 2×2
    /// below it (an odd side's last texel averages what there is).
    static func halvings(of image: CGImage) -> [CGImage] {
        guard var (pixels, w, h) = premultipliedPixels(of: image) else { return [] }
        var levels: [CGImage] = []
        while w > 1 || h > 1 {
            let hw = (w + 1) / 2, hh = (h + 1) / 2
            var half = [UInt32](repeating: 0, count: hw * hh)
            pixels.withUnsafeBufferPointer { src in
                half.withUnsafeMutableBufferPointer { dst in
                    for y in 0..<hh {
                        let y0 = 2 * y, y1 = min(2 * y + 1, h - 1)
                        for x in 0..<hw {
                            let x0 = 2 * x, x1 = min(2 * x + 1, w - 1)
                            let four = (src[y0 * w + x0], src[y0 * w + x1], src[y1 * w + x0], src[y1 * w + x1])
                            var out: UInt32 = 0
                            for shift: UInt32 in [0, 8, 16, 24] {
                                let sum = (four.0 >> shift & 0xFF) + (four.1 >> shift & 0xFF) + (four.2 >> shift & 0xFF) + (four.3 >> shift & 0xFF)
                                out |= ((sum + 2) / 4) << shift
                            }
                            dst[y * hw + x] = out
                        }
                    }
                }
            }
            guard let level = makeImage(half, width: hw, height: hh) else { break }
            levels.append(level)
            (pixels, w, h) = (half, hw, hh)
        }
        return levels
    }

    private static let bitmapInfo = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue

    /// The image's pixels as premultiplied BGRA words, row 0 first.
    private static func premultipliedPixels(of image: CGImage) -> ([UInt32], Int, Int)? {
        let w = image.width, h = image.height
        guard w > 0, h > 0,
              let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: bitmapInfo) else { return nil }
        ctx.interpolationQuality = .none
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: w, height: h))
        ctx.flush()
        guard let data = ctx.data else { return nil }
        let words = data.assumingMemoryBound(to: UInt32.self)
        return (Array(UnsafeBufferPointer(start: words, count: w * h)), w, h)
    }

    private static func makeImage(_ pixels: [UInt32], width: Int, height: Int) -> CGImage? {
        var pixels = pixels
        return pixels.withUnsafeMutableBytes { raw in
            CGContext(data: raw.baseAddress, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                      space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: bitmapInfo)?.makeImage()
        }
    }
}
