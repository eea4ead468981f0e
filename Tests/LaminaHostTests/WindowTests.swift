import XCTest
@testable import LaminaHost
import CX11
import LaminaTesting

/// End to end under an X server (scripts/test starts Xvfb): a real window, real pointer input
/// through xdotool, a real capture of what the window shows. (XCTest on Linux cannot run
/// `@MainActor` test classes; the tests run on the main thread and say so.)
final class WindowTests: XCTestCase {
    @MainActor final class Board: HostingView {
        var downs: [PointerEvent] = []
        var hits: [CALayer?] = []
        var layouts = 0
        override func mouseDown(with event: PointerEvent) {
            downs.append(event)
            hits.append(layer.hitTest(event.location))
        }
        override func layout() { layouts += 1 }
    }

    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    func requireDisplay() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            throw XCTSkip("needs an X display: scripts/test runs these under Xvfb")
        }
    }

    func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        let pixels = SnapshotComparison.rgba(image)
        let i = (y * image.width + x) * 4
        return Array(pixels[i..<i + 4])
    }

    func xdotool(_ arguments: String...) throws {
        let run = try ToolRun(URL(fileURLWithPath: "/usr/bin/xdotool"), arguments, timeout: 30)
        XCTAssertEqual(run.status, 0, "xdotool \(arguments): \(run.output)")
    }

    @MainActor func showBoard(_ board: Board, size: CGSize = CGSize(width: 200, height: 150)) throws -> LaminaHost.Window {
        let window = try LaminaHost.Window(checkedTitle: "Lamina test", size: size)
        window.contentView = board
        window.show()
        XCTAssertTrue(window.isVisible)
        return window
    }

    /// A blue layer at `frame` in `board`, its x sliding from `from` to `to` in a second (linear).
    @MainActor func addSlidingLayer(to board: Board, frame: CGRect, from: CGFloat, to: CGFloat, repeatCount: Float = 0) {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = blue
        board.layer.addSublayer(layer)
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = from
        slide.toValue = to
        slide.duration = 1
        slide.repeatCount = repeatCount
        layer.add(slide, forKey: "slide")
    }

    func testShowsTheLayerTreeAndHitTestsRealClicks() throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkShowsTheLayerTreeAndHitTestsRealClicks() }
    }

    @MainActor func checkShowsTheLayerTreeAndHitTestsRealClicks() throws {
        let board = Board()
        board.layer.backgroundColor = red
        let target = CALayer()
        target.frame = CGRect(x: 120, y: 40, width: 50, height: 50)
        target.backgroundColor = blue
        board.layer.addSublayer(target)
        let window = try showBoard(board)
        defer { window.close() }
        XCTAssertEqual(board.layer.frame, CGRect(x: 0, y: 0, width: 200, height: 150))
        let shown = Application.shared.runUntil(timeout: 5) {
            window.capture().map { pixel($0, 140, 60) == [0, 0, 255, 255] } ?? false
        }
        XCTAssertTrue(shown, "the window never showed the blue layer")
        let image = try XCTUnwrap(window.capture())
        XCTAssertEqual(image.width, 200)
        XCTAssertEqual(pixel(image, 10, 10), [255, 0, 0, 255])
        try xdotool("mousemove", "--window", "\(window.windowID!)", "145", "65", "click", "1")
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { !board.downs.isEmpty }, "no click arrived")
        XCTAssertEqual(board.downs.first?.location, CGPoint(x: 145, y: 65))
        XCTAssertEqual(board.downs.first?.button, .left)
        XCTAssertTrue(board.hits.first! === target)
    }

    func testChangesAndAnimationsReachTheScreen() throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkChangesAndAnimationsReachTheScreen() }
    }

    @MainActor func checkChangesAndAnimationsReachTheScreen() throws {
        let board = Board()
        board.layer.backgroundColor = red
        let window = try showBoard(board)
        defer { window.close() }
        Application.shared.runUntil(timeout: 0.2) { false }
        board.layer.backgroundColor = blue                          // an implicit animation of a shown layer
        XCTAssertNotNil(board.layer.animation(forKey: "backgroundColor"))
        let blueNow = Application.shared.runUntil(timeout: 5) {
            window.capture().map { pixel($0, 50, 50) == [0, 0, 255, 255] } ?? false
        }
        XCTAssertTrue(blueNow, "the change never reached the window")
    }

    func testShownMediaTimeSaysWhichFrameACaptureShows() throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkShownMediaTimeSaysWhichFrameACaptureShows() }
    }

    @MainActor func checkShownMediaTimeSaysWhichFrameACaptureShows() throws {
        MediaClock.setVirtualTime(500)
        defer { MediaClock.useSystemTime() }
        let board = Board()
        board.layer.backgroundColor = red
        addSlidingLayer(to: board, frame: CGRect(x: 0, y: 50, width: 50, height: 50), from: 50, to: 150)
        let window = try showBoard(board)
        defer { window.close() }
        XCTAssertEqual(window.shownMediaTime, -.infinity, "no frame yet")
        // Each time the clock is set, the capture taken once that frame is shown has the tile there.
        for (t, x) in [(0.0, 50), (0.5, 100), (0.9, 140)] {
            MediaClock.setVirtualTime(500 + t)
            window.setNeedsDisplay()
            XCTAssertTrue(Application.shared.runUntil(timeout: 20) { window.shownMediaTime == 500 + t }, "no frame at \(t)")
            let image = try XCTUnwrap(window.capture())
            XCTAssertEqual(pixel(image, x, 75), [0, 0, 255, 255], "the tile's middle at \(t)")
            XCTAssertEqual(pixel(image, x - 30, 75), [255, 0, 0, 255], "left of the tile at \(t)")
        }
    }

    func testAnIdleWindowDrawsAndPutsNothing() throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkAnIdleWindowDrawsAndPutsNothing() }
    }

    @MainActor func checkAnIdleWindowDrawsAndPutsNothing() throws {
        let board = Board()
        board.layer.backgroundColor = red
        let window = try showBoard(board)
        defer { window.close() }
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { window.framesPresented > 0 })
        Application.shared.runUntil(timeout: 0.1) { false }     // let the first frame settle
        let (presented, drawn) = (window.framesPresented, RenderThread.shared.framesDrawn)
        Application.shared.runUntil(timeout: 0.5) { false }     // events and frames, nothing changing
        XCTAssertEqual(window.framesPresented, presented, "an unchanged window was put again")
        XCTAssertEqual(RenderThread.shared.framesDrawn, drawn, "an unchanged tree was drawn again")
        board.layer.backgroundColor = blue                       // one change draws again
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { window.framesPresented > presented })
    }

    func testDrawsWithoutSharedMemoryWhenItIsUnavailable() throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkDrawsWithoutSharedMemoryWhenItIsUnavailable() }
    }

    @MainActor func checkDrawsWithoutSharedMemoryWhenItIsUnavailable() throws {
        let x = try X11Display.connection()
        let buffer = try XCTUnwrap(FrameBuffer(x, width: 10, height: 10))
        XCTAssertEqual(buffer.usesSharedMemory, x.offersShm)        // Xvfb attaches MIT-SHM here
    }

    /// The main thread takes events while the render thread takes its put completions from the
    /// same queue: taking one must never block when the other thread emptied the queue first.
    func testTakingEventsNeverBlocksWhileAnotherThreadTakesSome() throws {
        try requireDisplay()
        let x = try X11Display.connection()
        let id = XCreateSimpleWindow(x.display, x.root, 0, 0, 10, 10, 0, 0, 0)
        defer { XDestroyWindow(x.display, id); XFlush(x.display) }
        final class Race: @unchecked Sendable {
            private let lock = NSLock()
            private var taken = 0, stopped = false, over = false
            func take() { lock.lock(); taken += 1; lock.unlock() }
            func end() { lock.lock(); over = true; lock.unlock() }
            var isOver: Bool { lock.lock(); defer { lock.unlock() }; return over }
            var count: Int { lock.lock(); defer { lock.unlock() }; return taken }
            var isStopped: Bool { get { lock.lock(); defer { lock.unlock() }; return stopped }
                                  set { lock.lock(); stopped = newValue; lock.unlock() } }
        }
        let race = Race(), rounds = 500
        let start = DispatchSemaphore(value: 0), roundOver = DispatchSemaphore(value: 0)
        // As the render thread does: takes events of one type for one window, all along.
        Thread {
            var event = XEvent()
            while !race.isOver {
                if XCheckTypedWindowEvent(x.display, id, ClientMessage, &event) != 0 { race.take() }
            }
        }.start()
        // As the main thread does, a round at a time: takes whatever comes until told to stop.
        Thread {
            var event = XEvent()
            for _ in 0..<rounds {
                start.wait()
                while !race.isStopped {
                    if x.takeEvent(&event), event.type == ClientMessage, event.xclient.window == id { race.take() }
                }
                roundOver.signal()
            }
        }.start()
        defer { race.end() }
        // Each round one event, raced for; once it is taken, the taker must be free to stop (it
        // would not be, blocked waiting for an event that the other thread took).
        for round in 0..<rounds {
            race.isStopped = false
            start.signal()
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.window = id
            event.xclient.message_type = x.protocolsAtom
            event.xclient.format = 32
            XSendEvent(x.display, id, 0, 0, &event)      // no mask: to the window's creator, us
            XFlush(x.display)
            let deadline = Date().addingTimeInterval(10)
            while race.count <= round, Date() < deadline {}
            race.isStopped = true
            guard roundOver.wait(timeout: .now() + 10) == .success else {
                return XCTFail("taking events blocked in round \(round) (events taken: \(race.count))")
            }
        }
        XCTAssertEqual(race.count, rounds)
    }

    func testPutsDoNotWaitForTheServer() throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkPutsDoNotWaitForTheServer() }
    }

    @MainActor func checkPutsDoNotWaitForTheServer() throws {
        // A put returns before the server has read the pixels; waiting makes sure it has.
        try withSharedMemoryWindow { x, id, gc in
            let buffer = try XCTUnwrap(FrameBuffer(x, width: 40, height: 30))
            buffer.put([DeviceRect(x: 0, y: 0, width: 40, height: 30)], to: id, gc: gc)
            XCTAssertTrue(buffer.hasPendingPut)
            buffer.waitForServer()
            XCTAssertFalse(buffer.hasPendingPut)
        }
        // In a window, the server's completion event comes to the render side's connection,
        // where the next frame's wait takes it from the queue instead of asking with a round trip.
        let board = Board()
        board.layer.backgroundColor = red
        let window = try showBoard(board)
        defer { window.close() }
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { window.framesPresented > 0 })
        let render = window.renderX, id = try XCTUnwrap(window.windowID)
        var event = XEvent()
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) {
            XCheckTypedWindowEvent(render.display, id, render.shmCompletionEvent, &event) != 0
                || window.buffers?.hasPendingPut == false
        }, "no completion event arrived")
    }

    /// Runs `body` with a bare 40×30 window and a GC, on a display with MIT-SHM.
    func withSharedMemoryWindow(_ body: (X11Display, UInt, GC) throws -> Void) throws {
        let x = try X11Display.connection()
        try XCTSkipUnless(x.offersShm, "needs MIT-SHM")
        let id = XCreateSimpleWindow(x.display, x.root, 0, 0, 40, 30, 0, 0, 0)
        let gc = try XCTUnwrap(XCreateGC(x.display, id, 0, nil))
        defer { XFreeGC(x.display, gc); XDestroyWindow(x.display, id) }
        try body(x, id, gc)
    }

    func testTwoBuffersTakeTurnsWithOnePutInFlight() throws {
        try requireDisplay()
        try withSharedMemoryWindow { x, id, gc in try checkTwoBuffersTakeTurns(x, id, gc) }
    }

    func checkTwoBuffersTakeTurns(_ x: X11Display, _ id: UInt, _ gc: GC) throws {
        let chain = try XCTUnwrap(SwapChain(x, width: 40, height: 30))
        XCTAssertEqual(chain.count, 2)
        let all = [DeviceRect(x: 0, y: 0, width: 40, height: 30)]
        let first = chain.back()
        chain.present(all, to: id, gc: gc)
        let second = chain.back()
        XCTAssertFalse(first === second, "the next frame is drawn while the server reads the last one")
        chain.present(all, to: id, gc: gc)
        XCTAssertFalse(first.hasPendingPut, "a put waits for the one before: at most one in flight")
        XCTAssertTrue(chain.back() === first)
        chain.present(all, to: id, gc: gc)
        XCTAssertFalse(second.hasPendingPut)
    }

    /// Frames go through the render side's own X connection: while its lock is held (as during
    /// a put or a round trip of the render thread), the main connection still answers at once.
    /// On one shared connection the round trip below would wait for the lock.
    func testTheRenderSideHasItsOwnConnection() throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkTheRenderSideHasItsOwnConnection() }
    }

    @MainActor func checkTheRenderSideHasItsOwnConnection() throws {
        let board = Board()
        board.layer.backgroundColor = red
        let window = try showBoard(board)
        defer { window.close() }
        let main = window.x, render = window.renderX
        XCTAssertFalse(main === render, "the render side opened a connection of its own")
        XCTAssertTrue(render.isForRendering)
        XCTAssertFalse(main.isForRendering)
        XCTAssertTrue(window.buffers?.back().x === render, "the frame buffers are attached on the render connection")
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) {
            window.capture().map { pixel($0, 10, 10) == [255, 0, 0, 255] } ?? false
        }, "the window never showed its frame")
        // The render connection's lock held by this thread; a round trip on the main one from another.
        let answered = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let display = main.display
        XLockDisplay(render.display)
        DispatchQueue.global().async {
            XNoOp(display)
            XSync(display, 0)
            answered.signal()
        }
        let waited = answered.wait(timeout: .now() + 10)
        XUnlockDisplay(render.display)
        if waited == .timedOut { answered.wait() }
        XCTAssertEqual(waited, .success, "the main connection waited for the render connection's lock")
    }

    @MainActor final class Keyboard: HostingView {
        var keys: [String] = []
        var scrolls: [CGFloat] = []
        override func keyDown(with event: KeyEvent) { keys.append(event.characters) }
        override func scrollWheel(with event: ScrollEvent) { scrolls.append(event.deltaY) }
    }

    func testKeysScrollingResizingAndClosing() throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkKeysScrollingResizingAndClosing() }
    }

    @MainActor func checkKeysScrollingResizingAndClosing() throws {
        let view = Keyboard()
        let window = try LaminaHost.Window(checkedTitle: "Lamina keys", size: CGSize(width: 200, height: 150))
        window.contentView = view
        window.show()
        defer { window.close() }
        let id = "\(window.windowID!)"
        try xdotool("mousemove", "--window", id, "50", "50")
        try xdotool("key", "--window", id, "a")
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { view.keys.contains("a") }, "no key arrived: \(view.keys)")
        try xdotool("click", "--window", id, "5")
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { !view.scrolls.isEmpty }, "no scroll arrived")
        XCTAssertEqual(view.scrolls.first, 10)
        try xdotool("windowsize", id, "300", "220")
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { window.size == CGSize(width: 300, height: 220) }, "no resize: \(window.size)")
        XCTAssertEqual(view.bounds.size, CGSize(width: 300, height: 220))
        XCTAssertEqual(view.layer.bounds.size, CGSize(width: 300, height: 220))
        Application.shared.runUntil(timeout: 0.1) { false }
        XCTAssertEqual(window.capture()?.width, 300)
        // The window manager's close button sends WM_DELETE_WINDOW.
        var event = XEvent()
        event.type = ClientMessage
        event.xclient.window = window.windowID!
        event.xclient.message_type = window.x.protocolsAtom
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(window.x.deleteWindowAtom)
        window.handle(&event)
        XCTAssertFalse(window.isVisible)
        XCTAssertNil(window.windowID)
    }

    func testAnimationsKeepRunningWhileTheMainThreadIsBlocked() throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkAnimationsKeepRunningWhileTheMainThreadIsBlocked() }
    }

    @MainActor func checkAnimationsKeepRunningWhileTheMainThreadIsBlocked() throws {
        let board = Board()
        addSlidingLayer(to: board, frame: CGRect(x: 0, y: 50, width: 20, height: 20), from: 10, to: 190, repeatCount: .infinity)
        let window = try showBoard(board)
        defer { window.close() }
        Application.shared.runUntil(timeout: 0.2) { false }
        // Block the main thread for 0.7 s; meanwhile another thread (with its own X connection)
        // reads the window twice.
        let id = window.windowID!
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var positions: [Int?] = []
        Thread.detachNewThread {
            positions.append(Self.blueColumn(window: id))
            Thread.sleep(forTimeInterval: 0.3)
            positions.append(Self.blueColumn(window: id))
            done.signal()
        }
        Thread.sleep(forTimeInterval: 0.7)                              // the busy main thread
        done.wait()
        XCTAssertEqual(positions.count, 2)
        let (first, second) = (try XCTUnwrap(positions[0]), try XCTUnwrap(positions[1]))
        XCTAssertNotEqual(first, second, "the window did not animate while the main thread was blocked")
    }

    /// The leftmost blue column of row 60 of a window, read through a connection of its own.
    nonisolated static func blueColumn(window: UInt) -> Int? {
        guard let display = XOpenDisplay(nil) else { return nil }
        defer { _ = XCloseDisplay(display) }
        guard let image = XGetImage(display, window, 0, 60, 200, 1, XAllPlanes(), ZPixmap) else { return nil }
        defer { _ = image.pointee.f.destroy_image(image) }
        for x in 0..<200 {
            let pixel = image.pointee.f.get_pixel(image, Int32(x), 0)
            if pixel & 0xFF > 200 && (pixel >> 16) & 0xFF < 60 { return x }
        }
        return nil
    }

    /// A layer redrawn for an animated custom property: only the main thread's `presentation()` can
    /// draw it, so its window's frames are drawn whole, never composited.
    final class Dial: CALayer {
        var progress: CGFloat = 0
        override class var keyValueProperties: [String: LayerProperty] {
            super.keyValueProperties.merging(["progress": .keyPath(\Dial.progress)]) { $1 }
        }
        override class func needsDisplay(forKey key: String) -> Bool {
            key == "progress" || super.needsDisplay(forKey: key)
        }
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
        }
    }

    func testFramesDrawnWholeCountsOnlyFramesTheCompositorCouldNotPlace() throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkFramesDrawnWholeCountsOnlyFramesTheCompositorCouldNotPlace() }
    }

    @MainActor func checkFramesDrawnWholeCountsOnlyFramesTheCompositorCouldNotPlace() throws {
        let board = Board()
        board.layer.backgroundColor = red
        addSlidingLayer(to: board, frame: CGRect(x: 0, y: 50, width: 20, height: 20), from: 10, to: 190, repeatCount: .infinity)
        let window = try showBoard(board)
        defer { window.close() }
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { window.framesPresented >= 5 }, "the sliding layer was not shown")
        XCTAssertEqual(window.framesDrawnWhole, 0, "the compositor places a sliding layer")
        let dial = Dial()
        dial.frame = CGRect(x: 20, y: 100, width: 160, height: 20)
        let turn = CABasicAnimation(keyPath: "progress")
        turn.fromValue = 0
        turn.toValue = 1
        turn.duration = 1
        turn.repeatCount = .infinity
        dial.add(turn, forKey: "turn")
        board.layer.addSublayer(dial)
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { window.framesDrawnWhole >= 1 }, "no frame drawn whole for the dial")
        let (presented, whole) = (window.framesPresented, window.framesDrawnWhole)
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { window.framesPresented >= presented + 3 })
        XCTAssertEqual(window.framesPresented - presented, window.framesDrawnWhole - whole, "every frame with the dial is drawn whole")
    }

    func testFramesFollowTheDisplaysRefreshRate() throws {
        try requireDisplay()
        let x = try X11Display.connection()
        let rate = MainActor.assumeIsolated { LaminaHost.Window.framesPerSecond }
        // Measured from vblank timestamps where Present paces frames: within 2 Hz of the nominal rate.
        XCTAssertEqual(rate, (x.refreshRate ?? 60).rounded(), accuracy: 2)
        print("display refresh rate: \(x.refreshRate.map { "\($0) Hz (RandR)" } ?? "none reported, 60 Hz")")
    }

    func testNoDisplayIsAClearError() {
        // Window(checkedTitle:) reports a missing display instead of crashing.
        XCTAssertEqual(HostError.noDisplay(":99").description, "cannot open the X display :99")
    }
}

/// Bad input in a real window: sizes that are not numbers or too large are clamped with one
/// message (a NaN size aborted in `show()` before); an animation that cannot be evaluated logs
/// once, not every frame (80 lines a second before).
final class WindowBadInputTests: XCTestCase {
    func testUnusableSizesAreClamped() {
        var sizes: [CGSize] = []
        let messages = CGDiagnostics.collecting {
            sizes = [CGSize(width: CGFloat.nan, height: 100), CGSize(width: CGFloat.infinity, height: -CGFloat.infinity),
                     CGSize(width: 1e300, height: 50)].map { LaminaHost.Window.usableSize($0, scale: 2) }
        }
        XCTAssertEqual(messages.count, 3, "\(messages)")
        XCTAssertEqual(sizes, [CGSize(width: 1, height: 100), CGSize(width: 8192, height: 1), CGSize(width: 8192, height: 50)])
        XCTAssertEqual(CGDiagnostics.collecting { _ = LaminaHost.Window.usableSize(CGSize(width: 0, height: -4), scale: 1) }, [])
    }

    /// Before: a trap in `applySizeHints` (`Int32(...)` of NaN) once the window was shown.
    func testUnusableMinimumAndMaximumSizesAreClampedOnAShownWindow() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { throw XCTSkip("needs an X display") }
        try MainActor.assumeIsolated {
            let window = try LaminaHost.Window(checkedTitle: "NaN limits", size: CGSize(width: 60, height: 40))
            window.show()
            defer { window.close() }
            for bad in [CGSize(width: CGFloat.nan, height: 100), CGSize(width: CGFloat.infinity, height: 30),
                        CGSize(width: -CGFloat.infinity, height: 30)] {
                let messages = CGDiagnostics.collecting {
                    window.minSize = bad
                    window.maxSize = bad
                }
                XCTAssertEqual(messages.count, 2, "\(bad): \(messages)")
                XCTAssertTrue(window.minSize.map { $0.width.isFinite && $0.height.isFinite } ?? false)
                XCTAssertTrue(window.maxSize.map { $0.width.isFinite && $0.height.isFinite } ?? false)
            }
        }
    }

    func testANaNSizedWindowShows() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { throw XCTSkip("needs an X display") }
        try MainActor.assumeIsolated {
            let window = try LaminaHost.Window(checkedTitle: "NaN", size: CGSize(width: CGFloat.nan, height: 40))
            window.show()
            XCTAssertTrue(window.isVisible)
            XCTAssertEqual(window.size, CGSize(width: 1, height: 40))
            window.close()
        }
    }
}

extension WindowBadInputTests {
    func testAnInvalidAnimationLogsOnceInAWindow() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { throw XCTSkip("needs an X display") }
        // The render thread logs, so this test watches the process-wide observer.
        final class Lines: @unchecked Sendable {
            var lines: [String] = []
            let lock = NSLock()
        }
        let seen = Lines()
        CGDiagnostics.observer = { line in seen.lock.lock(); seen.lines.append(line); seen.lock.unlock() }
        defer { CGDiagnostics.observer = nil }
        MediaClock.setVirtualTime(700)
        defer { MediaClock.useSystemTime() }
        try MainActor.assumeIsolated {
            let view = HostingView()
            let layer = CALayer()
            layer.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            view.layer.addSublayer(layer)
            let broken = CABasicAnimation(keyPath: "position")
            broken.fromValue = "left"            // a string and a number do not add up
            broken.byValue = 5
            broken.duration = 10
            layer.add(broken, forKey: "broken")
            let window = try LaminaHost.Window(checkedTitle: "broken animation", size: CGSize(width: 60, height: 60))
            window.contentView = view
            window.show()
            defer { window.close() }
            for t in [0.1, 0.2, 0.3, 0.4, 0.5] {
                MediaClock.setVirtualTime(700 + t)
                window.setNeedsDisplay()
                XCTAssertTrue(Application.shared.runUntil(timeout: 20) { window.shownMediaTime == 700 + t }, "no frame at \(t)")
            }
        }
        seen.lock.lock(); defer { seen.lock.unlock() }
        XCTAssertEqual(seen.lines.filter { $0.contains("cannot be combined") }.count, 1, "\(seen.lines)")
    }
}

extension WindowBadInputTests {
    /// The worst of the bad-input table (BadInputTableTests renders all of it offscreen through
    /// the same renderer and compositor) on a window's render thread: every case is shown, the
    /// window keeps drawing, and nothing is logged while frames are made.
    func testAbsurdLayersDrawInAWindow() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { throw XCTSkip("needs an X display") }
        final class Lines: @unchecked Sendable {
            var lines: [String] = []
            let lock = NSLock()
        }
        let seen = Lines()
        MediaClock.setVirtualTime(900)
        defer { MediaClock.useSystemTime() }
        let cases: [(String, (CALayer) -> Void)] = [
            ("bounds", { $0.bounds.size = CGSize(width: 1e300, height: 1e300) }),
            ("position", { $0.position = CGPoint(x: -1e300, y: 1e300) }),
            ("transform", { $0.transform = CATransform3DMakeScale(1e300, 1e300, 1) }),
            ("perspective", { var t = CATransform3DMakeRotation(1, 0, 1, 0); t.m34 = -1e300; $0.transform = t }),
            ("shadow", { $0.shadowOpacity = 1; $0.shadowRadius = 1e300; $0.shadowOffset = CGSize(width: 1e300, height: 0) }),
            ("shadowPath", { $0.shadowOpacity = 1; $0.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 1e300, height: 1e300), transform: nil) }),
            ("rasterize", { $0.shouldRasterize = true; $0.rasterizationScale = 1e300 }),
            ("cornerRadius", { $0.cornerRadius = 1e300; $0.borderWidth = 1e300 }),
            ("timing", { $0.speed = .greatestFiniteMagnitude; $0.timeOffset = 1e300; $0.beginTime = -1e300 }),
        ]
        try MainActor.assumeIsolated {
            let view = HostingView()
            let window = try LaminaHost.Window(checkedTitle: "absurd layers", size: CGSize(width: 60, height: 60))
            window.contentView = view
            window.show()
            defer { window.close() }
            CGDiagnostics.observer = { line in seen.lock.lock(); seen.lines.append(line); seen.lock.unlock() }
            defer { CGDiagnostics.observer = nil }
            for (i, (name, configure)) in cases.enumerated() {
                let layer = CALayer()
                layer.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
                layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                configure(layer)
                let slide = CABasicAnimation(keyPath: "position.x")
                slide.fromValue = 0; slide.toValue = 1e300; slide.duration = 1e-300; slide.repeatCount = .infinity
                layer.add(slide, forKey: "slide")
                view.layer.sublayers = [layer]
                let t = 900 + Double(i) * 0.1
                MediaClock.setVirtualTime(t)
                window.setNeedsDisplay()
                XCTAssertTrue(Application.shared.runUntil(timeout: 20) { window.shownMediaTime == t }, "no frame for \(name)")
            }
        }
        seen.lock.lock(); defer { seen.lock.unlock() }
        XCTAssertEqual(seen.lines, [])
    }
}
