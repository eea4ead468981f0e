import XCTest
import Foundation
@testable import QuartzCore

/// Deep trees (issue 19, item 8): a tree never grows past `CALayer.maximumTreeDepth` levels (a
/// 100,000-deep chain is refused past it, one message per refusal, in time linear in the chain),
/// and every pass over the model and render trees works at that depth on a thread with the
/// default stack. Before the bound, a 5000-deep chain overflowed the stack in `LayerSnapshot.init`, and
/// building a 100,000-deep one walked every ancestor at every step.
final class DeepTreeTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    private let limit = CALayer.maximumTreeDepth

    /// Levels from `root` down its first sublayers.
    private func chainLength(_ root: CALayer) -> Int {
        var levels = 1, layer = root
        while let next = layer.sublayers?.first { levels += 1; layer = next }
        return levels
    }

    func testAHundredThousandDeepChainIsRefusedPastTheLimit() {
        let root = CALayer()
        var messages: [String] = []
        messages = CGDiagnostics.collecting {
            var parent = root
            for _ in 1..<100_000 {
                let child = CALayer()
                parent.addSublayer(child)
                parent = child
            }
        }
        XCTAssertEqual(chainLength(root), limit, "the chain stops at the limit")
        XCTAssertFalse(messages.isEmpty)
        // Each refused layer starts a chain of its own, refused in turn at the limit.
        XCTAssertEqual(messages.count, 99_999 / limit, "one message per refusal")
        XCTAssertTrue(messages.allSatisfy { $0.contains("more than \(limit) levels deep") && $0.hasSuffix("refused.") }, messages[0])
    }

    func testChainsBuiltBottomUpAndThroughMasksStopAtTheLimitToo() {
        var top = CALayer()
        let bottom = top
        var refused = 0
        let messages = CGDiagnostics.collecting {
            for _ in 1..<3 * limit {
                let parent = CALayer()
                parent.addSublayer(top)
                if top.superlayer === parent { top = parent } else { refused += 1; break }
            }
        }
        XCTAssertEqual(chainLength(top), limit)
        XCTAssertEqual(refused, 1)
        XCTAssertEqual(messages.count, 1)
        XCTAssertTrue(bottom.sublayers == nil)
        // Masks count as levels: a chain of masks under the deepest layer is refused at once.
        let mask = CALayer()
        XCTAssertEqual(CGDiagnostics.collecting { bottom.mask = mask }.count, 1)
        XCTAssertNil(bottom.mask)
        // A mask chain on its own stops at the limit too.
        let owner = CALayer()
        var last = owner
        _ = CGDiagnostics.collecting {
            for _ in 0..<limit + 10 {
                let m = CALayer()
                last.mask = m
                if last.mask === m { last = m }
            }
        }
        var levels = 1, layer = owner
        while let m = layer.mask { levels += 1; layer = m }
        XCTAssertEqual(levels, limit)
        // A cycle is still refused, now by the same walk.
        XCTAssertEqual(CGDiagnostics.collecting { bottom.addSublayer(top) }.first?.contains("cycle"), true)
        XCTAssertEqual(CGDiagnostics.collecting { bottom.addSublayer(bottom) }.first?.contains("cycle"), true)
    }

    /// A chain at the deepest a tree may be, every layer inset by a point inside the last, some
    /// clipping, turned, faded or masked so that the compositor's routes all recurse.
    private func deepestChain() -> (root: CALayer, leaf: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        var layer = root
        for level in 1..<limit {
            let child = CALayer()
            child.frame = CGRect(x: 0.03, y: 0.03, width: 63.9 - 0.06 * CGFloat(level), height: 63.9 - 0.06 * CGFloat(level))
            child.backgroundColor = CGColor(red: CGFloat(level % 7) / 7, green: 0.5, blue: 0.5, alpha: 1)
            switch level % 25 {
            case 5: child.masksToBounds = true
            case 10: child.opacity = 0.9
            case 15: child.transform = CATransform3DMakeRotation(0.001, 0, 0, 1)
            case 20:
                let mask = CALayer()
                mask.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
                mask.cornerRadius = 4
                mask.backgroundColor = CGColor(gray: 0, alpha: 1)
                child.mask = mask
            default: break
            }
            layer.addSublayer(child)
            layer = child
        }
        return (root, layer)
    }

    /// Runs `body` on a thread with a stack of `bytes` and waits for it.
    private func onThread(stack bytes: Int, _ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread { body(); done.signal() }
        thread.stackSize = bytes
        thread.start()
        done.wait()
    }

    func testEveryPassWorksAtTheDeepestTreeOnAThreadsDefaultStack() throws {
        let (root, leaf) = deepestChain()
        XCTAssertEqual(chainLength(root), limit)
        nonisolated(unsafe) let tree = root, deepest = leaf
        let depth = limit
        nonisolated(unsafe) var results: [String: Bool] = [:]
        onThread(stack: Self.stack) {
            tree.setNeedsLayout()
            tree.layoutIfNeeded()
            tree.setNeedsDisplay()
            tree.displayIfNeeded()
            results["hit"] = tree.hitTest(CGPoint(x: 30, y: 30)) === deepest
            results["converted"] = deepest.convert(CGPoint.zero, to: nil).x.isFinite
            let renderTree = RenderTree(tree)!
            let target = CGContext(data: nil, width: 64, height: 64, bitsPerComponent: 8, bytesPerRow: 0,
                                   space: CGColorSpaceCreateDeviceRGB(),
                                   bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
            let compositor = Compositor(threads: 1, debug: [])
            results["composited"] = compositor.composite(renderTree, atMediaTime: CACurrentMediaTime(), scale: 1, into: target) != nil
            let renderer = CARenderer(size: CGSize(width: 64, height: 64))
            renderer.layer = tree
            results["rendered"] = renderer.makeImage() != nil
            let dump = LayerTreeDump(tree)
            results["dumped"] = dump.text.split(separator: "\n").count >= depth && !dump.json.isEmpty
            results["presented"] = tree.presentation() != nil
        }
        XCTAssertEqual(results, ["hit": true, "converted": true, "composited": true, "rendered": true, "dumped": true, "presented": true])
    }

    /// The stack the passes get in the test: Linux's default for a thread (the main thread's
    /// too). The compositor's placement takes the most, about 20 KB a level in a debug build
    /// (a few in release); a window's render thread has 32 MB.
    static let stack = 8 << 20
}
