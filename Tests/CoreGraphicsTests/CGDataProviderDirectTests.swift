import XCTest
import CoreGraphics

/// Direct-access data providers (`CGDataProvider(directInfo:size:callbacks:)`): read when an
/// image over one is first drawn, not when the image is made; read once; `info` released with
/// the provider.
final class CGDataProviderDirectTests: XCTestCase {
    /// What the callbacks below see: a 4×2 BGRA image's bytes and how often they were asked for.
    final class Source {
        var bytes: [UInt8]
        var reads = 0, pointers = 0, pointersReleased = 0, released = 0
        /// The bytes at a stable address, for `getBytePointer`.
        let pointer: UnsafeMutableRawPointer

        init() {
            // Row 0 opaque red, row 1 opaque blue (premultiplied first, 32-bit little: B G R A).
            bytes = Array(repeating: [0, 0, 255, 255], count: 4).flatMap { $0 } + Array(repeating: [255, 0, 0, 255], count: 4).flatMap { $0 }
            pointer = .allocate(byteCount: 32, alignment: 16)
            bytes.withUnsafeBytes { pointer.copyMemory(from: $0.baseAddress!, byteCount: 32) }
        }

        deinit { pointer.deallocate() }
    }

    private static let bitmapInfo = CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)

    private func image(over provider: CGDataProvider) throws -> CGImage {
        try XCTUnwrap(CGImage(width: 4, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 16, space: CGColorSpaceCreateDeviceRGB(),
                              bitmapInfo: Self.bitmapInfo, provider: provider, decode: nil, shouldInterpolate: false, intent: .defaultIntent))
    }

    /// The image drawn 1:1 into a new 4×2 context: its bytes.
    private func drawn(_ image: CGImage) throws -> [UInt8] {
        let c = try XCTUnwrap(CGContext(data: nil, width: 4, height: 2, bitsPerComponent: 8, bytesPerRow: 16, space: CGColorSpaceCreateDeviceRGB(),
                                        bitmapInfo: Self.bitmapInfo))
        c.draw(image, in: CGRect(x: 0, y: 0, width: 4, height: 2))
        return Array(UnsafeRawBufferPointer(start: c.data, count: 32))
    }

    func testBytesAtPositionAreReadWhenTheImageIsFirstDrawnAndOnce() throws {
        let source = Source()
        do {
            var callbacks = CGDataProviderDirectCallbacks(
                version: 0, getBytePointer: nil, releaseBytePointer: nil,
                getBytesAtPosition: { info, buffer, position, count in
                    let source = Unmanaged<Source>.fromOpaque(info!).takeUnretainedValue()
                    source.reads += 1
                    // Three bytes at a time: the provider asks again for the rest.
                    let n = min(count, 3, source.bytes.count - Int(position))
                    source.bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + Int(position), byteCount: n) }
                    return n
                },
                releaseInfo: { info in Unmanaged<Source>.fromOpaque(info!).takeUnretainedValue().released += 1 })
            let provider = try XCTUnwrap(CGDataProvider(directInfo: Unmanaged.passUnretained(source).toOpaque(), size: 32, callbacks: &callbacks))
            XCTAssertEqual(provider.info, Unmanaged.passUnretained(source).toOpaque())
            let image = try image(over: provider)
            XCTAssertEqual(source.reads, 0, "making the image reads nothing")
            XCTAssertEqual(try drawn(image), source.bytes)
            XCTAssertEqual(source.reads, 11, "32 bytes, three at a time")
            XCTAssertEqual(try drawn(image), source.bytes)
            XCTAssertEqual(source.reads, 11, "read once")
            XCTAssertEqual(source.released, 0)
        }
        XCTAssertEqual(source.released, 1, "info released with the provider")
    }

    func testABytePointerIsReleasedAfterItsBytesAreRead() throws {
        let source = Source()
        do {
            var callbacks = CGDataProviderDirectCallbacks(
                version: 0,
                getBytePointer: { info in
                    let source = Unmanaged<Source>.fromOpaque(info!).takeUnretainedValue()
                    source.pointers += 1
                    return UnsafeRawPointer(source.pointer)
                },
                releaseBytePointer: { info, _ in Unmanaged<Source>.fromOpaque(info!).takeUnretainedValue().pointersReleased += 1 },
                getBytesAtPosition: nil, releaseInfo: nil)
            let provider = try XCTUnwrap(CGDataProvider(directInfo: Unmanaged.passUnretained(source).toOpaque(), size: 32, callbacks: &callbacks))
            let image = try image(over: provider)
            XCTAssertEqual(source.pointers, 0)
            XCTAssertEqual(try drawn(image), source.bytes)
            XCTAssertEqual(source.pointers, 1)
            XCTAssertEqual(source.pointersReleased, 1)
            XCTAssertEqual(provider.data.map { Array($0 as Data) }, source.bytes)
            XCTAssertEqual(source.pointers, 1)
        }
    }

    func testAProviderWithoutAWayToReadOrTooSmallIsRefused() throws {
        var none = CGDataProviderDirectCallbacks()
        XCTAssertNil(CGDataProvider(directInfo: nil, size: 32, callbacks: &none))
        var callbacks = CGDataProviderDirectCallbacks(version: 0, getBytePointer: nil, releaseBytePointer: nil,
                                                      getBytesAtPosition: { _, _, _, count in count }, releaseInfo: nil)
        XCTAssertNil(CGDataProvider(directInfo: nil, size: -1, callbacks: &callbacks))
        // A declared size no image may take is refused now, not trapped on when first read.
        XCTAssertNil(CGDataProvider(directInfo: nil, size: 1 << 40, callbacks: &callbacks))
        XCTAssertNil(CGDataProvider(directInfo: nil, size: .max, callbacks: &callbacks))
        let small = try XCTUnwrap(CGDataProvider(directInfo: nil, size: 16, callbacks: &callbacks))
        XCTAssertNil(CGImage(width: 4, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 16, space: CGColorSpaceCreateDeviceRGB(),
                             bitmapInfo: Self.bitmapInfo, provider: small, decode: nil, shouldInterpolate: false, intent: .defaultIntent),
                     "16 bytes cannot hold a 4×2 image")
    }
}
