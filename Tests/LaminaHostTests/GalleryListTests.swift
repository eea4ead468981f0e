import XCTest
import GalleryDemos

/// `lamina-gallery --list`: every demo, each with a line that says what it shows.
final class GalleryListTests: XCTestCase {
    func testTheListSaysWhatEveryDemoShows() throws {
        let run = try ToolRun(try tool("lamina-gallery"), ["--list"], timeout: 60)
        XCTAssertEqual(run.status, 0, run.output)
        let lines = run.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(lines.count, demos.count, run.output)
        for demo in demos {
            XCTAssertTrue(lines.contains { $0.hasPrefix(demo.name + " ") && $0.hasSuffix(demo.summary) }, "\(demo.name) is not listed")
            XCTAssertGreaterThanOrEqual(demo.summary.split(separator: " ").count, 4, "\(demo.name)'s summary says too little")
        }
        XCTAssertEqual(Set(demos.map(\.summary)).count, demos.count, "two demos have the same summary")
    }
}
