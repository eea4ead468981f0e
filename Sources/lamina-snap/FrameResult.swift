import LaminaHost
import LaminaTesting
import ImageIO
import Glibc

/// One frame of a run and what became of it.
struct FrameResult: Codable {
    enum Status: String, Codable {
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
/// Safe to use from several threads at once: frames of a run are judged in parallel.
struct FrameJudge {
    let out: URL
    let goldens: URL?
    let tolerance: Int
    let maxDifferingFraction: Double

    /// Judges one frame; `renderSeconds` is how long it took to render (the result's `seconds`
    /// adds the time spent here).
    func judge(_ image: CGImage, demo: String, time: Double, renderSeconds: Double) throws(SnapError) -> FrameResult {
        let began = Date()
        let name = FrameResult.name(demo, time)
        let actual = out.appendingPathComponent("\(name).png")
        func result(_ status: FrameResult.Status, golden: URL? = nil, diff: URL? = nil, differing: Int = 0, worst: Int = 0,
                    message: String = "") -> FrameResult {
            FrameResult(demo: demo, time: time, status: status, actualPath: actual.path, goldenPath: golden?.path,
                        diffPath: diff?.path, width: image.width, height: image.height, differingPixels: differing,
                        worstDifference: worst, message: message,
                        seconds: renderSeconds + Date().timeIntervalSince(began))
        }
        func writeFrame() throws(SnapError) {
            guard write(image, to: actual) else { throw SnapError("cannot write \(actual.path)") }
        }
        guard let goldens else {
            try writeFrame()
            return result(.written)
        }
        let goldenURL = goldens.appendingPathComponent("\(name).png")
        guard let goldenData = try? Data(contentsOf: goldenURL),
              let golden = CGImageSourceCreateWithData(goldenData as CFData, nil).flatMap({ CGImageSourceCreateImageAtIndex($0, 0, nil) })
        else {
            try writeFrame()
            return result(.new, message: "no golden at \(goldenURL.path)")
        }
        guard golden.width == image.width, golden.height == image.height else {
            try writeFrame()
            return result(.failed, golden: goldenURL, differing: image.width * image.height, worst: 255,
                          message: "size \(image.width)×\(image.height), golden \(golden.width)×\(golden.height)")
        }
        // Compared before anything is encoded: a frame equal to its golden needs no encoding.
        let measured = SnapshotComparison.measure(image, golden, channelTolerance: tolerance)
        let (differing, worst) = (measured.differingPixels, measured.worstDifference)
        let fraction = Double(differing) / Double(max(image.width * image.height, 1))
        guard fraction > maxDifferingFraction else {
            if measured.identical, Self.isEightBitPNG(goldenData) {
                // The golden's file holds exactly this frame's pixels: it is written as the frame,
                // byte for byte, instead of encoding the same pixels again.
                guard Self.writeFile(goldenData, to: actual) else { throw SnapError("cannot write \(actual.path)") }
            } else {
                try writeFrame()
            }
            return result(.passed, golden: goldenURL, differing: differing, worst: worst)
        }
        try writeFrame()
        let diff = SnapshotComparison.difference(image, golden, channelTolerance: tolerance).diff
        let diffURL = out.appendingPathComponent("\(name).diff.png")
        let diffImage = CGImage(width: image.width, height: image.height, bitsPerComponent: 8, bitsPerPixel: 32,
                                bytesPerRow: image.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGBitmapInfo(alpha: .premultipliedLast),
                                provider: CGDataProvider(data: Data(diff) as CFData)!, decode: nil,
                                shouldInterpolate: false, intent: .defaultIntent)
        let wroteDiff = diffImage.map { write($0, to: diffURL) } ?? false
        let percent = String(format: "%.3f", fraction * 100)
        return result(.failed, golden: goldenURL, diff: wroteDiff ? diffURL : nil, differing: differing, worst: worst,
                      message: "\(differing) pixels (\(percent) %) differ by more than \(tolerance) (worst \(worst))")
    }

    /// A PNG of 8 bits per sample (its header's bit depth), as lamina-snap writes them: its
    /// decoded pixels are the file's own, not a reduction of 16-bit samples.
    static func isEightBitPNG(_ data: Data) -> Bool {
        data.count > 24 && data[data.startIndex + 24] == 8
    }

    /// Frames and diffs are written unfiltered (`IMAGEIO_PNG_FILTER_NONE`, libpng's fast mode):
    /// measured on the gallery's frames, 5× quicker to write and 3.6× quicker to read back as a
    /// golden than libpng's default, for files 16 % larger.
    private func write(_ image: CGImage, to url: URL) -> Bool {
        try? FileManager.default.removeItem(at: url)        // a file left from an earlier run must not pass for this one
        let png = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(png, "public.png" as CFString, 1, nil) else { return false }
        let properties = [kCGImagePropertyPNGDictionary: [kCGImagePropertyPNGCompressionFilter: IMAGEIO_PNG_FILTER_NONE]]
        CGImageDestinationAddImage(destination, image, properties as CFDictionary)
        return CGImageDestinationFinalize(destination) && Self.writeFile(png as Data, to: url)
    }

    /// Writes a file as it is, without waiting for the disk: Foundation's `Data.write` syncs
    /// each file (57 syncs in a gallery run), and a run's frames are output to look at, not a
    /// database.
    static func writeFile(_ data: Data, to url: URL) -> Bool {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        let written = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
        return close(fd) == 0 && written
    }
}

/// A failure to make or write frames (exit status 3), as opposed to a frame that differs.
struct SnapError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
