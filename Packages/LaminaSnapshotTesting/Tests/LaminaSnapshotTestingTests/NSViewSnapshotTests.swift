// View snapshots written as macOS tests write them: AppKit and SnapshotTesting, nothing of Lamina's.
import XCTest
import AppKit
import SnapshotTesting

/// A 160×100 layer-backed card: rounded, a badge at its top right (y up: near the bounds' max
/// y), a stripe drawn along its bottom.
final class BadgedPanelView: NSView {
    let badge = NSView()

    override init(frame frameRect: NSRect) {
        super.init(frame: frameRect)
        wantsLayer = true
        badge.wantsLayer = true
        badge.layer?.backgroundColor = NSColor.systemRed.cgColor
        addSubview(badge)
        needsLayout = true
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override var wantsUpdateLayer: Bool { false }

    override func layout() {
        super.layout()
        badge.frame = NSRect(x: bounds.width - 40, y: bounds.height - 30, width: 30, height: 20)
    }

    override func draw(_ dirtyRect: NSRect) {
        NSColor(calibratedRed: 0.2, green: 0.45, blue: 0.85, alpha: 1).setFill()
        NSBezierPath(roundedRect: bounds, xRadius: 12, yRadius: 12).fill()
        NSColor.white.setFill()
        NSBezierPath(rect: NSRect(x: 12, y: 12, width: bounds.width - 24, height: 8)).fill()
    }
}

/// (Each test runs its body with `MainActor.assumeIsolated`: swift-corelibs-xctest cannot run
/// the methods of a `@MainActor` test class.)
final class NSViewSnapshotTests: XCTestCase {
    /// The references are in __Snapshots__/NSViewSnapshotTests/.
    func testABadgedPanel() {
        MainActor.assumeIsolated {
            let panel = BadgedPanelView(frame: NSRect(x: 200, y: 300, width: 160, height: 100))
            assertSnapshot(of: panel as NSView, as: .image)
            assertSnapshot(of: panel as NSView, as: .image(precision: 0.99, perceptualPrecision: 0.98, size: CGSize(width: 240, height: 80)))
        }
    }

    /// The picture is the view as it appears: y up, the badge at the top right, the stripe at
    /// the bottom, clear outside the rounded corners.
    func testThePictureIsTheViewAsItAppears() throws {
        try MainActor.assumeIsolated {
            let panel = BadgedPanelView(frame: NSRect(x: 0, y: 0, width: 160, height: 100))
            var picture: CGImage?
            Snapshotting<NSView, CGImage>.image.snapshot(panel).run { picture = $0 }
            let image = try XCTUnwrap(picture)
            XCTAssertEqual([image.width, image.height], [160, 100])
            let pixels = Self.pixelBytes(image)
            func at(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels[(y * 160 + x) * 4..<(y * 160 + x) * 4 + 3]) }
            XCTAssertEqual(at(135, 20), [255, 59, 48], "the badge near the top (row 20 of 100)")
            XCTAssertEqual(at(80, 84), [255, 255, 255], "the stripe near the bottom")
            XCTAssertEqual(pixels[3], 0, "clear outside the rounded corner")
        }
    }

    private static func pixelBytes(_ image: CGImage) -> [UInt8] {
        let ctx = CGContext(data: nil, width: image.width, height: image.height, bitsPerComponent: 8, bytesPerRow: image.width * 4,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        return Array(UnsafeBufferPointer(start: ctx.data!.assumingMemoryBound(to: UInt8.self), count: image.width * image.height * 4))
    }
}
