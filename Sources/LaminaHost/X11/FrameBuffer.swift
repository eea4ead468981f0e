import CX11
import QuartzCore
import Glibc

/// A window-sized BGRX image that Core Graphics draws into and X shows: in System V shared memory
/// put with `XShmPutImage`, or — when MIT-SHM is missing or cannot attach (a remote display,
/// another IPC namespace) — in ordinary memory put with `XPutImage`.
final class FrameBuffer {
    let x: X11Display
    let width: Int
    let height: Int
    let image: UnsafeMutablePointer<XImage>
    let context: CGContext
    private var shm: UnsafeMutablePointer<XShmSegmentInfo>?
    /// The request serial of the last shared-memory put of this buffer, and the window it went to
    /// (read by the main thread too: guarded by `putLock`).
    private var lastPut: UInt = 0
    private var lastPutWindow: UInt?
    private let putLock = NSLock()
    /// How far the server got through the window's puts (shared with the window's other buffer).
    private let completions: PutCompletions

    nonisolated(unsafe) private static var reportedFallback = false

    init?(_ x: X11Display, width: Int, height: Int, completions: PutCompletions = PutCompletions()) {
        self.x = x
        self.completions = completions
        self.width = max(width, 1)
        self.height = max(height, 1)
        var made: UnsafeMutablePointer<XImage>?
        if x.offersShm, let (image, info) = Self.sharedImage(x, self.width, self.height) {
            made = image
            shm = info
        } else {
            if x.offersShm && !Self.reportedFallback {
                Self.reportedFallback = true
                let message = "Lamina: MIT-SHM could not attach; drawing with XPutImage.\n"
                _ = message.withCString { write(2, $0, strlen($0)) }
            }
            let bytes = self.width * 4 * self.height
            guard let data = calloc(bytes, 1) else { return nil }
            made = XCreateImage(x.display, x.visual, UInt32(x.depth), ZPixmap, 0, data.assumingMemoryBound(to: CChar.self),
                                UInt32(self.width), UInt32(self.height), 32, Int32(self.width * 4))
        }
        guard let image = made, let data = image.pointee.data,
              let context = CGContext(data: UnsafeMutableRawPointer(data), width: self.width, height: self.height,
                                      bitsPerComponent: 8, bytesPerRow: Int(image.pointee.bytes_per_line),
                                      space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        self.image = image
        self.context = context
    }

    /// An XShm image attached to a fresh segment; nil when attaching fails (checked after XSync).
    private static func sharedImage(_ x: X11Display, _ width: Int, _ height: Int)
        -> (UnsafeMutablePointer<XImage>, UnsafeMutablePointer<XShmSegmentInfo>)? {
        // Xlib keeps a pointer to the segment info: it lives on the heap.
        let info = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
        info.initialize(to: XShmSegmentInfo())
        guard let image = XShmCreateImage(x.display, x.visual, UInt32(x.depth), ZPixmap, nil, info, UInt32(width), UInt32(height)) else {
            info.deallocate()
            return nil
        }
        let bytes = Int(image.pointee.bytes_per_line) * height
        info.pointee.shmid = shmget(IPC_PRIVATE, bytes, IPC_CREAT | 0o600)
        guard info.pointee.shmid >= 0, let address = shmat(info.pointee.shmid, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else {
            _ = image.pointee.f.destroy_image(image)
            info.deallocate()
            return nil
        }
        info.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
        image.pointee.data = info.pointee.shmaddr
        info.pointee.readOnly = 0
        X11Display.lastError = 0
        let attached = XShmAttach(x.display, info) != 0
        XSync(x.display, 0)
        // The segment goes away with its last user, even if the program crashes.
        shmctl(info.pointee.shmid, IPC_RMID, nil)
        guard attached, X11Display.lastError == 0 else {
            shmdt(address)
            image.pointee.data = nil
            _ = image.pointee.f.destroy_image(image)
            info.deallocate()
            return nil
        }
        return (image, info)
    }

    var usesSharedMemory: Bool { shm != nil }

    /// Gives a shared-memory buffer all its pages now, in one system call (`MADV_POPULATE_WRITE`,
    /// Linux 5.14; on older kernels nothing happens and the pages come as they are first
    /// written). It reads only the image's address and size, which never change.
    func populate() {
        guard shm != nil, let data = image.pointee.data else { return }
        _ = madvise(UnsafeMutableRawPointer(data), Int(image.pointee.bytes_per_line) * height, 23 /* MADV_POPULATE_WRITE */)
    }

    /// Shows `rects` of the buffer in `window`, without waiting: the server reads shared memory
    /// after the call returns and says when it is done (a ShmCompletion event). Call
    /// `waitForServer()` before drawing into the buffer again.
    func put(_ rects: [DeviceRect], to window: UInt, gc: GC) {
        context.flush()
        XLockDisplay(x.display)
        for (i, r) in rects.enumerated() {
            if shm != nil {
                // One completion for the frame: the server handles the puts in order.
                let last: Int32 = i == rects.count - 1 ? 1 : 0
                XShmPutImage(x.display, window, gc, image, r.x, r.y, r.x, r.y, UInt32(r.width), UInt32(r.height), last)
            } else {
                // Xlib copies the pixels into its request buffer: nothing to wait for.
                XPutImage(x.display, window, gc, image, r.x, r.y, r.x, r.y, UInt32(r.width), UInt32(r.height))
            }
        }
        if shm != nil, !rects.isEmpty {
            let serial = XNextRequest(x.display) - 1
            putLock.lock(); (lastPut, lastPutWindow) = (serial, window); putLock.unlock()
        }
        XUnlockDisplay(x.display)
        XFlush(x.display)
    }

    /// Returns once the server has read this buffer's last put, so that it may be drawn again: at
    /// once when its completion event came (the usual case); otherwise after a round trip (the
    /// main thread, which reads events, may be busy).
    func waitForServer() {
        guard hasPendingPut else { return }
        putLock.lock(); let (serial, window) = (lastPut, lastPutWindow); putLock.unlock()
        // The completion may be waiting in Xlib's queue, read there by this thread's own calls.
        var event = XEvent()
        while let window, XCheckTypedWindowEvent(x.display, window, x.shmCompletionEvent, &event) != 0 {
            completions.record(event.xany.serial)
        }
        guard hasPendingPut else { return }
        XSync(x.display, 0)
        completions.record(serial)
    }

    /// Whether the server may still be reading this buffer's last put.
    var hasPendingPut: Bool {
        putLock.lock(); let serial = lastPut; putLock.unlock()
        return !completions.hasRead(serial)
    }

    deinit {
        if let shm {
            XShmDetach(x.display, shm)
            XSync(x.display, 0)
            shmdt(shm.pointee.shmaddr)
            image.pointee.data = nil
            shm.deallocate()
        }
        _ = image.pointee.f.destroy_image(image)
    }
}
