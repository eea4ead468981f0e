/// A source of bytes for images: held in memory once read.
public final class CGDataProvider: @unchecked Sendable {
    package let bytes: Data

    /// A provider over a copy of `data`. Copied in one pass: `Data(referencing:)` over a
    /// bridged buffer cost ~70 ms per MB each time its bytes were read.
    public init(data: CFData) {
        bytes = Data(bytes: data.bytes, count: data.length)
    }

    init(bytes: Data) {
        self.bytes = bytes
    }

    /// A provider reading a file; nil when it cannot be read.
    public convenience init?(filename: UnsafePointer<CChar>) {
        self.init(url: URL(fileURLWithPath: String(cString: filename)) as CFURL)
    }

    /// A provider reading a URL's contents; nil when they cannot be read.
    public init?(url: CFURL) {
        do {
            bytes = try Data(contentsOf: url as URL)
        } catch {
            CGDiagnostics.log("CGDataProviderCreateWithURL", "cannot read \(url): \(error.localizedDescription)")
            return nil
        }
    }

    /// A copy of the provider's bytes.
    public var data: CFData? { bytes as NSData }
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
