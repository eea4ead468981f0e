import CoreGraphics
import ImageIO

/// Compares an image with a golden PNG stored in `__Snapshots__` beside the test file.
///
/// - A missing golden is recorded and reported as a failure, so that a person looks at it.
/// - `LAMINA_RECORD_SNAPSHOTS=1` re-records every golden the run touches.
/// - On a mismatch the actual image and a diff (red where different, the golden dimmed
///   elsewhere) are written to `$TMPDIR/lamina-snapshots/`.
public struct SnapshotComparison: Sendable {
    /// The largest per-component difference (0…255) that still counts as equal.
    public var channelTolerance: Int
    /// The fraction of pixels that may differ by more than `channelTolerance`.
    public var maxDifferingFraction: Double

    public init(channelTolerance: Int = 2, maxDifferingFraction: Double = 0.002) {
        self.channelTolerance = channelTolerance
        self.maxDifferingFraction = maxDifferingFraction
    }

    /// What a comparison found.
    public struct Result: Sendable {
        /// True when the image matches its golden within the tolerance.
        public let matches: Bool
        /// Why not, with the paths of the written files; empty when it matches.
        public let message: String
        public let differingPixels: Int
        public let worstDifference: Int
    }

    /// Compares `image` with the golden `name` beside `testFile` (pass `#filePath`).
    public func compare(_ image: CGImage, named name: String, testFile: String) -> Result {
        let directory = URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        let url = directory.appendingPathComponent("\(name).png")
        let record = ProcessInfo.processInfo.environment["LAMINA_RECORD_SNAPSHOTS"] == "1"
        guard !record, let golden = Self.read(url) else {
            Self.write(image, to: url)
            return Result(matches: false, message: "recorded golden image \(url.path); check it and run again", differingPixels: 0, worstDifference: 0)
        }
        guard golden.width == image.width, golden.height == image.height else {
            return Result(matches: false, message: "\(name): size \(image.width)×\(image.height), golden \(golden.width)×\(golden.height)",
                          differingPixels: image.width * image.height, worstDifference: 255)
        }
        let measured = Self.measure(image, golden, channelTolerance: channelTolerance)
        let (differing, worst) = (measured.differingPixels, measured.worstDifference)
        let fraction = Double(differing) / Double(max(image.width * image.height, 1))
        guard fraction > maxDifferingFraction else {
            return Result(matches: true, message: "", differingPixels: differing, worstDifference: worst)
        }
        // Only a failure needs the diff image (the same counts come with it).
        let diff = Self.difference(image, golden, channelTolerance: channelTolerance).diff
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-snapshots")
        Self.write(image, to: folder.appendingPathComponent("\(name).actual.png"))
        Self.write(Self.image(rgba: diff, width: image.width, height: image.height), to: folder.appendingPathComponent("\(name).diff.png"))
        let percent = String(format: "%.3f", fraction * 100)
        return Result(matches: false,
                      message: "\(name): \(differing) pixels (\(percent) %) differ by more than \(channelTolerance) (worst \(worst)); "
                          + "actual and diff in \(folder.path)",
                      differingPixels: differing, worstDifference: worst)
    }

    /// Pixels differing by more than the tolerance, the worst difference, and a diff image
    /// (premultiplied RGBA: red where different, the golden at a quarter elsewhere).
    public static func difference(_ image: CGImage, _ golden: CGImage, channelTolerance: Int) -> (differing: Int, worst: Int, diff: [UInt8]) {
        if image.width == golden.width, image.height == golden.height, let a = RGBBytes(image), let b = RGBBytes(golden),
           let found = differenceOpaque(a, b, width: image.width, height: image.height, tolerance: channelTolerance) {
            return found
        }
        let actual = rgba(image), expected = rgba(golden)
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

    /// Premultiplied RGBA bytes of any image, rows packed.
    public static func rgba(_ image: CGImage) -> [UInt8] {
        let context = CGContext(data: nil, width: image.width, height: image.height, bitsPerComponent: 8, bytesPerRow: image.width * 4,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        return Array(UnsafeBufferPointer(start: context.data!.assumingMemoryBound(to: UInt8.self), count: image.width * image.height * 4))
    }

    static func image(rgba: [UInt8], width: Int, height: Int) -> CGImage {
        CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alpha: .premultipliedLast),
                provider: CGDataProvider(data: Data(rgba) as CFData)!, decode: nil, shouldInterpolate: false, intent: .defaultIntent)!
    }

    public static func read(_ url: URL) -> CGImage? {
        CGImageSourceCreateWithURL(url as CFURL, nil).flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }
    }

    public static func write(_ image: CGImage, to url: URL) {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard let destination = CGImageDestinationCreateWithURL(url as CFURL, "public.png" as CFString, 1, nil) else { return }
        CGImageDestinationAddImage(destination, image, nil)
        _ = CGImageDestinationFinalize(destination)
    }
}
