import XCTest
import LaminaFuzzing

/// The fuzzers' committed corpus (seeds, and every input that ever crashed, added when fixed)
/// replayed through the same scenarios `lamina-fuzz` runs: regressions stay fixed without
/// building the fuzzers in CI.
final class FuzzCorpusTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus")

    func replay(_ scenario: Scenario, file: StaticString = #filePath, line: UInt = #line) throws {
        let folder = Self.corpus.appendingPathComponent(scenario.rawValue)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertGreaterThanOrEqual(names.count, 10, "\(scenario.rawValue) corpus", file: file, line: line)
        for name in names {
            scenario.run(try Data(contentsOf: folder.appendingPathComponent(name)))
        }
    }

    func testPNGCorpus() throws { try replay(.png) }
    func testJPEGCorpus() throws { try replay(.jpeg) }
    func testDecodeAndDrawCorpus() throws { try replay(.imageDraw) }
    func testPathCorpus() throws { try replay(.path) }
    func testLayerTreeCorpus() throws { try replay(.layers) }
    func testAnimationCorpus() throws { try replay(.animation) }
    func testTextCorpus() throws { try replay(.text) }
    func testFilterCorpus() throws { try replay(.filters) }
}
