import XCTest
import UIKit

final class UIViewHitTestingTests: XCTestCase {
    /// A window with two views side by side, the front one holding a third.
    @MainActor static func tree() -> (window: UIWindow, back: UIView, front: UIView, inner: UIView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.makeKeyAndVisible()
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let front = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        let inner = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        window.addSubview(back)
        window.addSubview(front)
        front.addSubview(inner)
        return (window, back, front, inner)
    }

    func testTheFrontmostDeepestViewIsHit() {
        MainActor.assumeIsolated {
            let (window, back, front, inner) = Self.tree()
            _ = (back, inner)
            XCTAssertTrue(window.hitTest(CGPoint(x: 65, y: 65), with: nil) === inner)
            XCTAssertTrue(window.hitTest(CGPoint(x: 100, y: 100), with: nil) === front, "front is searched before back")
            XCTAssertTrue(window.hitTest(CGPoint(x: 20, y: 20), with: nil) === back)
            XCTAssertTrue(window.hitTest(CGPoint(x: 250, y: 250), with: nil) === window)
            XCTAssertNil(window.hitTest(CGPoint(x: 350, y: 10), with: nil), "outside the window")
        }
    }

    func testHiddenTransparentAndDisabledViewsAreSkipped() {
        MainActor.assumeIsolated {
            let (window, back, front, inner) = Self.tree()
            _ = (back, inner)
            front.isHidden = true
            XCTAssertTrue(window.hitTest(CGPoint(x: 65, y: 65), with: nil) === back)
            front.isHidden = false
            front.alpha = 0.009
            XCTAssertTrue(window.hitTest(CGPoint(x: 65, y: 65), with: nil) === back, "alpha below 0.01")
            front.alpha = 0.011                             // (0.01 itself is 0.00999… as the layer's Float)
            XCTAssertTrue(window.hitTest(CGPoint(x: 65, y: 65), with: nil) === inner)
            front.isUserInteractionEnabled = false
            XCTAssertTrue(window.hitTest(CGPoint(x: 65, y: 65), with: nil) === back, "its subviews are skipped too")
        }
    }

    func testSubviewsOutsideTheBoundsAreNotHit() {
        MainActor.assumeIsolated {
            let (window, back, front, inner) = Self.tree()
            _ = (back, inner)
            let outside = UIView(frame: CGRect(x: 120, y: 0, width: 50, height: 50))   // past front's right edge
            front.addSubview(outside)
            XCTAssertFalse(front.clipsToBounds)
            XCTAssertTrue(window.hitTest(CGPoint(x: 180, y: 60), with: nil) === back)
        }
    }

    func testPointInsideDecides() {
        MainActor.assumeIsolated {
            let (window, back, front, inner) = Self.tree()
            _ = (back, inner)
            final class Wide: UIView {
                override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
                    bounds.insetBy(dx: -20, dy: -20).contains(point)
                }
            }
            let wide = Wide(frame: CGRect(x: 250, y: 250, width: 10, height: 10))
            window.addSubview(wide)
            XCTAssertTrue(window.hitTest(CGPoint(x: 240, y: 240), with: nil) === wide)
            XCTAssertTrue(front.point(inside: CGPoint(x: 99, y: 99), with: nil))
            XCTAssertFalse(front.point(inside: CGPoint(x: 100, y: 100), with: nil))
        }
    }

    func testTransformedViewsAreHitWhereTheyAreDrawn() {
        MainActor.assumeIsolated {
            let (window, back, front, inner) = Self.tree()
            _ = (back, inner)
            front.transform = CGAffineTransform(translationX: 100, y: 0)
            XCTAssertTrue(window.hitTest(CGPoint(x: 165, y: 65), with: nil) === inner)
            XCTAssertTrue(window.hitTest(CGPoint(x: 65, y: 65), with: nil) === back)
        }
    }
}
