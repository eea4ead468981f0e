import XCTest
import AppKit

/// What views are drawn with: colors, fonts, paths and graphics contexts.
final class DrawingTypesTests: XCTestCase {
    func testColors() throws {
        let color = NSColor(calibratedRed: 0.2, green: 0.4, blue: 0.6, alpha: 0.5)
        XCTAssertEqual(color.cgColor.components, [0.2, 0.4, 0.6, 0.5])
        XCTAssertEqual(color.withAlphaComponent(1).alphaComponent, 1)
        let back = try XCTUnwrap(NSColor(cgColor: CGColor(gray: 0.5, alpha: 1)))
        XCTAssertEqual(back.redComponent, 0.5, accuracy: 0.01, "gray converted to sRGB")
        XCTAssertEqual(NSColor(hue: 1.0 / 3, saturation: 1, brightness: 1, alpha: 1), NSColor(srgbRed: 0, green: 1, blue: 0, alpha: 1))
        XCTAssertEqual(NSColor.systemBlue.cgColor.components?.map { ($0 * 255).rounded() }, [0, 122, 255, 255])
        XCTAssertEqual(NSColor.labelColor.alphaComponent, 0.85)
        XCTAssertEqual(NSColor.red.blended(withFraction: 0.5, of: .blue), NSColor(srgbRed: 0.5, green: 0, blue: 0.5, alpha: 1))
        XCTAssertEqual(NSColor(red: .nan, green: 0, blue: 0, alpha: 2).alphaComponent, 1, "bad input is cleaned, not a crash")
    }

    func testFonts() throws {
        let font = NSFont.systemFont(ofSize: 20)
        XCTAssertEqual(font.pointSize, 20)
        XCTAssertGreaterThan(font.ascender, 0)
        XCTAssertLessThan(font.descender, 0)
        XCTAssertEqual(NSFont.systemFontSize, 13)
        XCTAssertEqual(NSFont.systemFont(ofSize: 0).pointSize, 13, "0 is the system size")
        XCTAssertNotEqual(NSFont.boldSystemFont(ofSize: 12).fontName, NSFont.systemFont(ofSize: 12).fontName)
        XCTAssertNil(NSFont(name: "", size: 12))
        XCTAssertEqual(NSFont(name: "Menlo", size: 11)?.pointSize, 11)
        let size = ("Hello" as NSString).size(withAttributes: [.font: NSFont.systemFont(ofSize: 20)])
        XCTAssertEqual(size.height, font.ascender - font.descender + font.leading, accuracy: 0.5)
        XCTAssertGreaterThan(size.width, ("Hello" as NSString).size(withAttributes: [.font: NSFont.systemFont(ofSize: 10)]).width * 1.8)
    }

    func testPaths() {
        let path = NSBezierPath(roundedRect: NSRect(x: 0, y: 0, width: 100, height: 50), xRadius: 10, yRadius: 10)
        XCTAssertEqual(path.bounds, NSRect(x: 0, y: 0, width: 100, height: 50))
        XCTAssertTrue(path.contains(NSPoint(x: 50, y: 25)))
        XCTAssertFalse(path.contains(NSPoint(x: 1, y: 1)), "the rounded corner")
        let oval = NSBezierPath(ovalIn: NSRect(x: 0, y: 0, width: 10, height: 10))
        oval.append(NSBezierPath(rect: NSRect(x: 20, y: 0, width: 10, height: 10)))
        XCTAssertEqual(oval.bounds, NSRect(x: 0, y: 0, width: 30, height: 10))
        let line = NSBezierPath()
        XCTAssertTrue(line.isEmpty)
        line.move(to: NSPoint(x: 1, y: 2))
        line.line(to: NSPoint(x: 5, y: 2))
        line.relativeLine(to: NSPoint(x: 0, y: 3))
        XCTAssertEqual(line.currentPoint, NSPoint(x: 5, y: 5))
        line.transform(using: AffineTransform(translationByX: 10, byY: 0))
        XCTAssertEqual(line.currentPoint, NSPoint(x: 15, y: 5))
        XCTAssertEqual(NSBezierPath(cgPath: line.cgPath).bounds, line.bounds)
        XCTAssertEqual(NSBezierPath(roundedRect: NSRect(x: 0, y: 0, width: 10, height: 10), xRadius: 50, yRadius: -1).bounds.width, 10,
                       "radii out of range are clamped")
    }

    func testGraphicsContextsSaveAndRestore() throws {
        let bitmap = try XCTUnwrap(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                                             space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        XCTAssertNil(NSGraphicsContext.current)
        let context = NSGraphicsContext(cgContext: bitmap, flipped: false)
        NSGraphicsContext.current = context
        XCTAssertTrue(NSGraphicsContext.current === context)
        XCTAssertFalse(NSGraphicsContext.current?.isFlipped ?? true)
        NSGraphicsContext.saveGraphicsState()
        bitmap.translateBy(x: 2, y: 0)
        NSGraphicsContext.restoreGraphicsState()
        XCTAssertEqual(bitmap.ctm.tx, 0, "the state saved is restored")
        NSColor.red.setFill()
        NSBezierPath.fill(NSRect(x: 0, y: 0, width: 4, height: 2))            // y up: the bottom rows
        NSGraphicsContext.current = nil
        XCTAssertNil(NSGraphicsContext.current)
        let image = try XCTUnwrap(bitmap.makeImage())
        XCTAssertEqual(Array(rgba(image, 1, 3).prefix(3)), red)
        XCTAssertEqual(rgba(image, 1, 0)[3], 0)
    }

    func testTheAppTellsItsDelegateOfTheLaunch() {
        final class Delegate: NSApplicationDelegate {
            var log: [String] = []
            func applicationWillFinishLaunching(_ notification: Notification) { log.append("will") }
            func applicationDidFinishLaunching(_ notification: Notification) { log.append("did \(notification.name.rawValue)") }
        }
        onMain {
            let delegate = Delegate()
            NSApplication.shared.delegate = delegate
            NSApplication.shared.finishLaunching()
            NSApplication.shared.finishLaunching()
            XCTAssertEqual(delegate.log, ["will", "did NSApplicationDidFinishLaunchingNotification"], "once")
            XCTAssertTrue(NSApp === NSApplication.shared)
            NSApplication.shared.delegate = nil
        }
    }
}
