import XCTest
@testable import UIKit

/// View controllers' callbacks in UIKit's order: loading, appearance through the window, the
/// layout brackets, containment and modal presentation.
final class UIViewControllerTests: XCTestCase {
    /// Logs its callbacks into a shared log as "name callback".
    @MainActor final class Logging: UIViewController {
        let name: String
        let log: Log
        init(_ name: String, _ log: Log) {
            self.name = name
            self.log = log
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { fatalError() }
        override func loadView() { log.add("\(name) loadView"); view = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50)) }
        override func viewDidLoad() { log.add("\(name) viewDidLoad") }
        override func viewWillAppear(_ animated: Bool) { log.add("\(name) viewWillAppear") }
        override func viewDidAppear(_ animated: Bool) { log.add("\(name) viewDidAppear") }
        override func viewWillDisappear(_ animated: Bool) { log.add("\(name) viewWillDisappear") }
        override func viewDidDisappear(_ animated: Bool) { log.add("\(name) viewDidDisappear") }
        override func viewWillLayoutSubviews() { log.add("\(name) viewWillLayoutSubviews") }
        override func viewDidLayoutSubviews() { log.add("\(name) viewDidLayoutSubviews") }
        override func willMove(toParent parent: UIViewController?) {
            super.willMove(toParent: parent)
            log.add("\(name) willMove(toParent: \(parent.map { ($0 as! Logging).name } ?? "nil"))")
        }
        override func didMove(toParent parent: UIViewController?) {
            super.didMove(toParent: parent)
            log.add("\(name) didMove(toParent: \(parent.map { ($0 as! Logging).name } ?? "nil"))")
        }
    }

    @MainActor final class Log {
        var entries: [String] = []
        func add(_ entry: String) { entries.append(entry) }
        /// The entries since the last call, without the layout ones.
        func take(layout: Bool = false) -> [String] {
            defer { entries = [] }
            return layout ? entries : entries.filter { !$0.contains("Layout") }
        }
    }

    @MainActor final class LayoutLogging: UIView {
        var log: Log?
        override func layoutSubviews() { log?.add("view layoutSubviews") }
    }

    func testTheViewLoadsOnFirstUseOnce() {
        MainActor.assumeIsolated {
            let log = Log()
            let controller = Logging("a", log)
            XCTAssertFalse(controller.isViewLoaded)
            XCTAssertNil(controller.viewIfLoaded)
            _ = controller.view
            _ = controller.view
            XCTAssertTrue(controller.isViewLoaded)
            XCTAssertEqual(log.take(), ["a loadView", "a viewDidLoad"])
            XCTAssertTrue(controller.view.next === controller, "a root view's next responder is its view controller")
        }
    }

    func testAPlainControllerMakesAPlainView() {
        MainActor.assumeIsolated {
            let controller = UIViewController()
            XCTAssertEqual(controller.view.bounds.size, UIScreen.main.bounds.size)
            XCTAssertEqual(controller.modalPresentationStyle, .automatic)
            XCTAssertEqual(controller.modalTransitionStyle, .coverVertical)
        }
    }

    func testTheRootViewControllerAppearsWhenTheWindowIsShown() {
        MainActor.assumeIsolated {
            let log = Log()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
            let root = Logging("root", log)
            window.rootViewController = root
            XCTAssertEqual(log.take(), [], "a hidden window loads nothing")
            window.makeKeyAndVisible()
            XCTAssertEqual(log.take(), ["root loadView", "root viewDidLoad", "root viewWillAppear", "root viewDidAppear"])
            XCTAssertTrue(root.view.superview === window)
            XCTAssertEqual(root.view.frame, window.bounds, "the root view fills the window")
            XCTAssertTrue(root.next === window)
            window.frame = CGRect(x: 0, y: 0, width: 400, height: 250)
            XCTAssertEqual(root.view.frame.size, CGSize(width: 400, height: 250), "and resizes with it")
            window.isHidden = true
            XCTAssertEqual(log.take(), ["root viewWillDisappear", "root viewDidDisappear"])
            window.isHidden = false
            XCTAssertEqual(log.take(), ["root viewWillAppear", "root viewDidAppear"])
        }
    }

    func testReplacingTheRootViewControllerSwapsTheirAppearance() {
        MainActor.assumeIsolated {
            let log = Log()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
            window.rootViewController = Logging("a", log)
            window.makeKeyAndVisible()
            _ = log.take()
            window.rootViewController = Logging("b", log)
            XCTAssertEqual(log.take(), ["a viewWillDisappear", "a viewDidDisappear", "b loadView", "b viewDidLoad",
                                        "b viewWillAppear", "b viewDidAppear"])
        }
    }

    func testLayoutIsBracketedByTheControllersCallbacks() {
        MainActor.assumeIsolated {
            let log = Log()
            let controller = Logging("c", log)
            let view = LayoutLogging(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            view.log = log
            controller.view = view
            _ = log.take()
            view.setNeedsLayout()
            view.layoutIfNeeded()
            XCTAssertEqual(log.take(layout: true), ["c viewWillLayoutSubviews", "view layoutSubviews", "c viewDidLayoutSubviews"])
        }
    }

    func testContainmentCallsWillMoveAndDidMoveAndForwardsAppearance() {
        MainActor.assumeIsolated {
            let log = Log()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
            let parent = Logging("parent", log)
            window.rootViewController = parent
            window.makeKeyAndVisible()
            _ = log.take()
            let child = Logging("child", log)
            parent.addChild(child)
            XCTAssertTrue(child.isMovingToParent)
            parent.view.addSubview(child.view)
            child.didMove(toParent: parent)
            XCTAssertFalse(child.isMovingToParent)
            XCTAssertEqual(log.take(), ["child willMove(toParent: parent)", "child loadView", "child viewDidLoad",
                                        "child viewWillAppear", "child viewDidAppear", "child didMove(toParent: parent)"])
            XCTAssertTrue(child.parent === parent)
            XCTAssertEqual(parent.children.count, 1)
            XCTAssertTrue(child.next === parent.view, "a child's next responder is its view's superview")

            // The parent's appearance reaches the child after the parent's own.
            window.isHidden = true
            XCTAssertEqual(log.take(), ["parent viewWillDisappear", "child viewWillDisappear",
                                        "parent viewDidDisappear", "child viewDidDisappear"])
            window.isHidden = false
            _ = log.take()

            child.willMove(toParent: nil)
            XCTAssertTrue(child.isMovingFromParent)
            child.view.removeFromSuperview()
            child.removeFromParent()
            XCTAssertEqual(log.take(), ["child willMove(toParent: nil)", "child viewWillDisappear", "child viewDidDisappear",
                                        "child didMove(toParent: nil)"])
            XCTAssertNil(child.parent)
            XCTAssertTrue(parent.children.isEmpty)
            XCTAssertFalse(child.isMovingFromParent)
        }
    }

    func testAddingAChildThatHasAParentMovesIt() {
        MainActor.assumeIsolated {
            let log = Log()
            let a = Logging("a", log), b = Logging("b", log), child = Logging("child", log)
            a.addChild(child)
            child.didMove(toParent: a)
            b.addChild(child)
            XCTAssertTrue(child.parent === b)
            XCTAssertTrue(a.children.isEmpty)
            XCTAssertEqual(log.take(), ["child willMove(toParent: a)", "child didMove(toParent: a)",
                                        "child didMove(toParent: nil)", "child willMove(toParent: b)"])
        }
    }

    func testPresentingWithoutAnimationRunsTheCallbacksInUIKitsOrder() {
        MainActor.assumeIsolated {
            let log = Log()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
            let first = Logging("first", log), second = Logging("second", log)
            window.rootViewController = first
            window.makeKeyAndVisible()
            _ = log.take()
            var completed = false
            first.present(second, animated: false) { completed = true; log.add("completion") }
            XCTAssertEqual(log.take(), ["second loadView", "second viewDidLoad", "first viewWillDisappear", "second viewWillAppear",
                                        "first viewDidDisappear", "second viewDidAppear", "completion"])
            XCTAssertTrue(completed)
            XCTAssertTrue(first.presentedViewController === second)
            XCTAssertTrue(second.presentingViewController === first)
            XCTAssertTrue(second.view.superview === window)
            XCTAssertEqual(second.view.frame, window.bounds)
            XCTAssertNil(first.view.superview, "a full-screen presentation takes the covered view out")
            XCTAssertTrue(second.next === first)
            XCTAssertTrue(first.next === window, "the covered controller's chain still reaches the window")

            // A second presentation from the same controller is refused.
            first.present(Logging("third", log), animated: false)
            XCTAssertEqual(log.take(), [])

            second.dismiss(animated: false) { log.add("dismissed") }
            XCTAssertEqual(log.take(), ["second viewWillDisappear", "first viewWillAppear", "second viewDidDisappear",
                                        "first viewDidAppear", "dismissed"])
            XCTAssertNil(first.presentedViewController)
            XCTAssertNil(second.presentingViewController)
            XCTAssertTrue(first.view.superview === window)
            XCTAssertNil(second.view.superview)
        }
    }

    func testKeysReachTheViewControllersInTheResponderChain() {
        MainActor.assumeIsolated {
            final class Commanding: UIViewController {
                var ran = 0
                override var keyCommands: [UIKeyCommand]? {
                    [UIKeyCommand(input: "k", modifierFlags: .command) { [unowned self] _ in ran += 1 }]
                }
            }
            final class Focus: UIView { override var canBecomeFirstResponder: Bool { true } }
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
            let controller = Commanding()
            window.rootViewController = controller
            window.makeKeyAndVisible()
            let focus = Focus(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            controller.view.addSubview(focus)
            XCTAssertTrue(focus.becomeFirstResponder())
            let key = UIKey(characters: "k", charactersIgnoringModifiers: "k", modifierFlags: .command, keyCode: .keyboardK)
            window.deliverKey(key, phase: .began, code: 45, timestamp: 1)
            window.deliverKey(key, phase: .ended, code: 45, timestamp: 1.1)
            XCTAssertEqual(controller.ran, 1, "the view's controller is on the way from the first responder")
            focus.resignFirstResponder()
        }
    }

    func testOverFullScreenLeavesThePresenterInPlace() {
        MainActor.assumeIsolated {
            let log = Log()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
            let first = Logging("first", log), second = Logging("second", log)
            second.modalPresentationStyle = .overFullScreen
            window.rootViewController = first
            window.makeKeyAndVisible()
            _ = log.take()
            first.present(second, animated: false)
            XCTAssertEqual(log.take(), ["second loadView", "second viewDidLoad", "second viewWillAppear", "second viewDidAppear"])
            XCTAssertTrue(first.view.superview === window)
            first.dismiss(animated: false)
            XCTAssertEqual(log.take(), ["second viewWillDisappear", "second viewDidDisappear"])
        }
    }

    func testAChildPresentsThroughItsRootAndAControllerOutsideAWindowPresentsNothing() {
        MainActor.assumeIsolated {
            let log = Log()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
            let parent = Logging("parent", log), child = Logging("child", log), modal = Logging("modal", log)
            window.rootViewController = parent
            window.makeKeyAndVisible()
            parent.addChild(child)
            parent.view.addSubview(child.view)
            child.didMove(toParent: parent)
            child.present(modal, animated: false)
            XCTAssertTrue(modal.presentingViewController === parent)
            XCTAssertTrue(child.presentedViewController === modal)
            modal.dismiss(animated: false)

            let loose = Logging("loose", log)
            loose.present(Logging("other", log), animated: false)
            XCTAssertNil(loose.presentedViewController)
        }
    }

    func testAnAnimatedPresentationCoversVerticallyAndAppearsAfterTheTransition() {
        MediaClock.setVirtualTime(2000)
        defer { MediaClock.useSystemTime() }
        let done = expectation(description: "presented")
        nonisolated(unsafe) var logAfter: [String] = []
        MainActor.assumeIsolated {
            let log = Log()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
            let first = Logging("first", log), second = Logging("second", log)
            window.rootViewController = first
            window.makeKeyAndVisible()
            CATransaction.flush()
            _ = log.take()
            first.present(second, animated: true) { logAfter = log.take(); done.fulfill() }
            XCTAssertTrue(second.isBeingPresented)
            XCTAssertEqual(log.take(), ["second loadView", "second viewDidLoad", "first viewWillDisappear", "second viewWillAppear"])
            XCTAssertEqual(second.view.frame.origin.y, 0, "the model is at its end")
            XCTAssertNotNil(second.view.layer.animation(forKey: "position"), "and its position animates")
            CATransaction.flush()
            MediaClock.setVirtualTime(2000.25)
            let midway = second.view.layer.presentation()?.position.y ?? -1
            XCTAssertGreaterThan(midway, 100, "halfway the view is still coming up from below")
            XCTAssertLessThan(midway, 300)
            MediaClock.setVirtualTime(2000.6)
            CATransaction.flush()
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(logAfter, ["first viewDidDisappear", "second viewDidAppear"])
    }
}
