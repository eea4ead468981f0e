import LaminaHost
import LaminaTesting

/// One frame of a run and what became of it.
struct FrameResult {
    enum Status: String {
        /// Written without a comparison (no `--compare`).
        case written
        /// Matched its golden within the tolerance.
        case passed
        /// Differed from its golden (or had another size).
        case failed
        /// No golden to compare with: someone should look at it and record one.
        case new
    }

    let demo: String
    let time: Double
    let status: Status
    /// The frame as rendered.
    let actualPath: String
    /// The golden it was compared with, when there was one.
    let goldenPath: String?
    /// The diff image (red where different), written for failures of equal size.
    let diffPath: String?
    let width: Int, height: Int
    /// Pixels differing by more than the tolerance in any channel.
    let differingPixels: Int
    /// The largest difference of any channel of any pixel (0…255).
    let worstDifference: Int
    /// Why it failed or is new; empty otherwise.
    let message: String
    /// Seconds spent rendering and comparing the frame.
    let seconds: Double

    /// `DEMO@T`, the name of the frame's files.
    var name: String { Self.name(demo, time) }

    static func name(_ demo: String, _ time: Double) -> String { "\(demo)@\(time)" }

    var differingFraction: Double { Double(differingPixels) / Double(max(width * height, 1)) }
}

/// Compares a rendered frame with its golden (when asked to) and writes the frame and any diff.
struct FrameJudge {
    let out: URL
    let goldens: URL?
    let tolerance: Int
    let maxDifferingFraction: Double

    func judge(_ image: CGImage, demo: String, time: Double, started: Date) throws -> FrameResult {
        let name = FrameResult.name(demo, time)
        let actual = out.appendingPathComponent("\(name).png")
        guard write(image, to: actual) else {
            throw SnapError("cannot write \(actual.path)")
        }
        func result(_ status: FrameResult.Status, golden: URL? = nil, diff: URL? = nil, differing: Int = 0, worst: Int = 0,
                    message: String = "") -> FrameResult {
            FrameResult(demo: demo, time: time, status: status, actualPath: actual.path, goldenPath: golden?.path,
                        diffPath: diff?.path, width: image.width, height: image.height, differingPixels: differing,
                        worstDifference: worst, message: message, seconds: Date().timeIntervalSince(started))
        }
        guard let goldens else { return result(.written) }
        let goldenURL = goldens.appendingPathComponent("\(name).png")
        guard FileManager.default.fileExists(atPath: goldenURL.path), let golden = SnapshotComparison.read(goldenURL) else {
            return result(.new, message: "no golden at \(goldenURL.path)")
        }
        guard golden.width == image.width, golden.height == image.height else {
            return result(.failed, golden: goldenURL, differing: image.width * image.height, worst: 255,
                          message: "size \(image.width)×\(image.height), golden \(golden.width)×\(golden.height)")
        }
        let (differing, worst, diff) = SnapshotComparison.difference(image, golden, channelTolerance: tolerance)
        let fraction = Double(differing) / Double(max(image.width * image.height, 1))
        guard fraction > maxDifferingFraction else {
            return result(.passed, golden: goldenURL, differing: differing, worst: worst)
        }
        let diffURL = out.appendingPathComponent("\(name).diff.png")
        let diffImage = CGImage(width: image.width, height: image.height, bitsPerComponent: 8, bitsPerPixel: 32,
                                bytesPerRow: image.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGBitmapInfo(alpha: .premultipliedLast),
                                provider: CGDataProvider(data: Data(diff) as CFData), decode: nil,
                                shouldInterpolate: false, intent: .defaultIntent)
        let wroteDiff = diffImage.map { write($0, to: diffURL) } ?? false
        let percent = String(format: "%.3f", fraction * 100)
        return result(.failed, golden: goldenURL, diff: wroteDiff ? diffURL : nil, differing: differing, worst: worst,
                      message: "\(differing) pixels (\(percent) %) differ by more than \(tolerance) (worst \(worst))")
    }

    private func write(_ image: CGImage, to url: URL) -> Bool {
        try? FileManager.default.removeItem(at: url)        // a file left from an earlier run must not pass for this one
        SnapshotComparison.write(image, to: url)
        return FileManager.default.fileExists(atPath: url.path)
    }
}

/// A failure to make or write frames (exit status 3), as opposed to a frame that differs.
struct SnapError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
