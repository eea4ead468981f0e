import XCTest
import AppKit

/// The types AppKit shares with UIKit (one implementation in the internal ViewSupport target)
/// are there with `import AppKit` alone.
final class SharedTypesTests: XCTestCase {
    func testParagraphStylesComeWithAppKit() {
        let style = NSMutableParagraphStyle()
        style.alignment = .center
        style.lineSpacing = 4
        let copy = style.copy() as? NSParagraphStyle
        XCTAssertEqual(copy?.alignment, .center)
        XCTAssertEqual(copy?.lineSpacing, 4)
        XCTAssertEqual(NSParagraphStyle.default.lineBreakMode, .byWordWrapping)
    }
}
