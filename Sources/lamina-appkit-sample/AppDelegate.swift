// A Mac app as one is written without a nib: `@main` on the app delegate, a window made in
// `applicationDidFinishLaunching`, a view that draws and takes clicks and keys. `q` quits.
import AppKit

/// Counts the clicks in it, writes what it hears to standard output, and quits on `q`.
final class ClickCounterView: NSView {
    private var clicks = 0

    override var acceptsFirstResponder: Bool { true }

    override func draw(_ dirtyRect: NSRect) {
        NSColor.windowBackgroundColor.setFill()
        bounds.fill()
        NSColor.systemBlue.setFill()
        NSBezierPath(roundedRect: bounds.insetBy(dx: 20, dy: 20), xRadius: 12, yRadius: 12).fill()
        ("Clicks: \(clicks)" as NSString).draw(at: NSPoint(x: 36, y: 36), withAttributes: [
            .font: NSFont.boldSystemFont(ofSize: 24), .foregroundColor: NSColor.white,
        ])
    }

    override func mouseDown(with event: NSEvent) {
        let point = convert(event.locationInWindow, from: nil)
        clicks += 1
        print("click \(Int(point.x)),\(Int(point.y)) count \(event.clickCount)")
        needsDisplay = true
    }

    override func keyDown(with event: NSEvent) {
        print("key \(event.characters ?? "")")
        if event.characters == "q" { NSApp.terminate(nil) }
    }
}

@main
final class AppDelegate: NSObject, NSApplicationDelegate {
    private var window: NSWindow?

    func applicationDidFinishLaunching(_ notification: Notification) {
        let window = NSWindow(contentRect: NSRect(x: 0, y: 0, width: 320, height: 200),
                              styleMask: [.titled, .closable, .resizable], backing: .buffered, defer: false)
        window.title = "Lamina AppKit sample"
        let view = ClickCounterView(frame: window.contentLayoutRect)
        view.autoresizingMask = [.width, .height]
        window.contentView = view
        window.makeKeyAndOrderFront(nil)
        window.makeFirstResponder(view)
        self.window = window
        print("launched")
    }

    func applicationWillTerminate(_ notification: Notification) {
        print("terminating")
    }
}
