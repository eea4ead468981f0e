import XCTest
import CoreGraphics

/// `drawingAsOneBatch` converts a bitmap of a layout cairo does not draw once for many
/// operations instead of once each: the bytes must come out the same as without it, and a read of
/// `data` in the middle must see everything drawn so far and keep what is written through it.
final class DrawingBatchTests: XCTestCase {
    /// RGBA (converted with pixman) and gray (converted row by row).
    let layouts: [(name: String, space: CGColorSpace, info: UInt32, bpp: Int)] = [
        ("RGBA", CGColorSpaceCreateDeviceRGB(), CGImageAlphaInfo.premultipliedLast.rawValue, 4),
        ("gray", CGColorSpaceCreateDeviceGray(), CGImageAlphaInfo.none.rawValue, 1),
    ]

    /// Overlapping translucent fills (each reads what the one before drew), one far from the
    /// others (the covered rectangle grows by bands around what it holds), a stroke and a clear.
    func draw(_ c: CGContext) {
        c.setFillColor(red: 0.8, green: 0.2, blue: 0.1, alpha: 0.6)
        c.fill(CGRect(x: 4, y: 4, width: 10, height: 8))
        c.setFillColor(red: 0.1, green: 0.7, blue: 0.3, alpha: 0.5)
        c.fill(CGRect(x: 9, y: 7, width: 10, height: 10))
        c.setFillColor(red: 0.2, green: 0.2, blue: 0.9, alpha: 0.7)
        c.fillEllipse(in: CGRect(x: 22, y: 1, width: 9, height: 6))
        c.setStrokeColor(red: 1, green: 1, blue: 0, alpha: 0.8)
        c.setLineWidth(2.5)
        c.stroke(CGRect(x: 2.5, y: 14.5, width: 26, height: 6))
        c.clear(CGRect(x: 11, y: 9, width: 3, height: 3))
    }

    func bytes(_ layout: (name: String, space: CGColorSpace, info: UInt32, bpp: Int), batched: Bool,
               middle: ((CGContext) -> Void)? = nil) -> [UInt8] {
        let (w, h) = (32, 24)
        var memory = [UInt8](repeating: 40, count: w * h * layout.bpp)   // not empty: the bytes are read in
        memory.withUnsafeMutableBytes { raw in
            guard let c = CGContext(data: raw.baseAddress, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * layout.bpp,
                                    space: layout.space, bitmapInfo: layout.info) else { return XCTFail("no \(layout.name) context") }
            let body = {
                self.draw(c)
                middle?(c)
                c.setFillColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5)
                c.fill(CGRect(x: 0, y: 0, width: 6, height: 24))
            }
            if batched { c.drawingAsOneBatch(body) } else { body() }
        }
        return memory
    }

    func testABatchDrawsTheSameBytes() {
        for layout in layouts {
            XCTAssertEqual(bytes(layout, batched: true), bytes(layout, batched: false), layout.name)
        }
    }

    func testReadingDataInABatchSeesTheDrawingAndKeepsWhatIsWritten() {
        for layout in layouts {
            var seen: UInt8 = 0
            let write: (CGContext) -> Void = { c in
                // y-up drawing: the fill at y 4..<12 is at rows 12..<20 of memory; pixel (5, 15).
                let data = c.data!.assumingMemoryBound(to: UInt8.self)
                seen = data[(15 * 32 + 5) * layout.bpp]
                data[(2 * 32 + 30) * layout.bpp] = 7                       // a byte nothing else draws over
            }
            let batched = bytes(layout, batched: true, middle: write)
            XCTAssertEqual(batched, bytes(layout, batched: false, middle: write), layout.name)
            XCTAssertNotEqual(seen, 40, "\(layout.name): data shows the fill drawn before it was read")
            XCTAssertEqual(batched[(2 * 32 + 30) * layout.bpp], 7, "\(layout.name): the write through data stays")
        }
    }

    func testAnImageMadeInABatchHoldsTheDrawing() throws {
        let c = try XCTUnwrap(CGContext(data: nil, width: 8, height: 8, bitsPerComponent: 8, bytesPerRow: 32,
                                        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        let image = c.drawingAsOneBatch { () -> CGImage? in
            c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            c.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
            return c.makeImage()
        }
        let bytes = try XCTUnwrap(try XCTUnwrap(image).dataProvider?.data as Data?)
        XCTAssertEqual(Array(bytes.prefix(4)), [255, 0, 0, 255])
    }

    /// A context that allocated its own bytes brings them up to date only when they are read:
    /// an image, then `data` (after which what is written through it stays under later drawing).
    func testAContextsOwnBytesAreCurrentWhenRead() throws {
        let c = try XCTUnwrap(CGContext(data: nil, width: 8, height: 8, bitsPerComponent: 8, bytesPerRow: 32,
                                        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.fill(CGRect(x: 0, y: 4, width: 8, height: 4))                  // the top four rows
        let first = try XCTUnwrap(c.makeImage()?.dataProvider?.data as Data?)
        XCTAssertEqual(Array(first.prefix(4)), [0, 0, 255, 255])
        XCTAssertEqual(Array(first.suffix(4)), [0, 0, 0, 0])
        let data = try XCTUnwrap(c.data).assumingMemoryBound(to: UInt8.self)
        XCTAssertEqual(Array(UnsafeBufferPointer(start: data, count: 4)), [0, 0, 255, 255])
        data[31 * 4 + 1] = 200                                           // a green byte, row 3
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        c.fill(CGRect(x: 0, y: 0, width: 8, height: 2))                  // the bottom two rows
        let second = try XCTUnwrap(c.makeImage()?.dataProvider?.data as Data?)
        XCTAssertEqual(second[31 * 4 + 1], 200, "the byte written through data stays")
        XCTAssertEqual(Array(second.suffix(4)), [128, 0, 0, 128])
        XCTAssertEqual(Array(second.prefix(4)), [0, 0, 255, 255])
    }
}
