import GalleryDemos
import LaminaHost

/// Frames of a gallery demo at media times after it starts, on a virtual clock: offscreen
/// through `CARenderer`, or captured from a real window (`--window`). The same time gives the
/// same frame on every run.
@MainActor
struct DemoFrames {
    /// The media time at which a demo starts (any fixed value would do).
    static let start: CFTimeInterval = 1000
    static let size = CGSize(width: 640, height: 480)

    let demo: Demo
    let scale: CGFloat
    let window: Bool

    /// Hands each frame, in the order of `times`, to `body`.
    func render(at times: [Double], _ body: (Double, CGImage) throws -> Void) throws {
        MediaClock.setVirtualTime(Self.start)
        let view = demo.make()
        if window {
            let window: Window
            do {
                window = try Window(checkedTitle: "lamina-snap \(demo.name)", size: Self.size)
            } catch {
                throw SnapError("--window: \(error)")
            }
            window.contentView = view
            window.show()
            defer { window.close() }
            for t in times {
                MediaClock.setVirtualTime(Self.start + t)
                window.setNeedsDisplay()
                // The render thread puts the frame; the first ones may take a while on a busy machine.
                guard Application.shared.runUntil(timeout: 30, { window.shownMediaTime == Self.start + t }) else {
                    throw SnapError("\(demo.name): the window showed no frame at \(t) s within 30 s")
                }
                guard let image = window.capture() else { throw SnapError("\(demo.name): the window could not be captured") }
                try body(t, image)
            }
            return
        }
        view.layer.frame = CGRect(origin: .zero, size: Self.size)
        let renderer = CARenderer(size: Self.size, scale: scale)
        renderer.backgroundColor = CGColor(gray: 1, alpha: 1)
        renderer.layer = view.layer
        for t in times {
            MediaClock.setVirtualTime(Self.start + t)
            guard let image = renderer.makeImage(atTime: Self.start + t) else {
                throw SnapError("\(demo.name): no frame rendered at \(t) s")
            }
            try body(t, image)
        }
    }

    /// The demo's root layer as built, with the clock at `start`: for tree dumps.
    func rootLayer() -> CALayer {
        MediaClock.setVirtualTime(Self.start)
        let view = demo.make()
        view.layer.frame = CGRect(origin: .zero, size: Self.size)
        return view.layer
    }
}
