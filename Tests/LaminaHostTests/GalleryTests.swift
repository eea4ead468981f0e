import XCTest
import LaminaTesting
import LaminaHost
import GalleryDemos

/// The gallery as users run it: every demo opens in a real window and shows something.
final class GalleryTests: XCTestCase {
    func testEveryDemoShowsInAWindow() throws {
        try screenshotAllDemos(environment: [:])
    }

    /// The same through XPutImage: MIT-SHM turned off as if the display were remote.
    func testEveryDemoShowsWithoutSharedMemory() throws {
        try screenshotAllDemos(environment: ["LAMINA_DISABLE_SHM": "1"])
    }

    func screenshotAllDemos(environment: [String: String]) throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            throw XCTSkip("needs an X display: scripts/test runs these under Xvfb")
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("lamina-gallery")
        guard FileManager.default.fileExists(atPath: executable.path) else {
            throw XCTSkip("lamina-gallery is not built next to the tests (swift build --build-tests builds it)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-gallery-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ToolRun(executable, ["--screenshots", folder.path, "--at", "0.3"], environment: environment, timeout: 300)
        XCTAssertFalse(run.timedOut, "the gallery hung")
        XCTAssertEqual(run.status, 0, run.output)
        for name in demos.map(\.name) {
            let image = try XCTUnwrap(SnapshotComparison.read(folder.appendingPathComponent("\(name).png")), name)
            XCTAssertEqual(image.width, 640)
            let pixels = SnapshotComparison.rgba(image)
            let distinct = Set(stride(from: 0, to: pixels.count, by: 4 * 97).map { pixels[$0] })
            XCTAssertGreaterThan(distinct.count, 3, "\(name) looks blank")
        }
    }
}
