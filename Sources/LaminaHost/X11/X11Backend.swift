import CX11
import QuartzCore
import Dispatch
import Foundation

/// The X11 display backend: two connections to `$DISPLAY` (the main thread's for windows,
/// events, input and cursors; the render side's for frame buffers, puts and Present's vblank
/// notifies: see `X11Display`), the windows made on them by id, and the pointer devices'
/// scroll valuators.
@MainActor
final class X11Backend: DisplayBackend {
    /// The main thread's connection.
    let main: X11Display
    /// The render side's connection; the main one where a second cannot be opened.
    let render: X11Display
    /// The windows shown, by X window id, for their events.
    private var windows: [UInt: X11Window] = [:]
    private var eventSource: DispatchSourceRead?
    /// The pointer devices' scroll valuators and where they stand (XInput 2): one for the
    /// display, since a scroll that moves from one window to another continues from there.
    var smoothScrolling = SmoothScrolling()

    /// Opens both connections; an error when `$DISPLAY` cannot be opened.
    init() throws {
        main = try X11Display.open(forRendering: false)
        render = (try? X11Display.open(forRendering: true)) ?? main
    }

    var name: String { "x11" }

    /// `LAMINA_SCALE`, else Xft.dpi / 96 as the root window's resources say now, else 1.
    var scale: CGFloat { main.scale }

    var screenPixelSize: CGSize {
        CGSize(width: CGFloat(XDisplayWidth(main.display, main.screen)), height: CGFloat(XDisplayHeight(main.display, main.screen)))
    }

    var doubleClickMilliseconds: UInt { main.doubleClickMilliseconds }

    /// RandR's refresh rate, and Present's vblanks unless `LAMINA_FRAME_TIMING=timer`.
    var frameTiming: BackendFrameTiming {
        let render = self.render
        return BackendFrameTiming(refreshRate: render.refreshRate) {
            ProcessInfo.processInfo.environment["LAMINA_FRAME_TIMING"] == "timer" ? nil : VBlankClock(render)
        }
    }

    func makeWindow(title: String, width: Int, height: Int, events: any WindowEvents) -> any NativeWindow {
        X11Window(backend: self, title: title, width: width, height: height, events: events)
    }

    /// A window was made (`X11Window.init`) or destroyed: its events are looked up by id.
    func register(_ window: X11Window) { windows[window.id] = window }
    func unregister(_ window: X11Window) { windows[window.id] = nil }

    /// Watches the main connection's socket, and resource changes on the root window (a new
    /// Xft.dpi), on the main queue.
    func startEvents(_ wake: @escaping @MainActor () -> Void) {
        guard eventSource == nil else { return }
        var attributes = XWindowAttributes()
        XGetWindowAttributes(main.display, main.root, &attributes)
        XSelectInput(main.display, main.root, attributes.your_event_mask | PropertyChangeMask)
        let source = DispatchSource.makeReadSource(fileDescriptor: main.fileDescriptor, queue: .main)
        source.setEventHandler { MainActor.assumeIsolated { wake() } }
        source.resume()
        eventSource = source
    }

    /// Handles every queued X event: to the window it names; the input method sees key events
    /// first, a new keymap and new resources apply to every window.
    func dispatchEvents() {
        var event = XEvent()
        while main.takeEvent(&event) {
            if event.type == GenericEvent {
                if let xinput = main.xinput, event.xcookie.extension == xinput.opcode { dispatchXInput(event.xcookie) }
                XFreeEventData(main.display, &event.xcookie)
                continue
            }
            // The input method sees key events first (compose sequences consume some).
            if XFilterEvent(&event, 0) != 0 { continue }
            if event.type == MappingNotify {                      // a new keymap (xmodmap, a layout switch)
                XRefreshKeyboardMapping(&event.xmapping)
                continue
            }
            if event.type == PropertyNotify, event.xproperty.window == main.root, event.xproperty.atom == XA_RESOURCE_MANAGER {
                // The desktop's resources changed (xrdb): windows follow a new Xft.dpi.
                let scale = main.scale
                for window in windows.values { window.events?.screenScaleChanged(scale) }
                continue
            }
            windows[event.xany.window]?.handle(&event)
        }
    }

    /// An XInput 2 event (its data fetched): to the window it names; a device's new valuators
    /// to `smoothScrolling`.
    private func dispatchXInput(_ cookie: XGenericEventCookie) {
        guard let data = cookie.data else { return }
        let target: UInt
        switch cookie.evtype {
        case XI_DeviceChanged:
            let changed = data.assumingMemoryBound(to: XIDeviceChangedEvent.self).pointee
            smoothScrolling.learn(device: Int32(changed.sourceid), classes: changed.classes, count: changed.num_classes)
            return
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            // A device not seen before (plugged in since): its valuators first.
            if !smoothScrolling.knows(Int32(device.sourceid)) {
                main.xinput?.learnDevices(Int32(device.sourceid), into: &smoothScrolling, main.display)
            }
            target = device.event
        case XI_Enter, XI_Leave:
            target = data.assumingMemoryBound(to: XIEnterEvent.self).pointee.event
        case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
            target = data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee.event
        case XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd:
            target = data.assumingMemoryBound(to: XIGestureSwipeEvent.self).pointee.event
        default:
            return
        }
        windows[target]?.handleXInput(evtype: cookie.evtype, data: UnsafeRawPointer(data))
    }

    /// Learns every pointer device's scroll valuators and where they stand (a window started
    /// reading XInput 2, or the pointer came in: valuators may have moved elsewhere).
    func learnScrollDevices() {
        guard let xinput = main.xinput else { return }
        xinput.learnDevices(into: &smoothScrolling, main.display)
    }
}
