import Foundation

/// The fuzz targets by name: `lamina-fuzz` (libFuzzer, `scripts/fuzz`) runs one, and the unit
/// tests replay each one's committed corpus (`Fuzz/corpus/<name>/`) through the same code.
public enum Scenario: String, CaseIterable, Sendable {
    /// PNG decoding; JPEG decoding; either decoded and drawn; paths; layer trees with animations;
    /// GIFs and animated PNGs read frame by frame; attributed strings laid out and drawn by Core
    /// Text; every Core Image filter with random inputs.
    case png, jpeg, imageDraw = "image-draw", path, layers, animation, text, filters

    /// Runs the scenario over one input.
    public func run(_ data: Data) {
        switch self {
        case .png: DecodeScenario.png(data)
        case .jpeg: DecodeScenario.jpeg(data)
        case .imageDraw: DecodeScenario.decodeAndDraw(data)
        case .path: PathScenario.run(data)
        case .layers: LayerTreeScenario.run(data)
        case .animation: AnimationScenario.run(data)
        case .text: TextScenario.run(data)
        case .filters: FilterScenario.run(data)
        }
    }
}
