import LaminaHost
import ImageIO

/// A recording (`--record FILE.png`, or `FILE.gif`): an animated PNG (or a GIF, at most 256
/// colors a frame and delays in hundredths of a second) of a demo's frames at `from + k/fps`
/// (k = 0, 1, … while under `to`), each shown for 1/fps s, looping forever. The clock is virtual,
/// so a recording is the same on every run and its frames equal `--at` frames of those times.
@MainActor
struct Recording {
    let frames: DemoFrames
    let path: String
    let from: Double, to: Double, fps: Double

    /// The frame times.
    var times: [Double] {
        let count = max(1, Int(((to - from) * fps - 1e-9).rounded(.up)))   // 2 s at 30 fps: 60, not 61
        return (0..<count).map { from + Double($0) / fps }
    }

    func write(progress: inout Progress) throws {
        let times = self.times
        let gif = path.lowercased().hasSuffix(".gif")
        let type = gif ? "com.compuserve.gif" : "public.png"
        guard let destination = CGImageDestinationCreateWithURL(URL(fileURLWithPath: path) as CFURL, type as CFString,
                                                                times.count, nil) else {
            throw SnapError("cannot write \(path)")
        }
        let format = gif ? kCGImagePropertyGIFDictionary : kCGImagePropertyPNGDictionary
        CGImageDestinationSetProperties(destination, [format: [kCGImagePropertyAPNGLoopCount: 0]] as CFDictionary)
        let frameProperties = [format: [kCGImagePropertyAPNGDelayTime: 1 / fps]] as CFDictionary
        try frames.render(at: times) { t, image in
            CGImageDestinationAddImage(destination, image, frameProperties)
            progress.frameDone(FrameResult(demo: frames.demo.name, time: t, status: .written,
                                           actualPath: "\(path): \(FrameResult.name(frames.demo.name, t))", goldenPath: nil,
                                           diffPath: nil, width: image.width, height: image.height, differingPixels: 0,
                                           worstDifference: 0, message: "", seconds: 0))
        }
        guard CGImageDestinationFinalize(destination) else { throw SnapError("cannot write \(path)") }
    }
}
