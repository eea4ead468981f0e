import XCTest
import QuartzCore

/// Layer trees changed from several threads at once, as apps that build layers on background
/// queues do: the tree's shape stays whole (no crash, no layer in two places), and the main
/// thread's commits run beside the changes.
final class LayerThreadingTests: XCTestCase {
    func testThreadsAddingAndRemovingSublayersOfOneShownLayer() {
        let shown = CALayer()
        shown.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        CATransaction.flush()
        let threads = 3, rounds = 1500
        let done = expectation(description: "threads")
        done.expectedFulfillmentCount = threads
        nonisolated(unsafe) let target = shown
        for t in 0..<threads {
            Thread {
                var mine: [CALayer] = []
                for round in 0..<rounds {
                    if round % 3 == 2, let last = mine.popLast() {
                        last.removeFromSuperlayer()
                    } else {
                        let layer = CALayer()
                        layer.frame = CGRect(x: CGFloat(t), y: CGFloat(round % 50), width: 4, height: 4)
                        if round % 5 == 0 { target.insertSublayer(layer, at: 0) } else { target.addSublayer(layer) }
                        mine.append(layer)
                        if round % 7 == 0 { layer.mask = CALayer() }
                    }
                    if round % 11 == 0 { _ = target.sublayers?.count }
                }
                CATransaction.flush()
                done.fulfill()
            }.start()
        }
        // The main thread commits and reads the tree meanwhile.
        var commits = 0
        while commits < 40 {
            shown.opacity = commits % 2 == 0 ? 0.5 : 1
            CATransaction.flush()
            if commits % 10 == 0 { _ = shown.presentation() }
            commits += 1
        }
        wait(for: [done], timeout: 120)
        let sublayers = shown.sublayers ?? []
        // Each thread removes one of every three rounds' layers: what is left is the rest.
        XCTAssertEqual(sublayers.count, threads * (rounds - 2 * (rounds / 3)))
        XCTAssertEqual(Set(sublayers.map(ObjectIdentifier.init)).count, sublayers.count, "no layer twice")
        XCTAssertTrue(sublayers.allSatisfy { $0.superlayer === shown })
    }
}
