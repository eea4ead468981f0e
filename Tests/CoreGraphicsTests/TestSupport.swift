import XCTest
import CoreGraphics
import ImageIO
import LaminaTesting

/// An RGBA pixel, 8 bits per component, premultiplied as the context stores it.
struct RGBA: Equatable, CustomStringConvertible {
    var r, g, b, a: UInt8
    init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) { self.r = r; self.g = g; self.b = b; self.a = a }
    var description: String { "(\(r), \(g), \(b), \(a))" }

    /// Whether every component is within `tolerance` of `other`'s.
    func isClose(to other: RGBA, tolerance: Int = 1) -> Bool {
        zip([r, g, b, a], [other.r, other.g, other.b, other.a]).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }
}

enum TestBitmap {
    /// An RGBA (premultiplied last, bytes R, G, B, A) context of the given size.
    static func rgba(_ width: Int, _ height: Int) -> CGContext {
        CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    }
}

extension CGContext {
    /// The pixel at column `x` of memory row `y` (row 0 is the top of the image) of an RGBA context.
    func pixel(_ x: Int, _ y: Int) -> RGBA {
        let p = data!.assumingMemoryBound(to: UInt8.self) + y * bytesPerRow + x * 4
        return RGBA(p[0], p[1], p[2], p[3])
    }

    /// The pixel under user-space point (x + 0.5, y + 0.5) of an unflipped context.
    func pixel(atUser x: Int, _ y: Int) -> RGBA {
        pixel(x, height - 1 - y)
    }
}

extension CGImage {
    /// Premultiplied RGBA rows, for comparing images of any layout.
    var rgbaPixels: [UInt8] { SnapshotComparison.rgba(self) }
}

/// The messages Core Graphics logs while `body` runs.
func diagnostics(during body: () -> Void) -> [String] {
    CGDiagnostics.collecting(during: body)
}
