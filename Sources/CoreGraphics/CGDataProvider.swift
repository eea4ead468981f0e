/// A source of bytes for images: held in memory once read. A direct-access provider
/// (`init(directInfo:size:callbacks:)`) is read when its bytes are first needed — an image over
/// it is drawn, or composited by a window — not when the image is made, as Core Graphics reads
/// one; its bytes are then kept.
public final class CGDataProvider: @unchecked Sendable {
    /// The provider's bytes (a direct-access provider's read now, once).
    package var bytes: Data {
        guard let direct else { return held }
        return direct.bytes
    }

    /// How many bytes the provider holds, known without reading them.
    package var size: Int { direct?.size ?? held.count }

    private let held: Data
    private let direct: DirectSource?

    /// A provider over a copy of `data`. Copied in one pass: `Data(referencing:)` over a
    /// bridged buffer cost ~70 ms per MB each time its bytes were read. Failable as Apple's
    /// `init?(data: CFData)` is (whose C function returns NULL for a NULL data); here a
    /// `CFData` is never nil, so it always succeeds.
    public init?(data: CFData) {
        held = Data(bytes: data.bytes, count: data.length)
        direct = nil
    }

    /// A provider of `bytes` as they are: no copy, so a decoder's fallibly allocated pixels stay
    /// the only copy (`init(data:)` copies, as a caller's mutable data may change after).
    package init(bytes: Data) {
        held = bytes
        direct = nil
    }

    /// A provider reading a file; nil when it cannot be read.
    public convenience init?(filename: UnsafePointer<CChar>) {
        self.init(url: URL(fileURLWithPath: String(cString: filename)) as CFURL)
    }

    /// A provider reading a URL's contents; nil when they cannot be read.
    public init?(url: CFURL) {
        do {
            held = try Data(contentsOf: url as URL)
        } catch {
            CGDiagnostics.log("CGDataProviderCreateWithURL", "cannot read \(url): \(error.localizedDescription)")
            return nil
        }
        direct = nil
    }

    /// A direct-access provider of `size` bytes that `callbacks` supply when they are first
    /// needed (on whichever thread needs them: a window's render thread, for an image it
    /// composites): through `getBytePointer` (then `releaseBytePointer`) when it is set, else
    /// `getBytesAtPosition`. `releaseInfo` is called with `info` when the provider is freed.
    /// Nil when neither way of reading is given, or `size` is negative or more than an image
    /// may take (`ImageBudget`, 1 GiB: the bytes are read into memory at once, and a declared
    /// size that memory cannot hold would trap there, long after this call).
    public init?(directInfo info: UnsafeMutableRawPointer?, size: off_t, callbacks: UnsafePointer<CGDataProviderDirectCallbacks>) {
        let callbacks = callbacks.pointee
        guard callbacks.getBytePointer != nil || callbacks.getBytesAtPosition != nil else {
            CGDiagnostics.log("CGDataProviderCreateDirect", "no way to read the bytes.")
            return nil
        }
        guard size >= 0, size <= off_t(ImageBudget.standard.maximumByteCount) else {
            CGDiagnostics.log("CGDataProviderCreateDirect", "a size of \(size) bytes: negative, or more than \(ImageBudget.standard.maximumByteCount).")
            return nil
        }
        held = Data()
        direct = DirectSource(info: info, size: Int(size), callbacks: callbacks)
    }

    /// The `info` pointer a direct-access provider was made with; nil for other providers.
    public var info: UnsafeMutableRawPointer? { direct?.info }

    /// A copy of the provider's bytes.
    public var data: CFData? { bytes as NSData }
}

/// The callbacks through which a direct-access data provider supplies its bytes.
public struct CGDataProviderDirectCallbacks {
    /// The structure's version: 0.
    public var version: UInt32
    /// Returns a pointer to all the provider's bytes, held until `releaseBytePointer`.
    public var getBytePointer: CGDataProviderGetBytePointerCallback?
    /// Releases the pointer `getBytePointer` returned.
    public var releaseBytePointer: CGDataProviderReleaseBytePointerCallback?
    /// Copies up to `count` bytes from `position` into the buffer and returns how many it copied.
    public var getBytesAtPosition: CGDataProviderGetBytesAtPositionCallback?
    /// Called with the provider's `info` when the provider is freed.
    public var releaseInfo: CGDataProviderReleaseInfoCallback?

    /// Callbacks with every function nil and version 0.
    public init() {
        self.init(version: 0, getBytePointer: nil, releaseBytePointer: nil, getBytesAtPosition: nil, releaseInfo: nil)
    }

    /// Callbacks with the given version and functions.
    public init(version: UInt32, getBytePointer: CGDataProviderGetBytePointerCallback?,
                releaseBytePointer: CGDataProviderReleaseBytePointerCallback?,
                getBytesAtPosition: CGDataProviderGetBytesAtPositionCallback?, releaseInfo: CGDataProviderReleaseInfoCallback?) {
        self.version = version
        self.getBytePointer = getBytePointer
        self.releaseBytePointer = releaseBytePointer
        self.getBytesAtPosition = getBytesAtPosition
        self.releaseInfo = releaseInfo
    }
}

/// Returns a pointer to a direct-access provider's bytes.
public typealias CGDataProviderGetBytePointerCallback = @convention(c) (UnsafeMutableRawPointer?) -> UnsafeRawPointer?
/// Releases the pointer a `CGDataProviderGetBytePointerCallback` returned.
public typealias CGDataProviderReleaseBytePointerCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer) -> Void
/// Copies bytes from a position of a direct-access provider into a buffer; returns how many.
public typealias CGDataProviderGetBytesAtPositionCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer, off_t, Int) -> Int
/// Releases a provider's `info`.
public typealias CGDataProviderReleaseInfoCallback = @convention(c) (UnsafeMutableRawPointer?) -> Void

/// A direct-access provider's callbacks and, once read, its bytes (read once, under a lock:
/// the render thread and the main thread may both ask).
private final class DirectSource: @unchecked Sendable {
    let info: UnsafeMutableRawPointer?
    let size: Int
    private let callbacks: CGDataProviderDirectCallbacks
    private let lock = NSLock()
    private var read: Data?

    init(info: UnsafeMutableRawPointer?, size: Int, callbacks: CGDataProviderDirectCallbacks) {
        self.info = info
        self.size = size
        self.callbacks = callbacks
    }

    var bytes: Data {
        lock.lock()
        defer { lock.unlock() }
        if let read { return read }
        var data = Data(count: size)
        if size > 0 {
            data.withUnsafeMutableBytes { buffer in
                let target = buffer.baseAddress!
                if let get = callbacks.getBytePointer, let source = get(info) {
                    target.copyMemory(from: source, byteCount: size)
                    callbacks.releaseBytePointer?(info, source)
                } else if let get = callbacks.getBytesAtPosition {
                    // Bytes not supplied stay zero.
                    var done = 0
                    while done < size {
                        let count = get(info, target + done, off_t(done), size - done)
                        guard count > 0 else { break }
                        done += min(count, size - done)
                    }
                }
            }
        }
        read = data
        return data
    }

    deinit { callbacks.releaseInfo?(info) }
}

/// A destination for bytes: PDF contexts write through one.
public final class CGDataConsumer: @unchecked Sendable {
    let write: (UnsafeRawBufferPointer) -> Bool
    private let close: () -> Void

    /// A consumer appending to `data`.
    public init?(data: CFMutableData) {
        write = { buffer in
            if let base = buffer.baseAddress { data.append(base, length: buffer.count) }
            return true
        }
        close = {}
    }

    /// A consumer writing a file at `url` (created or truncated); nil when it cannot be opened.
    public init?(url: CFURL) {
        let path = (url as URL).path
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            CGDiagnostics.log("CGDataConsumerCreateWithURL", "cannot open \(path) for writing.")
            return nil
        }
        write = { buffer in
            do { try handle.write(contentsOf: Data(buffer)); return true } catch { return false }
        }
        close = { try? handle.close() }
    }

    deinit { close() }
}
