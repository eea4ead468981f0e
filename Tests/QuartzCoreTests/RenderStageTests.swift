import Foundation
import XCTest

/// The render side's folders show its pipeline, and the pipeline runs one way: a file of a stage
/// names types of its own stage, of earlier stages and of the nodes only, never of a later
/// stage (no back-and-forth such as the layer renderer asking the planner for a route). The
/// nodes (`Render/Nodes/`) are not a stage: each holds one layer kind's part of every stage (its
/// extent and route, its drawing, its placing), so a node file names the stages' types and the
/// stages name the nodes'. Read from the sources, so it runs with every `scripts/test`.
final class RenderStageTests: XCTestCase {
    /// The stages, in the order a frame passes them.
    static let stages = ["Workers", "Commit", "Draw", "Raster", "Plan", "Composite", "Present"]

    private static let render = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/QuartzCore/Render")

    /// Each Swift file under `Render/` by its path there, without comments and string literals.
    private static func files() -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: render, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift", let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            let code = text.components(separatedBy: "\n").map { line -> String in
                var line = line
                if let comment = line.range(of: "//") { line = String(line[..<comment.lowerBound]) }
                return line.replacingOccurrences(of: #""(\\.|[^"\\])*""#, with: "\"\"", options: .regularExpression)
            }.joined(separator: "\n")
            files[url.path.replacingOccurrences(of: render.path + "/", with: "")] = code
        }
        return files
    }

    private static func stage(of path: String) -> String { String(path.prefix { $0 != "/" }) }

    func testNoStageNamesALaterStage() throws {
        let files = Self.files()
        XCTAssertFalse(files.isEmpty, "no sources found at \(Self.render.path)")
        // Where each type is declared; a name declared in two files (nested `Key`s) is ambiguous
        // and not counted.
        let declaration = try NSRegularExpression(pattern: #"\b(?:struct|class|enum|protocol|typealias|actor)\s+([A-Z]\w*)"#)
        var declaredIn: [String: Set<String>] = [:]
        for (path, code) in files {
            for match in declaration.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                guard let range = Range(match.range(at: 1), in: code) else { continue }
                declaredIn[String(code[range]), default: []].insert(path)
            }
        }
        let home = declaredIn.compactMapValues { $0.count == 1 ? $0.first : nil }
        let word = try NSRegularExpression(pattern: #"\b[A-Z]\w*\b"#)
        var backward: [String] = []
        for (path, code) in files.sorted(by: { $0.key < $1.key }) {
            guard let own = Self.stages.firstIndex(of: Self.stage(of: path)) else { continue }
            var named: [String: Set<String>] = [:]
            for match in word.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                guard let range = Range(match.range, in: code), case let name = String(code[range]),
                      let other = home[name], let index = Self.stages.firstIndex(of: Self.stage(of: other)), index > own else { continue }
                named[Self.stages[index], default: []].insert(name)
            }
            for (stage, names) in named.sorted(by: { $0.key < $1.key }) {
                backward.append("\(path) names the later stage \(stage): \(names.sorted().joined(separator: ", "))")
            }
        }
        XCTAssert(backward.isEmpty, "render files that reach forward in the pipeline:\n" + backward.joined(separator: "\n"))
    }

    func testEveryRenderFolderIsAStageOrTheNodes() {
        let folders = Set(Self.files().keys.map(Self.stage(of:)))
        XCTAssertEqual(folders.subtracting(Self.stages + ["Nodes"]), [], "folders of Render/ that are neither a stage nor the nodes")
    }
}
