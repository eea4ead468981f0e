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

    /// Threads changing, adding, removing and animating layers of one tree while the main thread
    /// commits and renders it through a `CARenderer`, as a shown window's frames are made. In
    /// `scripts/test` it runs a fixed number of rounds; `scripts/sanitize` runs it for 10 s under
    /// the thread sanitizer (`LAMINA_THREAD_STRESS_SECONDS`), where a race would be reported.
    func testThreadsChangingATreeWhileItIsRendered() {
        let seconds = ProcessInfo.processInfo.environment["LAMINA_THREAD_STRESS_SECONDS"].flatMap(Double.init)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        let renderer = CARenderer(size: CGSize(width: 64, height: 64))
        renderer.layer = root
        CATransaction.flush()
        let threads = 3
        let done = expectation(description: "threads")
        done.expectedFulfillmentCount = threads
        nonisolated(unsafe) let shown = root
        let deadline = seconds.map { Date(timeIntervalSinceNow: $0) }
        for t in 0..<threads {
            Thread {
                var mine: [CALayer] = []
                var round = 0
                while deadline.map({ Date() < $0 }) ?? (round < 600) {
                    switch round % 6 {
                    case 0, 1:
                        let layer = t == 0 ? CAShapeLayer() : t == 1 ? CATextLayer() : CALayer()
                        layer.frame = CGRect(x: CGFloat(round % 60), y: CGFloat(t * 20), width: 6, height: 6)
                        layer.backgroundColor = CGColor(red: CGFloat(t) / 2, green: 0.5, blue: 0, alpha: 1)
                        (mine.last ?? shown).addSublayer(layer)
                        mine.append(layer)
                    case 2:
                        // A shown layer's properties are changed under the transaction lock, as
                        // Apple's `CATransaction.lock()` documents for values other threads read.
                        guard let layer = mine.randomElement() else { break }
                        CATransaction.lock()
                        layer.position = CGPoint(x: CGFloat(round % 64), y: 10)
                        layer.opacity = Float(round % 10) / 10
                        layer.cornerRadius = 2
                        (layer as? CAShapeLayer)?.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 6, height: 6), transform: nil)
                        (layer as? CATextLayer)?.string = "\(round)"
                        CATransaction.unlock()
                    case 3:
                        guard let layer = mine.randomElement() else { break }
                        let fade = CABasicAnimation(keyPath: "opacity")
                        fade.fromValue = 0
                        fade.toValue = 1
                        fade.duration = 0.2
                        layer.add(fade, forKey: "fade")
                    case 4:
                        if let layer = mine.popLast() { layer.removeFromSuperlayer() }
                    default:
                        // A change inside an explicit transaction of this thread, and a flush.
                        CATransaction.begin()
                        CATransaction.setAnimationDuration(0.1)
                        CATransaction.lock()
                        mine.first?.transform = CATransform3DMakeRotation(CGFloat(round), 0, 0, 1)
                        CATransaction.unlock()
                        CATransaction.commit()
                        if round % 30 == 0 { CATransaction.flush() }
                    }
                    round += 1
                }
                for layer in mine { layer.removeFromSuperlayer() }
                CATransaction.flush()
                done.fulfill()
            }.start()
        }
        // The main thread commits and renders frames meanwhile, as a window's would be made.
        var frame = 0
        let frames = seconds == nil ? 60 : Int.max
        while frame < frames, deadline.map({ Date() < $0 }) ?? true {
            root.backgroundColor = CGColor(gray: CGFloat(frame % 2), alpha: 1)
            CATransaction.flush()
            renderer.beginFrame(atTime: CACurrentMediaTime())
            renderer.render()
            renderer.endFrame()
            if frame % 8 == 0 { _ = root.presentation()?.sublayers?.count }
            frame += 1
        }
        wait(for: [done], timeout: (seconds ?? 0) + 120)
        CATransaction.flush()
        XCTAssertEqual(root.sublayers?.count ?? 0, 0, "every thread removed what it added")
    }
}
