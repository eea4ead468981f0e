import CCairo

/// The document behind a PDF context: a cairo PDF surface writing to a data consumer.
final class PDFTarget {
    let surface: OpaquePointer
    let mediaBox: CGRect
    let consumer: CGDataConsumer
    var pageOpen = false
    var finished = false
    /// Unmanaged reference handed to cairo's write callback.
    var box: Unmanaged<CGDataConsumer>?

    init(surface: OpaquePointer, mediaBox: CGRect, consumer: CGDataConsumer, box: Unmanaged<CGDataConsumer>) {
        self.surface = surface; self.mediaBox = mediaBox; self.consumer = consumer; self.box = box
    }

    func finish() {
        guard !finished else { return }
        finished = true
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        box?.release()
        box = nil
    }
}

extension CGContext {
    /// A PDF context writing to `consumer`. The media box defaults to US Letter (612×792 points);
    /// `kCGPDFContextTitle`, `…Author`, `…Subject`, `…Creator` and `…Keywords` in the auxiliary
    /// info become the document's metadata.
    public convenience init?(consumer: CGDataConsumer, mediaBox: UnsafePointer<CGRect>?, _ auxiliaryInfo: CFDictionary?) {
        let box = mediaBox?.pointee ?? CGRect(x: 0, y: 0, width: 612, height: 792)
        guard box.isFiniteRect, box.width > 0, box.height > 0 else {
            CGDiagnostics.log("CGPDFContextCreate", "invalid media box \(box).")
            return nil
        }
        let retained = Unmanaged.passRetained(consumer)
        let write: cairo_write_func_t = { closure, data, length in
            let consumer = Unmanaged<CGDataConsumer>.fromOpaque(closure!).takeUnretainedValue()
            return consumer.write(UnsafeRawBufferPointer(start: data, count: Int(length))) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
        }
        let surface = cairo_pdf_surface_create_for_stream(write, retained.toOpaque(), box.width, box.height)!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            retained.release()
            return nil
        }
        let target = PDFTarget(surface: surface, mediaBox: box, consumer: consumer, box: retained)
        self.init(surface: surface, height: box.height, bitmap: nil, pdf: target)
        state.ctm = CGAffineTransform(translationX: -box.minX, y: -box.minY)
        Self.setMetadata(surface, auxiliaryInfo)
    }

    /// A PDF context writing a file at `url`.
    public convenience init?(_ url: CFURL, mediaBox: UnsafePointer<CGRect>?, _ auxiliaryInfo: CFDictionary?) {
        guard let consumer = CGDataConsumer(url: url) else { return nil }
        self.init(consumer: consumer, mediaBox: mediaBox, auxiliaryInfo)
    }

    /// Starts a page with the context's media box.
    public func beginPDFPage(_ pageInfo: CFDictionary?) {
        guard let pdf, !pdf.finished else { return }
        if pdf.pageOpen { endPDFPage() }
        pdf.pageOpen = true
        state = GraphicsState()
        state.ctm = CGAffineTransform(translationX: -pdf.mediaBox.minX, y: -pdf.mediaBox.minY)
        savedStates.removeAll()
        cairo_reset_clip(cr)
    }

    /// Ends the current page.
    public func endPDFPage() {
        guard let pdf, pdf.pageOpen else { return }
        cairo_show_page(cr)
        pdf.pageOpen = false
    }

    public func beginPage(mediaBox: UnsafePointer<CGRect>?) { beginPDFPage(nil) }
    public func endPage() { endPDFPage() }

    /// Ends the document and writes its last bytes; later drawing does nothing.
    public func closePDF() {
        guard let pdf else { return }
        if pdf.pageOpen { endPDFPage() }
        // A finished cairo surface ignores further drawing.
        pdf.finish()
    }

    private static func setMetadata(_ surface: OpaquePointer, _ info: CFDictionary?) {
        guard let info = info as? [String: Any] else { return }
        let fields: [(String, cairo_pdf_metadata_t)] = [
            (kCGPDFContextTitle as String, CAIRO_PDF_METADATA_TITLE), (kCGPDFContextAuthor as String, CAIRO_PDF_METADATA_AUTHOR),
            (kCGPDFContextSubject as String, CAIRO_PDF_METADATA_SUBJECT), (kCGPDFContextCreator as String, CAIRO_PDF_METADATA_CREATOR),
            (kCGPDFContextKeywords as String, CAIRO_PDF_METADATA_KEYWORDS),
        ]
        for (key, field) in fields {
            if let value = info[key] as? String { cairo_pdf_surface_set_metadata(surface, field, value) }
        }
    }
}

nonisolated(unsafe) public let kCGPDFContextTitle: CFString = "kCGPDFContextTitle"
nonisolated(unsafe) public let kCGPDFContextAuthor: CFString = "kCGPDFContextAuthor"
nonisolated(unsafe) public let kCGPDFContextSubject: CFString = "kCGPDFContextSubject"
nonisolated(unsafe) public let kCGPDFContextCreator: CFString = "kCGPDFContextCreator"
nonisolated(unsafe) public let kCGPDFContextKeywords: CFString = "kCGPDFContextKeywords"
nonisolated(unsafe) public let kCGPDFContextMediaBox: CFString = "kCGPDFContextMediaBox"
