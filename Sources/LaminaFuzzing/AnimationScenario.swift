import CoreGraphics
import ImageIO

/// The animation fuzz target: data read as a GIF or an animated PNG through an image source
/// (the format sniffed from it), every frame asked for with its properties, as a player would.
///
/// Frames decode under `DecodeScenario.budget` (2048² pixels, 16 MB for the frames together):
/// the standard budget rightly allows animations that would pass libFuzzer's 512 MB RSS limit.
public enum AnimationScenario {
    /// Reads every frame of `data` and its properties; at most 64 frames are asked for (the
    /// count is what the file holds, and asking is what a player's loop does).
    public static func run(_ data: Data) {
        quietly {
            let options = [kLaminaImageSourceMaximumPixelCount as String: DecodeScenario.budget.maximumPixelCount,
                           kLaminaImageSourceMaximumByteCount as String: DecodeScenario.budget.maximumByteCount] as CFDictionary
            guard let source = CGImageSourceCreateWithData(data as CFData, options) else { return }
            _ = CGImageSourceCopyProperties(source, nil)
            for index in 0..<min(CGImageSourceGetCount(source), 64) {
                _ = CGImageSourceCreateImageAtIndex(source, index, nil)
                _ = CGImageSourceCopyPropertiesAtIndex(source, index, nil)
            }
        }
    }
}
