import XCTest
import CoreText

/// Colors, fonts and paragraph styles as attributed-string values, compared by Core Foundation.
///
/// swift-corelibs-foundation's CF reads an object's third word as its CF info word (type ID in
/// bits 8...17). A plain Swift object went into attributed strings in a `__SwiftValue` box whose
/// third word is the value's heap address; when both values compared had those address bits
/// clear, `CFEqual` called the "not a type" class's `equal`, `__HALT` (the intermittent crash of
/// `ArticleLayer.draw(in:)` in the demo goldens). These tests pick such addresses on purpose, so
/// before `CFObjectHeader` they crashed every time; the values are compared by `isEqual(_:)` now.
final class AttributeValueEqualityTests: XCTestCase {
    /// Colors at addresses whose bits 8...17 are clear, all others made on the way kept alive so
    /// each new color lands somewhere new.
    private func colorsAtTypeIDZeroAddresses(_ count: Int, gray: [CGFloat]) -> (colors: [CGColor], kept: [CGColor]) {
        var found: [CGColor] = [], kept: [CGColor] = []
        while found.count < count {
            let color = CGColor(gray: gray[found.count], alpha: 1)
            if UInt(bitPattern: Unmanaged.passUnretained(color).toOpaque()) & 0x3FF00 == 0 {
                found.append(color)
            } else {
                kept.append(color)
            }
            if kept.count >= 1 << 22 { break }
        }
        XCTAssertEqual(found.count, count, "no address with bits 8...17 clear in 4M colors")
        return (found, kept)
    }

    func testReplacingAColorOverAnotherKeepsTheNewOne() {
        let (colors, kept) = colorsAtTypeIDZeroAddresses(2, gray: [0.25, 0.5])
        guard colors.count == 2 else { return }
        let text = NSMutableAttributedString(string: "Core Text on Linux",
                                             attributes: [.font: CTFontCreateWithName("Helvetica" as CFString, 15, nil)])
        text.addAttribute(.foregroundColor, value: colors[0], range: NSRange(location: 0, length: text.length))
        // The demo's call: a color added over one already there (CF compares the two).
        text.addAttribute(.foregroundColor, value: colors[1], range: NSRange(location: 0, length: 9))
        var range = NSRange()
        XCTAssertTrue(text.attribute(.foregroundColor, at: 0, effectiveRange: &range) as? CGColor === colors[1])
        XCTAssertEqual(range, NSRange(location: 0, length: 9))
        XCTAssertTrue(text.attribute(.foregroundColor, at: 9, effectiveRange: &range) as? CGColor === colors[0])
        XCTAssertEqual(range, NSRange(location: 9, length: 9))
        withExtendedLifetime(kept) {}
    }

    func testAppendedRunsMergeWhenTheirColorsAreEqual() {
        let (colors, kept) = colorsAtTypeIDZeroAddresses(2, gray: [0.25, 0.5])
        guard colors.count == 2 else { return }
        let font = CTFontCreateWithName("Helvetica" as CFString, 15, nil)
        // Colors added one by one (a color in an attributes dictionary was boxed twice, and the
        // outer box's word was another address).
        func piece(_ string: String, _ color: CGColor) -> NSAttributedString {
            let piece = NSMutableAttributedString(string: string, attributes: [.font: font])
            piece.addAttribute(.foregroundColor, value: color, range: NSRange(location: 0, length: piece.length))
            return piece
        }
        let text = NSMutableAttributedString(string: "")
        // Appending compares each new run's attributes with the last run's (CF merges equal runs).
        text.append(piece("Core ", colors[0]))
        text.append(piece("Text", colors[1]))
        // An equal color (another object) and an equal font (another object): one run with "Text".
        text.append(NSAttributedString(string: " on Linux", attributes: [
            .font: CTFontCreateWithName("Helvetica" as CFString, 15, nil), .foregroundColor: CGColor(gray: 0.5, alpha: 1)]))
        var range = NSRange()
        _ = text.attributes(at: 0, effectiveRange: &range)
        XCTAssertEqual(range, NSRange(location: 0, length: 5))
        _ = text.attributes(at: 5, effectiveRange: &range)
        XCTAssertEqual(range, NSRange(location: 5, length: 13))
        XCTAssertTrue(text.isEqual(text.copy()))
        withExtendedLifetime(kept) {}
    }

    func testValuesAreEqualAndHashedByValue() {
        XCTAssertTrue(CGColor(gray: 0.5, alpha: 1).isEqual(CGColor(gray: 0.5, alpha: 1)))
        XCTAssertFalse(CGColor(gray: 0.5, alpha: 1).isEqual(CGColor(gray: 0.4, alpha: 1)))
        XCTAssertEqual(CGColor(gray: 0.5, alpha: 1).hash, CGColor(gray: 0.5, alpha: 1).hash)
        let font = CTFontCreateWithName("Helvetica" as CFString, 15, nil)
        XCTAssertTrue(font.isEqual(CTFontCreateWithName("Helvetica" as CFString, 15, nil)))
        XCTAssertFalse(font.isEqual(CTFontCreateWithName("Helvetica" as CFString, 16, nil)))
        XCTAssertEqual(font.hash, CTFontCreateWithName("Helvetica" as CFString, 15, nil).hash)
        XCTAssertEqual(Set([CGColor(gray: 0.5, alpha: 1), CGColor(gray: 0.5, alpha: 1)]).count, 1)
    }
}
