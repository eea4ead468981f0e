import XCTest
import ImageIO
@testable import LaminaSnapshotTesting

/// swift-snapshot-testing's image strategies on Lamina's layers: references recorded and then
/// matched, precision and perceptual precision as the library defines them, a given size.
final class LaminaSnapshotTestingTests: XCTestCase {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

    /// A 120×80 rounded card with a red badge at its top left.
    func card(badge: CGColor? = nil, background: CGColor = CGColor(red: 0.2, green: 0.45, blue: 0.85, alpha: 1)) -> CALayer {
        let card = CALayer()
        card.frame = CGRect(x: 300, y: 300, width: 120, height: 80)      // the position does not show in a snapshot
        card.backgroundColor = background
        card.cornerRadius = 12
        let mark = CALayer()
        mark.frame = CGRect(x: 10, y: 10, width: 30, height: 20)
        mark.backgroundColor = badge ?? red
        card.addSublayer(mark)
        return card
    }

    /// The picture a strategy makes of a layer.
    func picture(_ layer: CALayer, _ strategy: Snapshotting<CALayer, CGImage>) -> CGImage {
        var image: CGImage?
        strategy.snapshot(layer).run { image = $0 }
        return image!
    }

    /// Premultiplied RGBA of the pixel at (x, y), y down.
    func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        let context = CGContext(data: nil, width: image.width, height: image.height, bitsPerComponent: 8, bytesPerRow: image.width * 4,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        let bytes = context.data!.assumingMemoryBound(to: UInt8.self)
        let i = (y * image.width + x) * 4
        return (0..<4).map { bytes[i + $0] }
    }

    /// Written as for iOS; the references are in __Snapshots__/LaminaSnapshotTestingTests/.
    func testACardAsIOSTestsWriteIt() {
        assertSnapshot(of: card(), as: .image)
        assertSnapshot(of: card(), as: .image(precision: 0.99, perceptualPrecision: 0.98))
        assertSnapshot(of: card(), as: .image(size: CGSize(width: 60, height: 40)))
    }

    func testAMissingReferenceIsRecordedThenMatchedThenAChangeFails() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-snapshot-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = verifySnapshot(of: card(), as: .image, named: "card", record: .missing, snapshotDirectory: directory.path)
        XCTAssertTrue(first?.contains("No reference was found on disk") == true, first ?? "no message")
        let file = directory.appendingPathComponent("testAMissingReferenceIsRecordedThenMatchedThenAChangeFails.card.png")
        let source = try XCTUnwrap(CGImageSourceCreateWithURL(file as CFURL, nil))
        let recorded = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 0, nil))
        XCTAssertEqual([recorded.width, recorded.height], [120, 80])
        XCTAssertEqual(pixel(recorded, 20, 15), [255, 0, 0, 255], "the badge is at the top left, in layer coordinates")
        XCTAssertEqual(pixel(recorded, 60, 60), [51, 115, 217, 255])
        XCTAssertEqual(pixel(recorded, 0, 0)[3], 0, "outside the rounded corner nothing is drawn")

        XCTAssertNil(verifySnapshot(of: card(), as: .image, named: "card", record: .missing, snapshotDirectory: directory.path))
        let changed = verifySnapshot(of: card(badge: CGColor(red: 0, green: 0.6, blue: 0, alpha: 1)), as: .image, named: "card",
                                     record: .never, snapshotDirectory: directory.path)
        XCTAssertEqual(changed?.contains("Newly-taken snapshot does not match reference."), true, changed ?? "it matched")
    }

    /// `precision` is the share of bytes that must match: a badge of 600 of 9600 pixels changes
    /// 6 % of the picture.
    func testPrecisionAllowsThatShareToDiffer() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-snapshot-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = verifySnapshot(of: card(), as: .image, named: "card", record: .all, snapshotDirectory: directory.path)
        let green = card(badge: CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        XCTAssertNil(verifySnapshot(of: green, as: .image(precision: 0.9), named: "card", record: .never, snapshotDirectory: directory.path))
        let strict = verifySnapshot(of: green, as: .image(precision: 0.99), named: "card", record: .never, snapshotDirectory: directory.path)
        XCTAssertEqual(strict?.contains("is less than required 0.99"), true, strict ?? "it matched")
    }

    /// `perceptualPrecision`: a shade the eye cannot tell apart passes at 0.98, not at 1; a
    /// visibly different one fails.
    func testPerceptualPrecisionAllowsShadesTheEyeCannotTellApart() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-snapshot-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = verifySnapshot(of: card(), as: .image, named: "card", record: .all, snapshotDirectory: directory.path)
        let nearly = card(background: CGColor(red: 0.2, green: 0.455, blue: 0.85, alpha: 1))     // one level of green
        XCTAssertNotNil(verifySnapshot(of: nearly, as: .image, named: "card", record: .never, snapshotDirectory: directory.path))
        XCTAssertNil(verifySnapshot(of: nearly, as: .image(perceptualPrecision: 0.98), named: "card", record: .never,
                                    snapshotDirectory: directory.path))
        let visibly = card(background: CGColor(red: 0.3, green: 0.45, blue: 0.85, alpha: 1))
        let message = verifySnapshot(of: visibly, as: .image(perceptualPrecision: 0.98), named: "card", record: .never,
                                     snapshotDirectory: directory.path)
        XCTAssertEqual(message?.contains("% match"), true, message ?? "it matched")
    }

    func testSizeAndScaleSetThePicture() {
        let small = picture(card(), .image(size: CGSize(width: 60, height: 40)))
        XCTAssertEqual([small.width, small.height], [60, 40])
        XCTAssertEqual(pixel(small, 20, 15), [255, 0, 0, 255])
        let sharp = picture(card(), .image(scale: 2))
        XCTAssertEqual([sharp.width, sharp.height], [240, 160])
        XCTAssertEqual(pixel(sharp, 40, 30), [255, 0, 0, 255])
    }

    /// The color science against published values: sRGB white is L* 100, and the CIE94 ΔE of
    /// the first pair of Sharma, Wu and Dalal's CIEDE2000 test data is 1.3950.
    func testColorDifferencesMatchPublishedValues() {
        let white = PerceptualColor.lab([255, 255, 255, 255], over: 0)
        XCTAssertEqual(white.l, 100, accuracy: 0.01)
        XCTAssertEqual(white.a, 0, accuracy: 0.01)
        XCTAssertEqual(white.b, 0, accuracy: 0.01)
        XCTAssertEqual(PerceptualColor.deltaE94((50, 2.6772, -79.7751), (50, 0, -82.7485)), 1.3950, accuracy: 0.001)
    }
}
