import XCTest
@testable import LaminaHost
@testable import QuartzCore
import GalleryDemos
import LaminaTesting

/// `CATiledLayer` in a real window (under Xvfb) and the gallery's tiled map.
final class TiledLayerWindowTests: XCTestCase {
    /// Paints each tile solid blue, counting the tiles it drew.
    final class BlueTiles: CATiledLayer, @unchecked Sendable {
        private let lock = NSLock()
        private var drawn = 0
        var tilesDrawn: Int { lock.lock(); defer { lock.unlock() }; return drawn }

        override func draw(in ctx: CGContext) {
            lock.lock(); drawn += 1; lock.unlock()
            ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            ctx.fill(ctx.boundingBoxOfClipPath)
        }
    }

    func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        let pixels = SnapshotComparison.rgba(image)
        let i = (y * image.width + x) * 4
        return Array(pixels[i..<i + 4])
    }

    func testTilesLandInAWindowWithoutAnythingElseChanging() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            throw XCTSkip("needs an X display: scripts/test runs these under Xvfb")
        }
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkTilesLand() }
    }

    @MainActor func checkTilesLand() throws {
        let view = HostingView()
        view.layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let tiles = BlueTiles()
        tiles.tileSize = CGSize(width: 64, height: 64)
        tiles.frame = CGRect(x: 20, y: 20, width: 4000, height: 100)     // mostly out of view
        view.layer.addSublayer(tiles)
        let window = try LaminaHost.Window(checkedTitle: "Lamina tiled layer", size: CGSize(width: 200, height: 150))
        defer { window.close() }
        window.contentView = view
        window.show()
        // The first frames have no tiles; the window shows them as they land and fade in, with
        // no commit from the test.
        let shown = Application.shared.runUntil(timeout: 20) {
            window.capture().map { self.pixel($0, 150, 100) == [0, 0, 255, 255] && self.pixel($0, 30, 30) == [0, 0, 255, 255] } ?? false
        }
        XCTAssertTrue(shown, "the tiles never reached the window")
        let image = try XCTUnwrap(window.capture())
        XCTAssertEqual(pixel(image, 10, 10), [255, 0, 0, 255])
        XCTAssertEqual(pixel(image, 100, 130), [255, 0, 0, 255], "below the layer")
        // Only what the window shows was drawn: 3 columns of 64-point tiles by 2 rows, not 63 × 2.
        XCTAssertLessThanOrEqual(tiles.tilesDrawn, 3 * 2)
    }

    /// The gallery's map, composited as a window would: tiles of the zoom's level, drawn off the
    /// main thread, and a wheel zoom asks for a sharper level.
    func testTheMapDemoDrawsTheLevelItsZoomNeeds() throws {
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkMapDemo() }
    }

    @MainActor func checkMapDemo() throws {
        MediaClock.setVirtualTime(1000)
        defer { MediaClock.useSystemTime() }
        let demo = TiledMapDemo()
        demo.layer.frame = CGRect(x: 0, y: 0, width: 640, height: 480)
        let compositor = Compositor()
        let target = try XCTUnwrap(CGContext(data: nil, width: 640, height: 480, bitsPerComponent: 8, bytesPerRow: 0,
                                             space: CGColorSpaceCreateDeviceRGB(),
                                             bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
        _ = compositor.composite(try XCTUnwrap(RenderTree(demo.layer)), atMediaTime: 1000, scale: 1, into: target)
        let before = try XCTUnwrap(target.makeImage())
        // At 1/16, level −4: 4096-point tiles; the view shows 10240×7680 points of the map
        // around its middle, columns 0…3 and rows 1…2.
        let wanted = demo.map.tileStore.wantedTiles
        XCTAssertEqual(Set(wanted.map(\.level)), [-4])
        XCTAssertEqual(wanted.count, 8)
        demo.map.drainTiles()
        MediaClock.setVirtualTime(1001)
        _ = compositor.composite(try XCTUnwrap(RenderTree(demo.layer)), atMediaTime: 1001, scale: 1, into: target)
        let after = try XCTUnwrap(target.makeImage())
        let changed = SnapshotComparison.difference(before, after, channelTolerance: 8).differing
        XCTAssertGreaterThan(changed, 640 * 480 / 10, "the sharp tiles replaced the blurry overview")

        // Ten wheel steps up zoom in 1.25¹⁰ ≈ 9.3×, to about 0.58: level 0.
        for _ in 0..<10 { demo.scrollWheel(with: ScrollEvent(location: CGPoint(x: 320, y: 240), deltaX: 0, deltaY: -10)) }
        _ = compositor.composite(try XCTUnwrap(RenderTree(demo.layer)), atMediaTime: 1001, scale: 1, into: target)
        XCTAssertEqual(Set(demo.map.tileStore.wantedTiles.map(\.level)), [0])
        demo.map.drainTiles()
    }
}
