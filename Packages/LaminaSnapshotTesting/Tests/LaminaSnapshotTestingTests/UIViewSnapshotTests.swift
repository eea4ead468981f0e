// View snapshots written as iOS tests write them: UIKit and SnapshotTesting, nothing of Lamina's.
import XCTest
import UIKit
import SnapshotTesting

/// A 160×100 card: rounded, a badge kept at its top right by `layoutSubviews`, a stripe drawn
/// in `draw(_:)` along its bottom.
final class BadgedCardView: UIView {
    let badge = UIView()
    let stripe = StripeView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor(red: 0.2, green: 0.45, blue: 0.85, alpha: 1)
        layer.cornerRadius = 12
        badge.backgroundColor = .red
        stripe.backgroundColor = .clear
        addSubview(badge)
        addSubview(stripe)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        badge.frame = CGRect(x: bounds.width - 40, y: 10, width: 30, height: 20)
        stripe.frame = CGRect(x: 0, y: bounds.height - 24, width: bounds.width, height: 12)
    }
}

/// A white bar, drawn.
final class StripeView: UIView {
    override func draw(_ rect: CGRect) {
        UIColor.white.setFill()
        UIBezierPath(rect: bounds.insetBy(dx: 12, dy: 2)).fill()
    }
}

/// (Each test runs its body with `MainActor.assumeIsolated`, as this project's UIKit tests do:
/// swift-corelibs-xctest cannot run the methods of a `@MainActor` test class.)
final class UIViewSnapshotTests: XCTestCase {
    /// The references are in __Snapshots__/UIViewSnapshotTests/.
    func testABadgedCard() {
        MainActor.assumeIsolated {
            let card = BadgedCardView(frame: CGRect(x: 200, y: 300, width: 160, height: 100))
            assertSnapshot(of: card, as: .image)
            assertSnapshot(of: card, as: .image(precision: 0.99, perceptualPrecision: 0.98))
            assertSnapshot(of: card, as: .image(size: CGSize(width: 240, height: 80)))
            assertSnapshot(of: card, as: .image(drawHierarchyInKeyWindow: true, traits: UITraitCollection()))
        }
    }

    /// The picture is the view laid out at the size given, its drawn content and subviews at
    /// their places, 1 pixel per point, clear outside the rounded corners.
    func testTheViewIsGivenTheSizeLaidOutAndDrawn() throws {
        try MainActor.assumeIsolated {
            let card = BadgedCardView(frame: CGRect(x: 200, y: 300, width: 160, height: 100))
            var picture: CGImage?
            Snapshotting<UIView, CGImage>.image(size: CGSize(width: 240, height: 80)).snapshot(card).run { picture = $0 }
            let image = try XCTUnwrap(picture)
            XCTAssertEqual([image.width, image.height], [240, 80])
            XCTAssertEqual(card.frame, CGRect(x: 200, y: 300, width: 240, height: 80), "as on iOS, the view keeps the size")
            XCTAssertEqual(Self.pixel(image, 240 - 25, 20), [255, 0, 0, 255], "the badge, placed by layoutSubviews at the new width")
            XCTAssertEqual(Self.pixel(image, 120, 80 - 18), [255, 255, 255, 255], "the stripe, drawn in draw(_:)")
            XCTAssertEqual(Self.pixel(image, 100, 30), [51, 115, 217, 255], "the card's background")
            XCTAssertEqual(Self.pixel(image, 0, 0)[3], 0, "nothing outside the rounded corner")
        }
    }

    /// Premultiplied RGBA of the pixel at (x, y), y down.
    static func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        let context = CGContext(data: nil, width: image.width, height: image.height, bitsPerComponent: 8, bytesPerRow: image.width * 4,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        let bytes = context.data!.assumingMemoryBound(to: UInt8.self)
        let i = (y * image.width + x) * 4
        return (0..<4).map { bytes[i + $0] }
    }
}
