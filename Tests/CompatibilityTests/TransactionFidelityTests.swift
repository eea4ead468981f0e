import XCTest
import QuartzCore

/// Transactions as iOS code uses them, with the behaviour Apple's QuartzCore was measured to have.
final class TransactionFidelityTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    func testEveryCompletionBlockSetInATransactionRuns() {
        var ran: [String] = []
        let first = expectation(description: "first"), second = expectation(description: "second")
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran.append("first"); first.fulfill() }
        CATransaction.setCompletionBlock { ran.append("second"); second.fulfill() }
        // Clearing reads back nil but does not drop a block already set.
        CATransaction.setCompletionBlock(nil)
        XCTAssertNil(CATransaction.completionBlock())
        CATransaction.commit()
        wait(for: [first, second], timeout: 5)            // completions run on the main queue
        XCTAssertEqual(ran.sorted(), ["first", "second"])
    }

    func testCompletionBlocksWaitForTheTransactionsAnimations() {
        let layer = CALayer()
        var done = 0
        let both = expectation(description: "both")
        both.expectedFulfillmentCount = 2
        CATransaction.begin()
        CATransaction.setCompletionBlock { done += 1; both.fulfill() }
        CATransaction.setCompletionBlock { done += 1; both.fulfill() }
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 0.5
        layer.add(fade, forKey: "fade")
        CATransaction.commit()
        CATransaction.flush()
        RunLoop.main.run(until: Date())                   // give the main queue a turn
        XCTAssertEqual(done, 0, "the fade is still running")
        MediaClock.setVirtualTime(1000.6)
        CATransaction.flush()
        wait(for: [both], timeout: 5)
        XCTAssertEqual(done, 2)
    }

    func testANonFiniteAnimationDurationIsRefusedWithAMessage() {
        CATransaction.begin()
        defer { CATransaction.commit() }
        CATransaction.setAnimationDuration(0.4)
        let messages = CGDiagnostics.collecting {
            CATransaction.setAnimationDuration(.nan)
            CATransaction.setAnimationDuration(-1)
            CATransaction.setAnimationDuration(.infinity)
        }
        XCTAssertEqual(messages.count, 3)
        XCTAssertEqual(CATransaction.animationDuration(), 0.4)
    }

    /// A progress ring as iOS code writes one: its action starts from what is on screen.
    final class ProgressLayer: CALayer {
        @Managed var progress: CGFloat = 0
        var startedFrom: CGFloat?

        override init() { super.init() }
        override init(layer: Any) { super.init(layer: layer) }
        required init?(coder: NSCoder) { super.init(coder: coder) }

        override class func needsDisplay(forKey key: String) -> Bool {
            key == "progress" || super.needsDisplay(forKey: key)
        }

        override func action(forKey event: String) -> CAAction? {
            guard event == "progress" else { return super.action(forKey: event) }
            let animation = CABasicAnimation(keyPath: event)
            let from = presentation()?.progress ?? progress
            startedFrom = from
            animation.fromValue = from
            animation.duration = 1
            return animation
        }
    }

    func testInsideActionForKeyThePresentationShowsTheLastCommittedValue() throws {
        let ring = ProgressLayer()
        ring.progress = 0.2
        CATransaction.flush()                       // shown at 0.2
        ring.progress = 0.8                         // the action reads the presentation
        XCTAssertEqual(try XCTUnwrap(ring.startedFrom), 0.2, accuracy: 1e-9, "from what is on screen, not the new model value")
        XCTAssertEqual(ring.presentation()?.progress ?? -1, 0.2, accuracy: 1e-9, "until the change commits")
        CATransaction.flush()
        MediaClock.setVirtualTime(1000.5)
        XCTAssertEqual(ring.presentation()?.progress ?? -1, 0.5, accuracy: 1e-6, "halfway from 0.2 to 0.8")
        MediaClock.setVirtualTime(1002)
        XCTAssertEqual(ring.presentation()?.progress ?? -1, 0.8, accuracy: 1e-9)
    }

    func testThePresentationOfAPropertyChangedBeforeACommitIsTheCommittedOne() {
        let layer = CALayer()
        layer.opacity = 0.3
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.opacity = 0.9
        XCTAssertEqual(layer.presentation()?.opacity, 0.3)
        CATransaction.commit()
        XCTAssertEqual(layer.presentation()?.opacity, 0.9)
    }

    func testDarwinTimeUnitsAreThere() {
        XCTAssertEqual(NSEC_PER_SEC, 1_000_000_000)
        XCTAssertEqual(NSEC_PER_MSEC, 1_000_000)
        XCTAssertEqual(USEC_PER_SEC, 1_000_000)
        XCTAssertEqual(NSEC_PER_USEC, 1_000)
        let delay: UInt64 = 2 * NSEC_PER_SEC / 10
        XCTAssertEqual(Double(delay) / Double(NSEC_PER_SEC), 0.2)
    }
}
