import XCTest
@testable import QuartzCore

/// `preferredFramesPerSecond` is deprecated on Apple: reached through a protocol, so that testing
/// it leaves no warning behind.
private protocol LegacyFrameRate: AnyObject { var preferredFramesPerSecond: Int { get set } }
extension CADisplayLink: LegacyFrameRate {}

final class DisplayLinkTests: XCTestCase {
    func testFramesCarryTheirTimestamps() {
        var seen: [(CFTimeInterval, CFTimeInterval)] = []
        let link = CADisplayLink { seen.append(($0.timestamp, $0.targetTimestamp)) }
        XCTAssertEqual(link.preferredFrameRateRange, .default)
        XCTAssertEqual(link.duration, 1.0 / 60)
        link.step(at: 10)
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 30)
        link.step(at: 10.5)
        XCTAssertEqual(seen.count, 2)
        XCTAssertEqual(seen[0].0, 10)
        XCTAssertEqual(seen[0].1, 10 + 1.0 / 60, accuracy: 1e-12)
        XCTAssertEqual(seen[1].1 - seen[1].0, 1.0 / 30, accuracy: 1e-12)
        XCTAssertEqual(link.duration, 1.0 / 30, accuracy: 1e-12)
        link.isPaused = true
        link.step(at: 11)
        XCTAssertEqual(seen.count, 2)
        link.isPaused = false
        link.invalidate()
        link.step(at: 12)
        XCTAssertEqual(seen.count, 2)
    }

    func testTheDeprecatedFrameRateSetsTheRange() {
        let link: LegacyFrameRate = CADisplayLink { _ in }
        XCTAssertEqual(link.preferredFramesPerSecond, 0)
        link.preferredFramesPerSecond = 20
        XCTAssertEqual((link as! CADisplayLink).preferredFrameRateRange, CAFrameRateRange(minimum: 20, maximum: 20, preferred: 20))
        XCTAssertEqual(link.preferredFramesPerSecond, 20)
        link.preferredFramesPerSecond = 0
        XCTAssertEqual((link as! CADisplayLink).preferredFrameRateRange, .default)
    }

    func testFrameRateRanges() {
        XCTAssertEqual(CAFrameRateRange.default, CAFrameRateRange(minimum: 0, maximum: 0, preferred: nil))
        XCTAssertTrue(CAFrameRateRange(minimum: 10, maximum: 60, preferred: 30).isEqual(to: CAFrameRateRange(minimum: 10, maximum: 60, preferred: 30)))
        let link = CADisplayLink { _ in }
        let display = 1.0 / 60
        XCTAssertEqual(link.framesPerCallback(displayInterval: display), 1, "the display's rate")
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 60, preferred: 30)
        XCTAssertEqual(link.framesPerCallback(displayInterval: display), 2, "every other frame")
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 20)
        XCTAssertEqual(link.framesPerCallback(displayInterval: display), 3, "the maximum without a preference")
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 120, maximum: 240, preferred: 240)
        XCTAssertEqual(link.framesPerCallback(displayInterval: display), 1, "never faster than the display")
        link.preferredFrameRateRange = CAFrameRateRange(minimum: -1, maximum: .nan)
        XCTAssertEqual(link.framesPerCallback(displayInterval: display), 1, "nonsense: the display's rate")
    }

    /// Without a frame clock a link runs its own run-loop timer. The link gets a clock of its
    /// own: in a test process where a host's render thread drives the shared clock (an earlier
    /// window test), the shared clock's links fire with that thread's frames instead.
    func testFiresOnARunLoop() {
        let fired = expectation(description: "frame")
        fired.assertForOverFulfill = false
        let link = CADisplayLink(clock: DisplayLinkClock()) { _ in fired.fulfill() }
        link.add(to: .main, forMode: .common)
        // Waits for a frame, not for a time: generous, for a machine busy with other builds.
        wait(for: [fired], timeout: 20)
        link.invalidate()
    }

    /// Driven by a frame clock's frames (as LaminaHost's render thread does): once per frame of
    /// its own, on its run loop; frames that come while a callback waits for a busy run loop
    /// are skipped, which shows as a gap in the timestamps.
    func testFiresWithTheClocksFramesAndSkipsThoseABusyRunLoopMissed() {
        var seen: [(timestamp: CFTimeInterval, target: CFTimeInterval, duration: CFTimeInterval)] = []
        let clock = DisplayLinkClock()
        clock.drive {}
        XCTAssertTrue(clock.isDriven)
        let link = CADisplayLink(clock: clock) { seen.append(($0.timestamp, $0.targetTimestamp, $0.duration)) }
        link.add(to: .main, forMode: .common)
        defer { link.invalidate() }
        let interval = 1.0 / 60
        func frame(_ n: Int) { link.displayFrame(n, at: 100 + Double(n) * interval, interval: interval) }
        XCTAssertTrue(clock.wantsFrames)
        func drain() { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
        frame(1)
        drain()
        XCTAssertEqual(seen.count, 1)
        XCTAssertEqual(seen[0].timestamp, 100 + interval, accuracy: 1e-9)
        XCTAssertEqual(seen[0].target - seen[0].timestamp, interval, accuracy: 1e-9)
        XCTAssertEqual(seen[0].duration, interval, accuracy: 1e-9)
        frame(2); frame(3); frame(4)                                   // the run loop was busy
        drain()
        XCTAssertEqual(seen.count, 2, "one callback for the frames a busy run loop missed")
        XCTAssertEqual(seen[1].timestamp - seen[0].timestamp, 3 * interval, accuracy: 1e-9, "the gap shows")
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 30, preferred: 30)
        for n in 5...8 { frame(n); drain() }
        XCTAssertEqual(seen.count, 4, "every other frame at 30 Hz")
        XCTAssertEqual(seen[3].duration, 2 * interval, accuracy: 1e-9)
        XCTAssertEqual(seen[3].target - seen[3].timestamp, 2 * interval, accuracy: 1e-9)
        link.isPaused = true
        frame(10); drain()
        XCTAssertEqual(seen.count, 4, "paused")
        XCTAssertFalse(link.isActive)
        link.isPaused = false
        frame(10); link.invalidate(); drain()
        XCTAssertEqual(seen.count, 4, "a callback pending when invalidated never runs")
    }

    func testTheClockWantsFramesOnlyWhileALinkIsActive() {
        let clock = DisplayLinkClock()
        let baseline = false
        final class Wakes: @unchecked Sendable { var count = 0 }     // woken on this thread here
        let wakes = Wakes()
        clock.drive { wakes.count += 1 }
        let link = CADisplayLink(clock: clock) { _ in }
        link.add(to: .main, forMode: .common)
        XCTAssertTrue(clock.wantsFrames)
        link.isPaused = true
        XCTAssertEqual(clock.wantsFrames, baseline)
        link.isPaused = false
        link.remove(from: .main, forMode: .common)
        XCTAssertEqual(clock.wantsFrames, baseline)
        link.add(to: .main, forMode: .common)
        link.invalidate()
        XCTAssertEqual(clock.wantsFrames, baseline)
        link.add(to: .main, forMode: .common)
        XCTAssertEqual(clock.wantsFrames, baseline, "an invalidated link never comes back")
        XCTAssertGreaterThanOrEqual(wakes.count, 4, "the clock is woken when links come and go")
    }
}
