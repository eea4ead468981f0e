import XCTest
import UIKit

/// A view that logs its hierarchy callbacks into a shared list.
@MainActor
final class LoggingView: UIView {
    var name = ""
    var log: (String) -> Void = { _ in }
    override func willMove(toSuperview newSuperview: UIView?) { log("\(name) willMove(toSuperview: \(newSuperview == nil ? "nil" : "view"))") }
    override func didMoveToSuperview() { log("\(name) didMoveToSuperview") }
    override func willMove(toWindow newWindow: UIWindow?) { log("\(name) willMove(toWindow: \(newWindow == nil ? "nil" : "window"))") }
    override func didMoveToWindow() { log("\(name) didMoveToWindow") }
    override func didAddSubview(_ subview: UIView) { log("\(name) didAddSubview(\((subview as? LoggingView)?.name ?? "?"))") }
    override func willRemoveSubview(_ subview: UIView) { log("\(name) willRemoveSubview(\((subview as? LoggingView)?.name ?? "?"))") }
    override func layoutSubviews() { log("\(name) layoutSubviews") }
}

/// The callbacks views made by `view(_:_:)` heard, in order.
@MainActor
final class CallLog {
    var entries: [String] = []

    func view(_ name: String, _ frame: CGRect = .zero) -> LoggingView {
        let view = LoggingView(frame: frame)
        view.name = name
        view.log = { [unowned self] in self.entries.append($0) }
        return view
    }
}

final class UIViewHierarchyTests: XCTestCase {
    func testSubviewsAndLayersKeepTheSameOrder() {
        MainActor.assumeIsolated {
            let root = UIView(), a = UIView(), b = UIView(), c = UIView(), d = UIView()
            root.addSubview(a)
            root.addSubview(b)
            root.insertSubview(c, at: 0)
            root.insertSubview(d, aboveSubview: c)
            XCTAssertEqual(root.subviews, [c, d, a, b])
            root.insertSubview(b, belowSubview: c)
            XCTAssertEqual(root.subviews, [b, c, d, a])
            root.bringSubviewToFront(b)
            XCTAssertEqual(root.subviews, [c, d, a, b])
            root.sendSubviewToBack(a)
            XCTAssertEqual(root.subviews, [a, c, d, b])
            root.exchangeSubview(at: 0, withSubviewAt: 3)
            XCTAssertEqual(root.subviews, [b, c, d, a])
            XCTAssertEqual(root.layer.sublayers?.map(ObjectIdentifier.init), root.subviews.map { ObjectIdentifier($0.layer) })
            d.removeFromSuperview()
            XCTAssertNil(d.superview)
            XCTAssertNil(d.layer.superlayer)
            XCTAssertEqual(root.subviews, [b, c, a])
            XCTAssertTrue(a.superview === root)
            XCTAssertTrue(a.next === root, "the next responder is the superview")
        }
    }

    func testAddingToAnotherSuperviewMovesTheView() {
        MainActor.assumeIsolated {
            let one = UIView(), two = UIView(), child = UIView()
            one.addSubview(child)
            two.addSubview(child)
            XCTAssertTrue(one.subviews.isEmpty)
            XCTAssertTrue(two.subviews == [child])
            XCTAssertTrue(child.isDescendant(of: two))
            XCTAssertFalse(child.isDescendant(of: one))
        }
    }

    func testSublayersThatAreNoSubviewsKeepTheirPlaces() {
        MainActor.assumeIsolated {
            let root = UIView(), a = UIView(), b = UIView()
            let decoration = CALayer()
            root.layer.addSublayer(decoration)
            root.addSubview(a)
            root.insertSubview(b, at: 0)
            XCTAssertTrue(root.layer.sublayers?[0] === decoration)
            XCTAssertTrue(root.layer.sublayers?[1] === b.layer)
            XCTAssertTrue(root.layer.sublayers?[2] === a.layer)
        }
    }

    func testCallbackOrderWhenAddedToAViewInAWindow() {
        MainActor.assumeIsolated {
            let calls = CallLog()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.makeKeyAndVisible()
            let parent = calls.view("parent"), child = calls.view("child"), grandchild = calls.view("grandchild")
            window.addSubview(parent)
            child.addSubview(grandchild)
            calls.entries = []
            parent.addSubview(child)
            XCTAssertEqual(calls.entries, [
                "child willMove(toSuperview: view)",
                "child willMove(toWindow: window)", "grandchild willMove(toWindow: window)",
                "child didMoveToWindow", "grandchild didMoveToWindow",
                "child didMoveToSuperview",
                "parent didAddSubview(child)",
            ])
            XCTAssertTrue(grandchild.window === window)
            calls.entries = []
            child.removeFromSuperview()
            XCTAssertEqual(calls.entries, [
                "parent willRemoveSubview(child)",
                "child willMove(toSuperview: nil)",
                "child willMove(toWindow: nil)", "grandchild willMove(toWindow: nil)",
                "child didMoveToWindow", "grandchild didMoveToWindow",
                "child didMoveToSuperview",
            ])
            XCTAssertNil(grandchild.window)
        }
    }

    func testNoWindowCallbacksOutsideAWindow() {
        MainActor.assumeIsolated {
            let calls = CallLog()
            let parent = calls.view("parent"), child = calls.view("child")
            parent.addSubview(child)
            XCTAssertEqual(calls.entries, ["child willMove(toSuperview: view)", "child didMoveToSuperview", "parent didAddSubview(child)"])
        }
    }

    func testAViewCannotContainItself() {
        MainActor.assumeIsolated {
            let a = UIView(), b = UIView()
            a.addSubview(b)
            b.addSubview(a)
            XCTAssertNil(a.superview)
            a.addSubview(a)
            XCTAssertEqual(a.subviews, [b])
        }
    }

    // MARK: Layout

    func testLayoutRunsInTheLayersPassSuperviewsFirst() {
        MainActor.assumeIsolated {
            let calls = CallLog()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.makeKeyAndVisible()
            let parent = calls.view("parent", CGRect(x: 0, y: 0, width: 50, height: 50))
            let child = calls.view("child", CGRect(x: 0, y: 0, width: 10, height: 10))
            window.addSubview(parent)
            parent.addSubview(child)
            window.layoutIfNeeded()
            calls.entries = []
            child.setNeedsLayout()
            parent.setNeedsLayout()
            XCTAssertEqual(calls.entries, [], "setNeedsLayout only marks")
            window.layoutIfNeeded()
            XCTAssertEqual(calls.entries, ["parent layoutSubviews", "child layoutSubviews"])
            calls.entries = []
            window.layoutIfNeeded()
            XCTAssertEqual(calls.entries, [], "nothing pending")
            child.frame.origin = CGPoint(x: 5, y: 5)
            window.layoutIfNeeded()
            XCTAssertEqual(calls.entries, [], "a move without a size change lays nothing out")
            child.frame.size = CGSize(width: 20, height: 20)
            window.layoutIfNeeded()
            XCTAssertEqual(calls.entries, ["child layoutSubviews"], "a size change lays the view out")
        }
    }

    func testLayoutHappensAtTheCommit() {
        MainActor.assumeIsolated {
            let calls = CallLog()
            let parent = calls.view("parent", CGRect(x: 0, y: 0, width: 50, height: 50))
            parent.setNeedsLayout()
            CATransaction.flush()
            XCTAssertEqual(calls.entries, ["parent layoutSubviews"])
        }
    }

    func testAddingASubviewMarksTheSuperviewForLayout() {
        MainActor.assumeIsolated {
            let calls = CallLog()
            let parent = calls.view("parent", CGRect(x: 0, y: 0, width: 50, height: 50))
            parent.layoutIfNeeded()
            calls.entries = []
            parent.addSubview(UIView())
            parent.layoutIfNeeded()
            XCTAssertTrue(calls.entries.contains("parent layoutSubviews"))
        }
    }

    // MARK: Autoresizing

    func testAutoresizingSharesTheChangeInProportion() {
        MainActor.assumeIsolated {
            let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let fixedRight = UIView(frame: CGRect(x: 10, y: 20, width: 50, height: 40))
            fixedRight.autoresizingMask = [.flexibleLeftMargin, .flexibleBottomMargin]
            let width = UIView(frame: CGRect(x: 10, y: 20, width: 50, height: 40))
            width.autoresizingMask = [.flexibleWidth]
            let both = UIView(frame: CGRect(x: 10, y: 20, width: 50, height: 40))
            both.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth, .flexibleHeight]
            let all = UIView(frame: CGRect(x: 10, y: 20, width: 50, height: 40))
            all.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin]
            let none = UIView(frame: CGRect(x: 10, y: 20, width: 50, height: 40))
            for v in [fixedRight, width, both, all, none] { parent.addSubview(v) }

            parent.frame = CGRect(x: 0, y: 0, width: 200, height: 300)
            XCTAssertEqual(fixedRight.frame, CGRect(x: 110, y: 20, width: 50, height: 40), "keeps its right and top margins")
            XCTAssertEqual(width.frame, CGRect(x: 10, y: 20, width: 150, height: 40))
            // Left margin 10 and width 50 share 100 as 10 : 50; the height takes all 200.
            XCTAssertEqual(both.frame.minX, 10 + 100 * 10 / 60, accuracy: 1e-9)
            XCTAssertEqual(both.frame.width, 50 + 100 * 50 / 60, accuracy: 1e-9)
            XCTAssertEqual(both.frame.height, 240, accuracy: 1e-9)
            // 10 : 50 : 40 of 100.
            XCTAssertEqual(all.frame.minX, 20, accuracy: 1e-9)
            XCTAssertEqual(all.frame.width, 100, accuracy: 1e-9)
            XCTAssertEqual(none.frame, CGRect(x: 10, y: 20, width: 50, height: 40))
        }
    }

    func testAutoresizesSubviewsFalseStopsIt() {
        MainActor.assumeIsolated {
            let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let child = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            child.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            parent.addSubview(child)
            parent.autoresizesSubviews = false
            parent.bounds.size = CGSize(width: 50, height: 50)
            XCTAssertEqual(child.frame.size, CGSize(width: 100, height: 100))
            parent.autoresizesSubviews = true
            parent.bounds.size = CGSize(width: 80, height: 60)
            XCTAssertEqual(child.frame.size, CGSize(width: 130, height: 110))
        }
    }
}
