import XCTest
@testable import QuartzCore
import LaminaTesting

/// What a compositor's texture cache holds, as reports read it (`Compositor.cacheUse`): each
/// texture it keeps counted once, with its pixels' bytes; and that it stays bounded: the
/// textures of looks that are gone are let go within a couple of seconds' worth of frames.
final class CacheUseTests: CompositingTestCase {
    /// A `width`×`height` image whose pixels differ with `seed` (each a look of its own).
    private func image(_ seed: Int, width: Int = 60, height: Int = 24) -> CGImage {
        let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        ctx.setFillColor(red: CGFloat(seed % 5) / 4, green: 0.7, blue: CGFloat(seed % 3) / 2, alpha: 0.8)
        ctx.fill(CGRect(x: 0, y: 0, width: width, height: height))
        return ctx.makeImage()!
    }

    /// A backdrop and a small tile over it, moved to `x`.
    private func root(tileAt x: CGFloat = 10) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.15, alpha: 1)
        let tile = CALayer()
        tile.frame = CGRect(x: x, y: 100, width: 20, height: 20)
        tile.backgroundColor = CGColor(red: 0.9, green: 0.5, blue: 0.1, alpha: 1)
        root.addSublayer(tile)
        return root
    }

    func testTexturesAreCountedWithTheirPixelsAndLetGoOnceTheirLooksAreGone() throws {
        // The backdrop and the tile alone: what stays at the end.
        let bare = Compositor(threads: 1), ctx = target()
        XCTAssertEqual(bare.cacheUse, CacheUse(textures: 0, textureBytes: 0), "nothing kept before a frame")
        XCTAssertNotNil(composited(root(), with: bare, into: ctx))
        let backdrop = bare.cacheUse
        XCTAssertEqual(backdrop.textures, 2)
        // The tile's 20×20 pixels, at most a ring and some row padding more; the root, a
        // background alone that is the frame's backdrop, is read from its outline and holds none.
        XCTAssertGreaterThanOrEqual(backdrop.textureBytes, 20 * 20 * 4)
        XCTAssertLessThan(backdrop.textureBytes, 28 * 28 * 4)

        let scene = root()
        let labels: [CALayer] = (0..<3).map { i in
            let label = CALayer()
            label.frame = CGRect(x: 10 + CGFloat(i) * 76, y: 20, width: 60, height: 24)
            label.contents = image(i)
            scene.addSublayer(label)
            return label
        }
        // One thread: no helper evaluating ahead, so that when the last frame's trees let go of
        // the old textures (within the three frames a let-go texture is watched) does not hang on
        // another thread's timing.
        let compositor = Compositor(threads: 1)
        XCTAssertNotNil(composited(scene, with: compositor, into: ctx))
        compositor.releaseSpentFrame()
        let full = compositor.cacheUse
        XCTAssertEqual(full.textures, 5, "the backdrop's, the tile's and the three labels'")
        XCTAssertEqual(full.textures, compositor.texturesHeld)
        // Each label's texture holds its 60×24 pixels (and a ring and row padding): the three are
        // alike in size, so they add three times one texture's bytes.
        let labelBytes = full.textureBytes - backdrop.textureBytes
        XCTAssertEqual(labelBytes % 3, 0, "three textures of one size")
        XCTAssertGreaterThanOrEqual(labelBytes / 3, 60 * 24 * 4)
        XCTAssertLessThan(labelBytes / 3, 68 * 32 * 4)

        // The labels given new images (drawn at the layer's size, as before): the old textures,
        // whose images are gone, become spares (pixels still kept, for the next new look of their
        // size to be drawn over; the new looks came first), let go once none took them for 60 frames.
        for (i, label) in labels.enumerated() { label.contents = image(10 + i, width: 30, height: 12) }
        var use: [CacheUse] = [], looks: [Int] = []
        let tile = try XCTUnwrap(scene.sublayers?.first)
        for frame in 0..<150 {
            // The tile moves: every frame has something to put.
            tile.position.x = 20 + CGFloat(frame % 100)
            XCTAssertNotNil(composited(scene, with: compositor, into: ctx))
            compositor.releaseSpentFrame()
            use.append(compositor.cacheUse)
            looks.append(compositor.texturesHeld)
        }
        // Frames in which the three old textures were kept beside the looks' textures (a frame or
        // two held by the last trees, then spares), counted: spares of a size no new look took for
        // 60 frames go at the next of the cache's checks, once every 60 frames.
        let asSpares = zip(use, looks).filter { $0.0.textures == $0.1 + 3 }.count
        XCTAssertTrue((61...121).contains(asSpares), "spares counted: \(zip(use.map(\.textures), looks).map { "\($0)/\($1)" })")
        XCTAssertEqual(use.filter { $0.textureBytes > use[0].textureBytes }.count, 0, "no more kept later")
        // At the end, what a new compositor keeps for the same scene: nothing of the old looks.
        let fresh = Compositor(threads: 1)
        XCTAssertNotNil(composited(scene, with: fresh, into: target()))
        XCTAssertEqual(use.last, fresh.cacheUse)
        XCTAssertEqual(use.last?.textures, looks.last, "no spares left")
    }
}
