import XCTest
import CoreGraphics
import ImageIO

/// PDFs are read back with poppler's pdftoppm (installed by the set-up scripts).
final class PDFContextTests: XCTestCase {
    func rasterize(_ pdf: Data, page: Int = 1) throws -> CGImage {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-pdf-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.pdf")
        try pdf.write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftoppm")
        process.arguments = ["-png", "-r", "72", "-f", "\(page)", "-l", "\(page)", "-singlefile", input.path, folder.appendingPathComponent("out").path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "pdftoppm could not read the PDF")
        let source = try XCTUnwrap(CGImageSourceCreateWithURL(folder.appendingPathComponent("out.png") as CFURL, nil))
        return try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 0, nil))
    }

    func testPagesParseAndKeepTheBottomLeftOrigin() throws {
        let data = NSMutableData()
        var box = CGRect(x: 0, y: 0, width: 200, height: 100)
        let pdf = try XCTUnwrap(CGContext(consumer: CGDataConsumer(data: data)!, mediaBox: &box,
                                          [kCGPDFContextTitle: "Test", kCGPDFContextAuthor: "Lamina"] as CFDictionary))
        pdf.beginPDFPage(nil)
        pdf.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        pdf.fill(CGRect(x: 0, y: 0, width: 50, height: 50))            // bottom-left corner
        TextLayout("PDF", fontSize: 20).draw(in: pdf, at: CGPoint(x: 120, y: 90))
        pdf.endPDFPage()
        pdf.beginPDFPage(nil)
        pdf.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        pdf.fill(CGRect(x: 150, y: 50, width: 50, height: 50))         // top-right corner
        pdf.endPDFPage()
        pdf.closePDF()
        let bytes = data as Data
        XCTAssertEqual(String(decoding: bytes.prefix(5), as: UTF8.self), "%PDF-")
        XCTAssertTrue(String(decoding: bytes, as: UTF8.self).contains("/Count 2"))

        let first = try rasterize(bytes, page: 1)
        XCTAssertEqual(first.width, 200)
        XCTAssertEqual(first.height, 100)
        let p1 = first.rgbaPixels
        func px(_ pixels: [UInt8], _ x: Int, _ y: Int) -> RGBA { RGBA(Array(pixels[(y * 200 + x) * 4..<(y * 200 + x) * 4 + 4])) }
        XCTAssertEqual(px(p1, 10, 90), RGBA(255, 0, 0, 255))           // row 90 of 100: near the bottom
        XCTAssertEqual(px(p1, 10, 10), RGBA(255, 255, 255, 255))
        XCTAssertTrue((120..<200).contains { x in (2..<30).contains { px(p1, x, $0).r < 128 } }, "text on the page")
        let p2 = try rasterize(bytes, page: 2).rgbaPixels
        XCTAssertEqual(px(p2, 190, 10), RGBA(0, 0, 255, 255))
    }

    func testWritesAFileAndStopsAfterClose() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-\(UUID()).pdf")
        defer { try? FileManager.default.removeItem(at: url) }
        let pdf = try XCTUnwrap(CGContext(url as CFURL, mediaBox: nil, nil))
        pdf.beginPDFPage(nil)
        pdf.fillEllipse(in: CGRect(x: 100, y: 100, width: 200, height: 200))
        pdf.endPDFPage()
        pdf.closePDF()
        pdf.fill(CGRect(x: 0, y: 0, width: 10, height: 10))           // ignored, no crash
        let image = try rasterize(try Data(contentsOf: url))
        XCTAssertEqual(image.width, 612)                               // US Letter by default
        XCTAssertEqual(image.height, 792)
        XCTAssertNil(pdf.makeImage())
        XCTAssertNil(CGContext(URL(fileURLWithPath: "/nonexistent/dir/x.pdf") as CFURL, mediaBox: nil, nil))
    }
}
