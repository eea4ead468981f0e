import XCTest
import CoreGraphics
import ImageIO

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
    /// Straight RGBA rows, for comparing images of any layout.
    var rgbaPixels: [UInt8] {
        let context = TestBitmap.rgba(width, height)
        context.draw(self, in: CGRect(x: 0, y: 0, width: width, height: height))
        return Array(UnsafeBufferPointer(start: context.data!.assumingMemoryBound(to: UInt8.self), count: width * height * 4))
    }
}

/// The messages Core Graphics logs while `body` runs.
func diagnostics(during body: () -> Void) -> [String] {
    CGDiagnostics.collecting(during: body)
}

/// Golden-image comparison. Goldens live in `Tests/CoreGraphicsTests/__Snapshots__`; a missing
/// golden is recorded and the test fails so that it is looked at; `LAMINA_RECORD_SNAPSHOTS=1`
/// re-records all. On a mismatch the actual image and a diff are written to a temporary folder.
enum Snapshot {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")

    /// Fails unless at most `maxDifferingFraction` of pixels differ by more than `channelTolerance`
    /// in any component.
    static func assertMatches(_ image: CGImage, named name: String, channelTolerance: Int = 2,
                              maxDifferingFraction: Double = 0.002, file: StaticString = #filePath, line: UInt = #line) {
        let url = directory.appendingPathComponent("\(name).png")
        let record = ProcessInfo.processInfo.environment["LAMINA_RECORD_SNAPSHOTS"] == "1"
        guard !record, let source = CGImageSourceCreateWithURL(url as CFURL, nil),
              let golden = CGImageSourceCreateImageAtIndex(source, 0, nil) else {
            write(image, to: url)
            XCTFail("Recorded golden image \(url.path); check it and run again.", file: file, line: line)
            return
        }
        guard golden.width == image.width, golden.height == image.height else {
            XCTFail("\(name): size \(image.width)×\(image.height), golden \(golden.width)×\(golden.height)", file: file, line: line)
            return
        }
        let (differing, worst, diff) = compare(image, golden, channelTolerance: channelTolerance)
        let fraction = Double(differing) / Double(image.width * image.height)
        if fraction > maxDifferingFraction {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-snapshots")
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            write(image, to: folder.appendingPathComponent("\(name).actual.png"))
            let diffImage = CGImage(width: image.width, height: image.height, bitsPerComponent: 8, bitsPerPixel: 32,
                                    bytesPerRow: image.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                                    bitmapInfo: CGBitmapInfo(alpha: .premultipliedLast),
                                    provider: CGDataProvider(data: Data(diff) as CFData), decode: nil,
                                    shouldInterpolate: false, intent: .defaultIntent)!
            write(diffImage, to: folder.appendingPathComponent("\(name).diff.png"))
            XCTFail("\(name): \(differing) pixels (\(String(format: "%.3f", fraction * 100)) %) differ by more than "
                    + "\(channelTolerance) (worst \(worst)); actual and diff in \(folder.path)", file: file, line: line)
        }
    }

    /// The golden image of `name`, if recorded.
    static func golden(named name: String) -> CGImage? {
        let url = directory.appendingPathComponent("\(name).png")
        return CGImageSourceCreateWithURL(url as CFURL, nil).flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }
    }

    /// Pixels differing by more than `channelTolerance`, the largest difference, and a diff
    /// image (red where different, the golden darkened elsewhere).
    static func compare(_ image: CGImage, _ golden: CGImage, channelTolerance: Int) -> (differing: Int, worst: Int, diff: [UInt8]) {
        let actual = image.rgbaPixels, expected = golden.rgbaPixels
        var diff = [UInt8](repeating: 0, count: actual.count)
        var differing = 0, worst = 0
        for i in stride(from: 0, to: actual.count, by: 4) {
            var delta = 0
            for k in 0..<4 { delta = max(delta, abs(Int(actual[i + k]) - Int(expected[i + k]))) }
            worst = max(worst, delta)
            if delta > channelTolerance {
                differing += 1
                diff[i] = 255; diff[i + 3] = 255
            } else {
                diff[i] = expected[i] / 4; diff[i + 1] = expected[i + 1] / 4; diff[i + 2] = expected[i + 2] / 4; diff[i + 3] = 255
            }
        }
        return (differing, worst, diff)
    }

    static func write(_ image: CGImage, to url: URL) {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let destination = CGImageDestinationCreateWithURL(url as CFURL, "public.png" as CFString, 1, nil)!
        CGImageDestinationAddImage(destination, image, nil)
        _ = CGImageDestinationFinalize(destination)
    }
}
