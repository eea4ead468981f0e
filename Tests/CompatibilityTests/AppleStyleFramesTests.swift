import XCTest
import QuartzCore

/// Frames at fixed media times of the files in `AppleStyle/`, which are written as iOS animation
/// libraries write theirs and compile here with `import QuartzCore` in place of `import UIKit`.
final class AppleStyleFramesTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    /// The frame of `root` at media time `t`, on white.
    func frame(_ root: CALayer, at t: CFTimeInterval) throws -> CGImage {
        let renderer = CARenderer(size: root.bounds.size)
        renderer.backgroundColor = CGColor(gray: 1, alpha: 1)
        renderer.layer = root
        return try XCTUnwrap(renderer.makeImage(atTime: t))
    }

    /// The straight RGB bytes of the pixel at column `x`, row `y` (row 0 at the top).
    func rgb(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
        let context = CGContext(data: nil, width: image.width, height: image.height, bitsPerComponent: 8,
                                bytesPerRow: image.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        let p = context.data!.assumingMemoryBound(to: UInt8.self) + (y * image.width + x) * 4
        return [Int(p[0]), Int(p[1]), Int(p[2])]
    }

    func assertClose(_ a: [Int], _ b: [Int], tolerance: Int = 3, _ message: String = "", line: UInt = #line) {
        XCTAssertTrue(zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }, "\(a) is not \(b). \(message)", line: line)
    }

    // MARK: Activity indicators

    func testBallPulseIndicatorPulsesInTurnForever() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 24)
        BallPulseIndicator().setUpAnimation(in: root, size: CGSize(width: 62, height: 62),
                                            color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        XCTAssertEqual(root.sublayers?.count, 3)
        let red = [255, 0, 0], white = [255, 255, 255]
        // Ball centers at x ≈ 10.7, 32, 53.3 (y 12), radius 9.7; column 2 and 45 are well inside
        // a whole ball and well outside one shrunk to 0.3.
        let start = try frame(root, at: 1000)
        assertClose(rgb(start, 2, 12), red, "no ball has begun: all at full size")
        assertClose(rgb(start, 45, 12), red)
        // Ball 0 began at 0.12 s and reaches its smallest key frame (0.3) at 0.3 of 0.75 s; ball 2
        // begins at 0.36 s.
        let pulse = try frame(root, at: 1000.12 + 0.3 * 0.75)
        assertClose(rgb(pulse, 2, 12), white, "ball 0 is shrunk")
        assertClose(rgb(pulse, 10, 12), red, "to its middle")
        assertClose(rgb(pulse, 45, 12), red, "ball 2 has not begun")
        // HUGE repeats: the same frame a hundred cycles later.
        let later = try frame(root, at: 1000.12 + 0.3 * 0.75 + 100 * 0.75)
        assertClose(rgb(later, 2, 12), white)
        assertClose(rgb(later, 10, 12), red)
    }

    func testRingSpinnerDrawsItsWholeTrackAndTurns() throws {
        let spinner = RingSpinnerLayer()
        spinner.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        spinner.setNeedsDisplay()
        spinner.displayIfNeeded()
        spinner.startAnimating()
        let start = try frame(spinner, at: 1000)
        // The gap is the top-right quarter (3/4 of the ring drawn clockwise on screen from 3 o'clock).
        let gap = rgb(start, 32, 7), arc = rgb(start, 32, 32)
        XCTAssertLessThan(arc[0], 100, "the strong arc at the bottom right: \(arc)")
        XCTAssertTrue((140...235).contains(gap[0]) && gap[2] > 240, "the faint whole-circle track shows in the gap: \(gap)")
        // A quarter turn clockwise at half time: the gap moves to the bottom right.
        let turned = try frame(spinner, at: 1000.5)
        XCTAssertLessThan(rgb(turned, 32, 7)[0], 100)
        XCTAssertTrue((140...235).contains(rgb(turned, 32, 32)[0]))
        let copy = try XCTUnwrap(spinner.presentation())
        XCTAssertEqual(copy.lineColor, spinner.lineColor, "copied by its override of init(layer:)")
    }

    // MARK: Shimmer

    func testShimmerHighlightSweepsAcross() throws {
        let shimmer = ShimmerView(frame: CGRect(x: 0, y: 0, width: 100, height: 10))
        shimmer.startShimmering()
        let base = [51, 51, 51], highlight = [230, 230, 230]
        let half = try frame(shimmer.layer, at: 1000.5)              // locations 0, 0.5, 1
        assertClose(rgb(half, 50, 5), highlight, tolerance: 4)
        assertClose(rgb(half, 0, 5), base, tolerance: 4)
        let quarter = try frame(shimmer.layer, at: 1000.25)          // locations −0.5, 0, 0.5
        assertClose(rgb(quarter, 0, 5), highlight, tolerance: 4)
        assertClose(rgb(quarter, 50, 5), base, tolerance: 4)
        let nextCycle = try frame(shimmer.layer, at: 1003.5)         // repeats forever
        assertClose(rgb(nextCycle, 50, 5), highlight, tolerance: 4)
    }

    func testSkeletonSlidesWithBoxedPointsAndReportsItsTag() throws {
        let skeleton = SkeletonSlide(frame: CGRect(x: 0, y: 0, width: 100, height: 10))
        skeleton.slide()
        let light = [204, 204, 204], dark = [77, 77, 77]
        let start = try frame(skeleton.gradient, at: 1000.01)         // the whole gradient left of the layer
        assertClose(rgb(start, 50, 5), light, tolerance: 4)
        let half = try frame(skeleton.gradient, at: 1000.75)          // start (0, 0.5), end (1, 0.5)
        assertClose(rgb(half, 50, 5), dark, tolerance: 4)
        assertClose(rgb(half, 0, 5), light, tolerance: 4)
        skeleton.gradient.updateAnimations(atMediaTime: 1000.1)
        skeleton.gradient.updateAnimations(atMediaTime: 1001.5)
        XCTAssertEqual(skeleton.finishedTags, ["skeletonSlide"])
    }

    // MARK: Progress ring

    func testProgressRingDrawsTrackAndProgressAndFadesIn() throws {
        let (container, ring) = makeProgressRing(progress: 0.25)
        ring.displayIfNeeded()
        let green = [26, 179, 77], track = [217, 217, 217], white = [255, 255, 255]
        // Frames go forward in time (a frame past an animation's end removes it, as on screen).
        let fading = try frame(container, at: 1000.25)                // opacity 0.5
        assertClose(rgb(fading, 49, 10), [140, 217, 166], tolerance: 5)
        let shown = try frame(container, at: 1001)
        assertClose(rgb(shown, 49, 10), green, tolerance: 4, "a quarter, clockwise from the top")
        assertClose(rgb(shown, 10, 10), track, tolerance: 4, "the rest is track")
        assertClose(rgb(shown, 30, 57), track, tolerance: 4)
        assertClose(rgb(shown, 30, 30), white, "the middle is empty")
        XCTAssertEqual(ring.presentation()?.progress, 0.25)
        ring.progress = 1
        ring.displayIfNeeded()
        assertClose(rgb(try frame(container, at: 1001), 10, 10), green, tolerance: 4, "all the way round")
    }
}
