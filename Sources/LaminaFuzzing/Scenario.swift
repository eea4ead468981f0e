import Foundation

/// The fuzz targets by name: `lamina-fuzz` (libFuzzer, `scripts/fuzz`) runs one, and the unit
/// tests replay each one's committed corpus (`Fuzz/corpus/<name>/`) through the same code.
public enum Scenario: String, CaseIterable, Sendable {
    case png, jpeg, imageDraw = "image-draw", path, layers

    public func run(_ data: Data) {
        switch self {
        case .png: DecodeScenario.png(data)
        case .jpeg: DecodeScenario.jpeg(data)
        case .imageDraw: DecodeScenario.decodeAndDraw(data)
        case .path: PathScenario.run(data)
        case .layers: LayerTreeScenario.run(data)
        }
    }
}
