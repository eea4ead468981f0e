import XCTest
import UIKit
import LaminaTesting

/// Frames at fixed media times of the views in `AppleStyle/`, written as iOS sample code
/// writes them with `import UIKit` only, against goldens.
final class AppleStyleFramesTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    /// Each frame against its golden: gradients and antialiased text differ by a level or two
    /// between machines.
    let comparison = SnapshotComparison(channelTolerance: 3, maxDifferingFraction: 0.002)

    @MainActor static func window(with view: UIView, background: UIColor) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 160))
        window.makeKeyAndVisible()
        window.backgroundColor = background
        window.addSubview(view)
        window.layoutIfNeeded()
        return window
    }

    func testTheChevronsSweep() throws {
        nonisolated(unsafe) var frames: [CFTimeInterval: CGImage] = [:]
        MainActor.assumeIsolated {
            let chevrons = ChevronView(frame: CGRect(x: 10, y: 5, width: 300, height: 150))
            XCTAssertNil(chevrons.layer.sublayers?.first?.animationKeys(), "still until it is in a window")
            let window = Self.window(with: chevrons, background: UIColor(red: 0.1, green: 0.11, blue: 0.14, alpha: 1))
            XCTAssertEqual(chevrons.layer.sublayers?.first?.animationKeys(), ["sweep"], "didMoveToWindow started the sweep")
            for t in [0, 0.4, 0.8, 1.2] { frames[t] = frame(of: window.layer, at: 1000 + t) }
        }
        for (t, image) in frames.sorted(by: { $0.key < $1.key }) {
            assertSnapshot(image, named: "chevrons@\(t)", comparison: comparison)
        }
        // The band is bright where the sweep has got to: on the first chevron's stroke early,
        // the second's later.
        let early = try XCTUnwrap(frames[0.4]), late = try XCTUnwrap(frames[1.2])
        let first = CGPoint(x: 10 + 300 * 0.23 + 30, y: 5 + 150 * 0.35), second = CGPoint(x: 10 + 300 * 0.53 + 30, y: 5 + 150 * 0.35)
        func brightness(_ image: CGImage, _ p: CGPoint) -> Int { rgba(image, Int(p.x), Int(p.y))[0] }
        XCTAssertGreaterThan(brightness(early, first), brightness(early, second) + 40)
        XCTAssertGreaterThan(brightness(late, second), brightness(late, first) + 40)
    }

    func testTheChevronsStopWhenTakenOutOfTheirWindow() {
        MainActor.assumeIsolated {
            let chevrons = ChevronView(frame: CGRect(x: 10, y: 5, width: 300, height: 150))
            let window = Self.window(with: chevrons, background: .black)
            chevrons.removeFromSuperview()
            XCTAssertNil(chevrons.layer.sublayers?.first?.animationKeys())
            window.addSubview(chevrons)
            XCTAssertEqual(chevrons.layer.sublayers?.first?.animationKeys(), ["sweep"])
        }
    }

    func testTheMaskedLabelShimmers() throws {
        nonisolated(unsafe) var frames: [CFTimeInterval: CGImage] = [:]
        MainActor.assumeIsolated {
            let label = ShimmeringLabel(frame: CGRect(x: 0, y: 40, width: 320, height: 80))
            label.text = "slide to unlock"
            let window = Self.window(with: label, background: .black)
            label.startShimmering()
            for t in [0, 0.25, 0.5, 0.75] { frames[t] = frame(of: window.layer, at: 1000 + t) }
        }
        for (t, image) in frames.sorted(by: { $0.key < $1.key }) {
            assertSnapshot(image, named: "shimmering-label@\(t)", comparison: comparison)
        }
        // Outside the letters the mask hides the gradient: the window's black shows.
        let image = try XCTUnwrap(frames[0.5])
        XCTAssertEqual(Array(rgba(image, 5, 80).prefix(3)), [0, 0, 0])
        XCTAssertEqual(Array(rgba(image, 160, 45).prefix(3)), [0, 0, 0], "above the text")
    }
}
