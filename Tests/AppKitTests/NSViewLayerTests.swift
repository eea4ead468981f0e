import XCTest
import AppKit

/// Layer-backed and layer-hosting views: who makes the layer, who draws it, how it is redrawn,
/// and that it does not animate implicitly.
final class NSViewLayerTests: XCTestCase {
    final class Counting: NSView {
        var draws = 0
        override func draw(_ dirtyRect: NSRect) {
            draws += 1
            NSColor.blue.setFill()
            dirtyRect.fill()
        }
    }

    final class Gradient: NSView {
        override func makeBackingLayer() -> CALayer { CAGradientLayer() }
    }

    func testWantsLayerMakesTheBackingLayerThroughMakeBackingLayer() {
        onMain {
            let view = Gradient(frame: NSRect(x: 0, y: 0, width: 20, height: 10))
            XCTAssertNil(view.layer, "no layer until the view wants one")
            view.wantsLayer = true
            XCTAssertTrue(view.layer is CAGradientLayer)
            XCTAssertTrue(view.layer?.delegate === view, "AppKit manages a backing layer")
            XCTAssertEqual(view.layerContentsRedrawPolicy, .duringViewResize)
            XCTAssertEqual(view.layer?.bounds.size, NSSize(width: 20, height: 10))
            view.wantsLayer = false
            XCTAssertNil(view.layer, "no longer layer-backed")
            view.wantsLayer = true
            XCTAssertTrue(view.layer is CAGradientLayer, "a new backing layer")
        }
    }

    func testALayerSetBeforeWantsLayerMakesTheViewLayerHosting() {
        onMain {
            let view = Counting(frame: NSRect(x: 0, y: 0, width: 20, height: 10))
            let drawsBefore = view.draws                       // AppKit's look at whether the class draws
            let hosted = CALayer()
            view.layer = hosted
            view.wantsLayer = true
            XCTAssertTrue(view.layer === hosted)
            XCTAssertNil(hosted.delegate, "the app keeps its layer's delegate")
            XCTAssertEqual(view.layerContentsRedrawPolicy, .never)
            view.needsDisplay = true
            view.displayIfNeeded()
            XCTAssertNil(hosted.contents, "AppKit leaves a hosted layer's contents alone")
            XCTAssertEqual(view.draws, drawsBefore)
            view.setFrameSize(NSSize(width: 40, height: 30))
            XCTAssertEqual(hosted.bounds.size, NSSize(width: 40, height: 30), "its geometry follows the view")
        }
    }

    func testRedrawPoliciesOnResize() {
        onMain {
            @MainActor func draws(after policy: NSView.LayerContentsRedrawPolicy) -> (resize: Int, mark: Int) {
                let view = Counting(frame: NSRect(x: 0, y: 0, width: 20, height: 20))
                view.wantsLayer = true
                view.layerContentsRedrawPolicy = policy
                view.displayIfNeeded()
                let first = view.draws
                view.setFrameSize(NSSize(width: 40, height: 40))
                view.displayIfNeeded()
                let resize = view.draws - first
                view.needsDisplay = true
                view.displayIfNeeded()
                return (resize, view.draws - first - resize)
            }
            XCTAssertEqual(draws(after: .never).resize, 0)
            XCTAssertEqual(draws(after: .never).mark, 0)
            XCTAssertEqual(draws(after: .onSetNeedsDisplay).resize, 0)
            XCTAssertEqual(draws(after: .onSetNeedsDisplay).mark, 1)
            XCTAssertEqual(draws(after: .duringViewResize).resize, 1)
            XCTAssertEqual(draws(after: .beforeViewResize).resize, 1)
            XCTAssertEqual(draws(after: .crossfade).resize, 1)
            XCTAssertEqual(draws(after: .crossfade).mark, 1)
        }
    }

    func testPlacementIsTheLayersGravityAsSeen() {
        onMain {
            let view = NSView(frame: NSRect(x: 0, y: 0, width: 20, height: 20))
            view.wantsLayer = true
            XCTAssertEqual(view.layerContentsPlacement, .scaleAxesIndependently)
            XCTAssertEqual(view.layer?.contentsGravity, .resize)
            view.layerContentsPlacement = .topLeft
            XCTAssertEqual(view.layer?.contentsGravity, .topLeft, "a layer whose geometry is flipped names what is seen")
            view.layerContentsPlacement = .scaleProportionallyToFit
            XCTAssertEqual(view.layer?.contentsGravity, .resizeAspect)
        }
    }

    func testUpdateLayerReplacesDrawing() {
        final class Updating: NSView {
            var updates = 0
            override var wantsUpdateLayer: Bool { true }
            override func updateLayer() {
                updates += 1
                layer?.backgroundColor = NSColor.green.cgColor
            }
        }
        onMain {
            let view = Updating(frame: NSRect(x: 0, y: 0, width: 10, height: 10))
            view.wantsLayer = true
            view.displayIfNeeded()
            XCTAssertEqual(view.updates, 1)
            view.needsDisplay = true
            XCTAssertTrue(view.needsDisplay)
            view.displayIfNeeded()
            XCTAssertEqual(view.updates, 2)
            XCTAssertFalse(view.needsDisplay)
            XCTAssertNil(view.layer?.contents, "updateLayer, not draw(_:), gave the layer its look")
        }
    }

    func testNoImplicitAnimationOutsideAnimationContexts() {
        onMain {
            let view = NSView(frame: NSRect(x: 0, y: 0, width: 10, height: 10))
            view.wantsLayer = true
            let window = offscreenWindow(NSSize(width: 100, height: 100), with: [view])
            window.displayIfNeeded()
            CATransaction.flush()
            view.frame = NSRect(x: 50, y: 50, width: 20, height: 20)
            view.alphaValue = 0.5
            view.layer?.backgroundColor = NSColor.red.cgColor
            XCTAssertEqual(view.layer?.animationKeys() ?? [], [], "the view answers NSNull for its layer's actions")
            XCTAssertNil(view.layer?.action(forKey: "opacity") as? CAAnimation)
        }
    }

    func testTheAnimatorAnimatesFromWhereTheViewIs() throws {
        onMain {
            let view = NSView(frame: NSRect(x: 0, y: 0, width: 10, height: 10))
            view.wantsLayer = true
            _ = offscreenWindow(NSSize(width: 100, height: 100), with: [view])
            CATransaction.flush()
            NSAnimationContext.runAnimationGroup({ context in
                context.duration = 0.5
                context.timingFunction = CAMediaTimingFunction(name: .easeOut)
                view.animator().frame = NSRect(x: 40, y: 0, width: 10, height: 10)
                view.animator().alphaValue = 0.25
            })
            XCTAssertEqual(view.frame.origin.x, 40, "the model value is the new one at once")
            let position = view.layer?.animation(forKey: "position") as? CABasicAnimation
            XCTAssertEqual(position?.duration, 0.5)
            XCTAssertEqual(position?.timingFunction, CAMediaTimingFunction(name: .easeOut))
            XCTAssertEqual((position?.fromValue as? NSValue)?.pointValue.x, 5)
            XCTAssertEqual((view.layer?.animation(forKey: "opacity") as? CABasicAnimation)?.toValue as? Float, 0.25)
            view.frame = NSRect(x: 60, y: 0, width: 10, height: 10)
            XCTAssertNil(view.layer?.animation(forKey: "bounds"), "without animator() the next change does not animate")
        }
    }

    func testImplicitAnimationWhenTheGroupAllowsIt() {
        onMain {
            let view = NSView(frame: NSRect(x: 0, y: 0, width: 10, height: 10))
            view.wantsLayer = true
            _ = offscreenWindow(NSSize(width: 100, height: 100), with: [view])
            CATransaction.flush()
            NSAnimationContext.runAnimationGroup { context in
                context.duration = 0.3
                context.allowsImplicitAnimation = true
                view.alphaValue = 0.5
                view.layer?.cornerRadius = 4
            }
            XCTAssertEqual(view.layer?.animation(forKey: "opacity")?.duration, 0.3)
            XCTAssertEqual(view.layer?.animation(forKey: "cornerRadius")?.duration, 0.3, "the layer's own properties animate too")
            XCTAssertEqual(NSAnimationContext.current.duration, 0.25, "outside groups the default")
        }
    }

    func testTheGroupsCompletionHandlerRunsWhenItsAnimationsEnd() {
        let done = expectation(description: "completion")
        nonisolated(unsafe) var calls = 0
        MediaClock.setVirtualTime(500)
        defer { MediaClock.useSystemTime() }
        onMain {
            let view = NSView(frame: NSRect(x: 0, y: 0, width: 10, height: 10))
            view.wantsLayer = true
            _ = offscreenWindow(NSSize(width: 100, height: 100), with: [view])
            CATransaction.flush()
            NSAnimationContext.runAnimationGroup({ context in
                context.duration = 0.2
                view.animator().alphaValue = 0
            }, completionHandler: {
                calls += 1
                done.fulfill()
            })
            CATransaction.flush()
            XCTAssertEqual(calls, 0)
            MediaClock.setVirtualTime(500.3)
            CATransaction.flush()
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(calls, 1)
    }

    /// Blue with a red band along its top 10 points.
    final class Banded: NSView {
        override func draw(_ dirtyRect: NSRect) {
            NSColor.blue.setFill()
            bounds.fill()
            NSColor.red.setFill()
            NSRect(x: 0, y: bounds.maxY - 10, width: bounds.width, height: 10).fill()
        }
    }

    func testTheOldContentsArePlacedAsThePlacementSaysWhileNotRedrawn() throws {
        try onMain {
            for (placement, redBand, blueBody, empty) in [(NSView.LayerContentsPlacement.topLeft, (20, 5), (20, 30), (60, 60)),
                                                         (.bottomLeft, (20, 45), (20, 70), (20, 20)),
                                                         (.scaleAxesIndependently, (60, 15), (60, 60), (200, 200))] {
                let view = Banded(frame: NSRect(x: 0, y: 0, width: 40, height: 40))
                view.wantsLayer = true
                view.layerContentsRedrawPolicy = .onSetNeedsDisplay
                view.layerContentsPlacement = placement
                let window = offscreenWindow(NSSize(width: 80, height: 80), with: [view])
                _ = window.capture()
                view.setFrameSize(NSSize(width: 80, height: 80))
                let image = try XCTUnwrap(window.capture())
                XCTAssertTrue(close(rgb(image, redBand.0, redBand.1), red), "\(placement): \(rgb(image, redBand.0, redBand.1))")
                XCTAssertTrue(close(rgb(image, blueBody.0, blueBody.1), blue), "\(placement)")
                if empty.0 < 80 { XCTAssertTrue(close(rgb(image, empty.0, empty.1), white), "\(placement): uncovered") }
            }
        }
    }

    /// `.duringViewResize` in an animation: AppKit sets the frame and redraws at each display
    /// frame (here at media times the test sets), and the group completes after the last step.
    func testAnAnimatedResizeDuringViewResizeRedrawsAtEachStep() {
        let done = expectation(description: "completion")
        MediaClock.setVirtualTime(2000)
        defer { MediaClock.useSystemTime() }
        nonisolated(unsafe) var view: Counting!
        nonisolated(unsafe) var completed = false
        onMain {
            view = Counting(frame: NSRect(x: 0, y: 0, width: 40, height: 40))
            view.wantsLayer = true
            _ = offscreenWindow(NSSize(width: 100, height: 100), with: [view])
            view.displayIfNeeded()
            CATransaction.flush()
            NSAnimationContext.runAnimationGroup({ context in
                context.duration = 1
                view.animator().setFrameSize(NSSize(width: 80, height: 60))
            }, completionHandler: { completed = true; done.fulfill() })
            XCTAssertEqual(view.frame.size, NSSize(width: 40, height: 40), "the resize goes step by step")
            XCTAssertNil(view.layer?.animation(forKey: "bounds"), "not Core Animation's stretch of the old contents")
        }
        func spin(until condition: @MainActor () -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(5)
            while Date() < deadline {
                if MainActor.assumeIsolated({ condition() }) { return true }
                RunLoop.main.run(until: Date().addingTimeInterval(0.01))
            }
            return false
        }
        MediaClock.setVirtualTime(2000.5)
        XCTAssertTrue(spin { view.frame.size == NSSize(width: 60, height: 50) }, "halfway (linear)")
        let drawsHalfway = MainActor.assumeIsolated { () -> Int in view.displayIfNeeded(); CATransaction.flush(); return view.draws }
        XCTAssertFalse(completed, "the group is not over halfway through")
        MediaClock.setVirtualTime(2001.5)
        XCTAssertTrue(spin { view.frame.size == NSSize(width: 80, height: 60) }, "the end")
        MainActor.assumeIsolated {
            view.displayIfNeeded()
            XCTAssertGreaterThan(view.draws, drawsHalfway, "redrawn at the new size")
            CATransaction.flush()
        }
        wait(for: [done], timeout: 5)
    }
}
