import XCTest
import LaminaHost
import LaminaTesting
import GalleryDemos

/// The gallery's scrolling list (the scene of `lamina-bench scroll`) is what it says: a thousand
/// rounded cards with an icon and a text image, in a rounded clip, scrolled by its bounds' origin.
/// (That only the rows in view have their text drawn: `CullingTests`.)
final class ScrollingListDemoTests: XCTestCase {
    override func tearDown() { MediaClock.useSystemTime() }

    func testAThousandRoundedCardsWithAnIconAndATextImageInARoundedClip() {
        MainActor.assumeIsolated {
            let demo = ScrollingListDemo()
            XCTAssertTrue(demo.list.masksToBounds)
            XCTAssertGreaterThan(demo.list.cornerRadius, 0)
            XCTAssertEqual(demo.list.frame, CGRect(x: 24, y: 24, width: 592, height: 432))
            let cards = demo.list.sublayers ?? []
            XCTAssertEqual(cards.count, 1000)
            XCTAssertEqual(cards[999].frame.minY - cards[0].frame.minY, 999 * ScrollingListDemo.rowPitch)
            var inkWidths = Set<Int>()
            for (i, card) in cards.enumerated() {
                XCTAssertGreaterThan(card.cornerRadius, 0)
                let parts = card.sublayers ?? []
                XCTAssertEqual(parts.count, 2)
                let images = parts.compactMap { $0.contents as! CGImage? }
                XCTAssertEqual(images.count, 2, "an icon and a text image")
                XCTAssertEqual(images.first?.width, 40)
                guard let label = images.last else { continue }
                // One line as wide as the card leaves room for (its pixels drawn when read).
                XCTAssertEqual(label.width, 592 - 24 - 72)
                XCTAssertEqual(label.height, 20, accuracy: 3)
                XCTAssertEqual(parts[1].frame.size, CGSize(width: label.width, height: label.height))
                if i < 24, let inkWidth = Self.inkWidth(label) {
                    XCTAssertLessThan(inkWidth, label.width - 100, "row \(i): the text fits")
                    inkWidths.insert(inkWidth)
                }
            }
            XCTAssertGreaterThan(inkWidths.count, 5, "each row its own text")
        }
    }

    /// The labels' text is drawn when a frame first needs it: a window's very first frame shows
    /// the rows in view with their text, as the layer renderer draws them.
    func testAWindowsFirstFrameShowsTheLabelsInView() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { throw XCTSkip("needs an X display") }
        try MainActor.assumeIsolated {
            MediaClock.setVirtualTime(1000)
            let view = ScrollingListDemo()
            let window = try LaminaHost.Window(checkedTitle: "scroll first frame", size: CGSize(width: 640, height: 480))
            window.contentView = view
            window.show()
            defer { window.close() }
            XCTAssertTrue(Application.shared.runUntil(timeout: 20) { window.shownMediaTime == 1000 }, "no first frame")
            let shown = try XCTUnwrap(window.capture())
            // The first row's label (x 24 + 12 + 62, y 24 + 10 + 17 in the window) has dark text.
            let pixels = SnapshotComparison.rgba(shown)
            var dark = 0
            for y in 51..<71 { for x in 98..<220 where pixels[(y * shown.width + x) * 4] < 100 { dark += 1 } }
            XCTAssertGreaterThan(dark, 60, "the first row's text on the first frame")
            let renderer = CARenderer(size: CGSize(width: 640, height: 480))
            renderer.backgroundColor = CGColor(gray: 1, alpha: 1)
            renderer.layer = view.layer
            let reference = try XCTUnwrap(renderer.makeImage(atTime: 1000))
            let differing = SnapshotComparison.difference(shown, reference, channelTolerance: 40).differing
            XCTAssertLessThan(differing, 640 * 480 / 100, "the window and the renderer disagree in \(differing) pixels")
        }
    }

    /// The columns from the image's left edge to its rightmost inked pixel (alpha over 64), nil
    /// when nothing is inked.
    static func inkWidth(_ image: CGImage) -> Int? {
        guard let data = image.dataProvider?.data as Data? else { return nil }
        var right: Int?
        for y in 0..<image.height {
            for x in 0..<image.width where data[y * image.bytesPerRow + x * 4 + 3] > 64 { right = max(right ?? 0, x + 1) }
        }
        return right
    }

    func testScrollsByAnimatingBoundsOriginYToTheLastCardAndBack() {
        MainActor.assumeIsolated {
            MediaClock.setVirtualTime(1000)
            let demo = ScrollingListDemo(size: CGSize(width: 640, height: 480), rows: 100, pointsPerSecond: 500)
            CATransaction.flush()
            let end = 10 + 100 * ScrollingListDemo.rowPitch - 432                    // the last card's bottom at the clip's
            guard let scroll = demo.list.animation(forKey: "scroll") as? CABasicAnimation else { return XCTFail("no scroll animation") }
            XCTAssertEqual(scroll.keyPath, "bounds.origin.y")
            XCTAssertEqual(scroll.duration, Double(end / 500), accuracy: 1e-9)
            MediaClock.setVirtualTime(1001)
            XCTAssertEqual(demo.list.presentation()!.bounds.origin.y, 500, accuracy: 1e-6)
            MediaClock.setVirtualTime(1000 + scroll.duration)
            XCTAssertEqual(demo.list.presentation()!.bounds.origin.y, end, accuracy: 1e-6)
            MediaClock.setVirtualTime(1000 + 2 * scroll.duration - 1)               // and back up
            XCTAssertEqual(demo.list.presentation()!.bounds.origin.y, 500, accuracy: 1e-6)
            XCTAssertEqual(demo.list.bounds.origin.y, 0, "the model stays at the top")
        }
    }
}
