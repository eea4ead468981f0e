import XCTest
import CoreText

/// Fonts registered while the app runs, as lottie-ios's tests register their samples' fonts:
/// `CTFontManagerRegisterFontsForURL(url as CFURL, .process, nil)`.
final class FontManagerTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/LaminaTestSans.ttf")

    /// The width of "A" laid out in `name` at 20 points.
    private static func widthOfA(in name: String) -> Double {
        let font = CTFontCreateWithName(name as CFString, 20, nil)
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "A", attributes: [.font: font]))
        return CTLineGetTypographicBounds(line, nil, nil, nil)
    }

    private func errorCode(_ error: Unmanaged<CFError>?) -> Int? { error?.takeRetainedValue().code }

    func testARegisteredFontIsFoundByNameAndLaysOutWithItsOwnMetrics() {
        let url = Self.fixture as CFURL
        let dejaVu = Self.widthOfA(in: "DejaVuSans")
        XCTAssertNotEqual(CTFontCopyPostScriptName(CTFontCreateWithName("LaminaTestSans" as CFString, 20, nil)) as String,
                          "LaminaTestSans", "not installed: a fallback answers")
        // Another thread lays out before the registration (making its own Pango font map) and
        // again after it.
        let laidOutBefore = DispatchSemaphore(value: 0), registered = DispatchSemaphore(value: 0)
        let after = expectation(description: "the other thread's layout after the registration")
        nonisolated(unsafe) var widths: [Double] = []
        Thread {
            widths.append(Self.widthOfA(in: "LaminaTestSans"))
            laidOutBefore.signal()
            registered.wait()
            widths.append(Self.widthOfA(in: "LaminaTestSans"))
            after.fulfill()
        }.start()
        laidOutBefore.wait()
        var error: Unmanaged<CFError>?
        XCTAssertTrue(CTFontManagerRegisterFontsForURL(url, .process, &error))
        XCTAssertNil(error)
        defer { CTFontManagerUnregisterFontsForURL(url, .process, nil) }
        registered.signal()
        let font = CTFontCreateWithName("LaminaTestSans" as CFString, 20, nil)
        XCTAssertEqual(CTFontCopyPostScriptName(font) as String, "LaminaTestSans")
        XCTAssertEqual(CTFontCopyPostScriptName(CTFontCreateWithName("Lamina Test Sans" as CFString, 20, nil)) as String,
                       "LaminaTestSans", "by family name too")
        // Its "A" is twice DejaVu Sans's: the layout used the registered face.
        XCTAssertEqual(Self.widthOfA(in: "LaminaTestSans"), 2 * dejaVu, accuracy: 0.01)
        wait(for: [after], timeout: 10)
        XCTAssertEqual(widths.count, 2)
        XCTAssertNotEqual(widths.first ?? 0, 2 * dejaVu, accuracy: 0.01, "before: a fallback")
        XCTAssertEqual(widths.last ?? 0, 2 * dejaVu, accuracy: 0.01, "after: the registered face")
    }

    func testRegistrationErrorsAreCoreTextsCodes() {
        let url = Self.fixture as CFURL
        XCTAssertTrue(CTFontManagerRegisterFontsForURL(url, .process, nil))
        var error: Unmanaged<CFError>?
        XCTAssertFalse(CTFontManagerRegisterFontsForURL(url, .process, &error))
        XCTAssertEqual(errorCode(error), CTFontManagerError.alreadyRegistered.rawValue)
        XCTAssertTrue(CTFontManagerUnregisterFontsForURL(url, .process, nil))
        error = nil
        XCTAssertFalse(CTFontManagerUnregisterFontsForURL(url, .process, &error))
        XCTAssertEqual(errorCode(error), CTFontManagerError.notRegistered.rawValue)
        error = nil
        let missing = URL(fileURLWithPath: "/nonexistent/Nothing.ttf") as CFURL
        XCTAssertFalse(CTFontManagerRegisterFontsForURL(missing, .process, &error))
        XCTAssertEqual(errorCode(error), CTFontManagerError.fileNotFound.rawValue)
        error = nil
        let notAFont = URL(fileURLWithPath: #filePath) as CFURL
        XCTAssertFalse(CTFontManagerRegisterFontsForURL(notAFont, .process, &error))
        XCTAssertEqual(errorCode(error), CTFontManagerError.unrecognizedFormat.rawValue)
    }

    func testSeveralURLsReportTheirErrorsToTheHandler() {
        let good = Self.fixture as NSURL, missing = NSURL(fileURLWithPath: "/nonexistent/Nothing.ttf")
        var reported: [Int] = []
        CTFontManagerRegisterFontURLs([good, missing] as CFArray, .process, true) { errors, done in
            XCTAssertTrue(done)
            reported = (errors as [AnyObject]).compactMap { ($0 as? NSError)?.code }
            return true
        }
        defer { CTFontManagerUnregisterFontsForURL(good, .process, nil) }
        XCTAssertEqual(reported, [CTFontManagerError.fileNotFound.rawValue])
        XCTAssertEqual(CTFontCopyPostScriptName(CTFontCreateWithName("LaminaTestSans" as CFString, 12, nil)) as String, "LaminaTestSans")
    }

    func testCoreFoundationArrayFunctionsReadCoreTextsArrays() throws {
        let framesetter = CTFramesetterCreateWithAttributedString(NSAttributedString(string: "one\ntwo\nthree"))
        let frame = CTFramesetterCreateFrame(framesetter, CFRange(location: 0, length: 0),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: 200, height: 200), transform: nil), nil)
        let lines = CTFrameGetLines(frame)
        XCTAssertEqual(CFArrayGetCount(lines), 3)
        let second = unsafeBitCast(try XCTUnwrap(CFArrayGetValueAtIndex(lines, 1)), to: CTLine.self)
        XCTAssertEqual(CTLineGetStringRange(second).location, 4)
        XCTAssertNil(CFArrayGetValueAtIndex(lines, 3))
    }
}
