import XCTest
@testable import QuartzCore

final class DisplayLinkTests: XCTestCase {
    func testFramesCarryTheirTimestamps() {
        var seen: [(CFTimeInterval, CFTimeInterval)] = []
        let link = CADisplayLink { seen.append(($0.timestamp, $0.targetTimestamp)) }
        link.step(at: 10)
        link.preferredFramesPerSecond = 30
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

    func testFiresOnARunLoop() {
        let fired = expectation(description: "frame")
        fired.assertForOverFulfill = false
        let link = CADisplayLink { _ in fired.fulfill() }
        link.add(to: .main, forMode: .common)
        wait(for: [fired], timeout: 2)                                 // waits for a frame, not for a time
        link.invalidate()
    }
}
