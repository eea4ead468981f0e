import XCTest
import UIKit

/// Drawing the UIKit way: `draw(_:)` into `UIGraphicsGetCurrentContext()`, image renderers,
/// Bézier paths, images and strings, all in y-down points.
final class UIKitDrawingTests: XCTestCase {
    func testAViewDrawsIntoTheCurrentContextTopDown() throws {
        try MainActor.assumeIsolated {
            final class Bar: UIView {
                var draws = 0
                override func draw(_ rect: CGRect) {
                    draws += 1
                    UIColor.red.setFill()
                    UIRectFill(CGRect(x: 0, y: 0, width: rect.width, height: 10))    // the top 10 points
                }
            }
            let view = Bar(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            view.backgroundColor = .blue
            XCTAssertTrue(view.layer.needsDisplay())
            view.draws = 0
            view.layer.displayIfNeeded()
            XCTAssertEqual(view.draws, 1)
            let image = try XCTUnwrap(frame(of: view.layer))
            XCTAssertTrue(close(rgba(image, 20, 5), [255, 0, 0, 255]))
            XCTAssertTrue(close(rgba(image, 20, 30), [0, 0, 255, 255]))
            view.setNeedsDisplay()
            view.layer.displayIfNeeded()
            XCTAssertEqual(view.draws, 2)
        }
    }

    func testViewsThatDoNotDrawGetNoBackingImage() {
        MainActor.assumeIsolated {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            view.setNeedsDisplay()
            XCTAssertFalse(view.layer.needsDisplay())
            view.layer.displayIfNeeded()
            XCTAssertNil(view.layer.contents)
        }
    }

    func testRedrawContentModeRedrawsOnResize() {
        MainActor.assumeIsolated {
            final class Drawn: UIView {
                override func draw(_ rect: CGRect) { UIColor.green.setFill(); UIRectFill(rect) }
            }
            let view = Drawn(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            view.layer.displayIfNeeded()
            view.bounds.size = CGSize(width: 20, height: 20)
            XCTAssertFalse(view.layer.needsDisplay(), "scaleToFill stretches the old picture")
            view.contentMode = .redraw
            view.bounds.size = CGSize(width: 30, height: 30)
            XCTAssertTrue(view.layer.needsDisplay())
        }
    }

    func testImageRendererDrawsTopDownAtItsScale() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10), format: format)
        let image = renderer.image { context in
            XCTAssertTrue(UIGraphicsGetCurrentContext() === context.cgContext)
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 20, height: 5))
        }
        XCTAssertEqual(image.size, CGSize(width: 20, height: 10))
        XCTAssertEqual(image.scale, 2)
        let cg = try XCTUnwrap(image.cgImage)
        XCTAssertEqual(cg.width, 40)
        XCTAssertTrue(close(rgba(cg, 10, 2), [255, 0, 0, 255]))
        XCTAssertEqual(rgba(cg, 10, 15)[3], 0)
        XCTAssertNil(UIGraphicsGetCurrentContext())
        let png = renderer.pngData { _ in UIColor.blue.setFill(); UIRectFill(CGRect(x: 0, y: 0, width: 5, height: 5)) }
        let decoded = try XCTUnwrap(UIImage(data: png, scale: 2))
        XCTAssertEqual(decoded.size, CGSize(width: 20, height: 10))
        XCTAssertTrue(close(rgba(try XCTUnwrap(decoded.cgImage), 2, 2), [0, 0, 255, 255]))
    }

    func testBeginImageContextFamily() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 10), false, 1)
        UIColor.green.setFill()
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 3)).fill()
        let image = try XCTUnwrap(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        XCTAssertNil(UIGraphicsGetCurrentContext())
        XCTAssertTrue(close(rgba(try XCTUnwrap(image.cgImage), 5, 1), [0, 255, 0, 255]))
        XCTAssertEqual(rgba(try XCTUnwrap(image.cgImage), 5, 8)[3], 0)
    }

    func testBezierPaths() throws {
        let rounded = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 50), cornerRadius: 10)
        XCTAssertTrue(rounded.contains(CGPoint(x: 50, y: 25)))
        XCTAssertFalse(rounded.contains(CGPoint(x: 1, y: 1)), "the corner is cut")
        XCTAssertEqual(rounded.bounds.width, 100, accuracy: 0.01)
        let square = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 50), byRoundingCorners: [.topRight],
                                  cornerRadii: CGSize(width: 10, height: 10))
        XCTAssertTrue(square.contains(CGPoint(x: 1, y: 1)))
        XCTAssertFalse(square.contains(CGPoint(x: 99, y: 1)))
        let oval = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 20))
        XCTAssertFalse(oval.contains(CGPoint(x: 1, y: 1)))
        XCTAssertEqual(UIBezierPath().lineWidth, 1)
        XCTAssertTrue(UIBezierPath().isEmpty)
        // Clockwise on screen (y down): from 3 o'clock through 6 o'clock.
        let arc = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        XCTAssertGreaterThan(arc.bounds.maxY, 85, "goes below the center")
        XCTAssertLessThan(arc.bounds.minY, 55)
        let line = UIBezierPath()
        line.move(to: CGPoint(x: 0, y: 0))
        line.addLine(to: CGPoint(x: 10, y: 0))
        line.addQuadCurve(to: CGPoint(x: 20, y: 10), controlPoint: CGPoint(x: 20, y: 0))
        line.addCurve(to: CGPoint(x: 30, y: 30), controlPoint1: CGPoint(x: 20, y: 20), controlPoint2: CGPoint(x: 25, y: 30))
        XCTAssertEqual(line.currentPoint, CGPoint(x: 30, y: 30))
        XCTAssertEqual(line.reversing().currentPoint, CGPoint(x: 0, y: 0))
        line.apply(CGAffineTransform(translationX: 5, y: 0))
        XCTAssertEqual(line.currentPoint, CGPoint(x: 35, y: 30))
        var dashes: [CGFloat] = [4, 2]
        line.setLineDash(&dashes, count: 2, phase: 1)
        var count = 0, phase: CGFloat = 0
        line.getLineDash(nil, count: &count, phase: &phase)
        XCTAssertEqual(count, 2)
        XCTAssertEqual(phase, 1)

        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { _ in
            UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20)).addClip()
            UIColor.red.setFill()
            UIBezierPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20)).fill()
            UIColor.blue.setStroke()
            let stroke = UIBezierPath()
            stroke.move(to: CGPoint(x: 0, y: 15)); stroke.addLine(to: CGPoint(x: 20, y: 15))
            stroke.lineWidth = 2
            stroke.stroke()
        }
        let cg = try XCTUnwrap(image.cgImage)
        XCTAssertTrue(close(rgba(cg, 5, 5), [255, 0, 0, 255]))
        XCTAssertEqual(rgba(cg, 15, 5)[3], 0, "clipped")
        XCTAssertTrue(close(rgba(cg, 5, 15), [0, 0, 255, 255]))
    }

    func testImages() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 4)).image { _ in
            UIColor.red.setFill(); UIRectFill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        let png = try XCTUnwrap(image.pngData())
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uikit-images-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try png.write(to: directory.appendingPathComponent("badge@2x.png"))
        let loaded = try XCTUnwrap(UIImage(contentsOfFile: directory.appendingPathComponent("badge@2x.png").path))
        XCTAssertEqual(loaded.scale, 2)
        XCTAssertEqual(loaded.size, CGSize(width: 4, height: 2))
        let bundle = try XCTUnwrap(Bundle(path: directory.path))
        let named = try XCTUnwrap(UIImage(named: "badge", in: bundle, compatibleWith: nil))
        XCTAssertEqual(named.scale, 2)
        XCTAssertNil(UIImage(named: "missing", in: bundle, compatibleWith: nil))
        XCTAssertNotNil(image.jpegData(compressionQuality: 0.9).flatMap { UIImage(data: $0) })
        XCTAssertNil(UIImage(data: Data([1, 2, 3])))
        let turned = UIImage(cgImage: try XCTUnwrap(image.cgImage), scale: 1, orientation: .right)
        XCTAssertEqual(turned.size, CGSize(width: 4, height: 8))
        let resizable = image.resizableImage(withCapInsets: UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1))
        XCTAssertEqual(resizable.capInsets.left, 1)
        XCTAssertEqual(resizable.resizingMode, .tile)
        XCTAssertEqual(image.withRenderingMode(.alwaysTemplate).renderingMode, .alwaysTemplate)
        XCTAssertEqual(image.renderingMode, .automatic)
        let drawn = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8)).image { _ in image.draw(at: CGPoint(x: 0, y: 4)) }
        let cg = try XCTUnwrap(drawn.cgImage)
        XCTAssertTrue(close(rgba(cg, 1, 6), [255, 0, 0, 255]), "drawn upright below y 4")
        XCTAssertEqual(rgba(cg, 1, 1)[3], 0)
        XCTAssertEqual(UIImage.animatedImage(with: [image, image], duration: 1)?.images?.count, 2)
    }

    func testColors() {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        XCTAssertTrue(UIColor.systemBlue.getRed(&r, green: &g, blue: &b, alpha: &a))
        XCTAssertEqual([r, g, b, a], [0, 122.0 / 255, 1, 1])
        XCTAssertEqual(UIColor.red.withAlphaComponent(0.5).cgColor.alpha, 0.5)
        XCTAssertEqual(UIColor(white: 0.5, alpha: 1), UIColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))
        XCTAssertEqual(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1), .red)
        var h: CGFloat = 0, s: CGFloat = 0, v: CGFloat = 0
        XCTAssertTrue(UIColor.green.getHue(&h, saturation: &s, brightness: &v, alpha: &a))
        XCTAssertEqual(h, 1.0 / 3, accuracy: 1e-9)
        var w: CGFloat = 0
        XCTAssertTrue(UIColor.darkGray.getWhite(&w, alpha: &a))
        XCTAssertEqual(w, 1.0 / 3, accuracy: 1e-9)
        XCTAssertFalse(UIColor.red.getWhite(&w, alpha: &a))
        XCTAssertEqual(UIColor(cgColor: UIColor.orange.cgColor), .orange)
        XCTAssertEqual(UIColor.clear.cgColor.alpha, 0)
        XCTAssertEqual(UIColor.label, .black)
        XCTAssertEqual(UIColor(dynamicProvider: { $0.userInterfaceStyle == .dark ? .white : .black }), .black)
    }

    func testFonts() throws {
        let font = UIFont.systemFont(ofSize: 17)
        XCTAssertEqual(font.pointSize, 17)
        XCTAssertGreaterThan(font.ascender, 0)
        XCTAssertLessThan(font.descender, 0)
        XCTAssertEqual(font.lineHeight, font.ascender - font.descender + font.leading, accuracy: 1e-9)
        XCTAssertTrue(UIFont.boldSystemFont(ofSize: 17).fontName.localizedCaseInsensitiveContains("bold"))
        XCTAssertTrue(UIFont.systemFont(ofSize: 17, weight: .semibold).fontName.localizedCaseInsensitiveContains("bold"))
        XCTAssertFalse(UIFont.systemFont(ofSize: 17, weight: .medium).fontName.localizedCaseInsensitiveContains("bold"))
        XCTAssertTrue(UIFont.italicSystemFont(ofSize: 12).fontName.localizedCaseInsensitiveContains("italic"))
        XCTAssertEqual(UIFont.systemFont(ofSize: 10).withSize(20).pointSize, 20)
        let helvetica = try XCTUnwrap(UIFont(name: "Helvetica-Bold", size: 14))
        XCTAssertEqual(helvetica.pointSize, 14)
        XCTAssertNil(UIFont(name: "", size: 12))
        // Monospaced digits: every digit has one advance.
        let digits = UIFont.monospacedDigitSystemFont(ofSize: 20, weight: .regular)
        var characters = Array("0123456789".utf16), glyphs = [CGGlyph](repeating: 0, count: 10)
        XCTAssertTrue(CTFontGetGlyphsForCharacters(digits.ctFont, &characters, &glyphs, 10))
        var advances = [CGSize](repeating: .zero, count: 10)
        _ = CTFontGetAdvancesForGlyphs(digits.ctFont, .horizontal, glyphs, &advances, 10)
        XCTAssertEqual(Set(advances.map(\.width)).count, 1)
        XCTAssertEqual(UIFont.labelFontSize, 17)
    }

    func testStringMeasuringAndDrawing() throws {
        let font = UIFont.systemFont(ofSize: 20)
        let size = "Hello".size(withAttributes: [.font: font])
        XCTAssertEqual(size.height, font.lineHeight, accuracy: 0.5)
        XCTAssertGreaterThan(size.width, 40)
        XCTAssertEqual(("Hello" as NSString).size(withAttributes: [.font: font]), size)
        let wrapped = "Hello Hello Hello".boundingRect(with: CGSize(width: size.width * 1.5, height: .greatestFiniteMagnitude),
                                                      options: .usesLineFragmentOrigin, attributes: [.font: font], context: nil)
        XCTAssertEqual(wrapped.height, 3 * size.height, accuracy: 1, "three lines")
        let oneLine = "Hello".boundingRect(with: .zero, options: [], attributes: [.font: font], context: nil)
        XCTAssertEqual(oneLine.minY, -font.ascender, accuracy: 0.5, "without line fragments the origin is the baseline")
        let twoLines = "A\nB".size(withAttributes: [.font: font])
        XCTAssertEqual(twoLines.height, 2 * font.lineHeight, accuracy: 1)

        let image = UIGraphicsImageRenderer(size: CGSize(width: 60, height: 30)).image { _ in
            "███".draw(at: CGPoint(x: 0, y: 0), withAttributes: [.font: font, .foregroundColor: UIColor.red])
        }
        let cg = try XCTUnwrap(image.cgImage)
        var redAtTop = false
        for y in 2..<12 where close(rgba(cg, 10, y), [255, 0, 0, 255], tolerance: 10) { redAtTop = true }
        XCTAssertTrue(redAtTop, "text hangs from the point, upright")
        XCTAssertEqual(rgba(cg, 10, 29)[3], 0)

        let style = NSMutableParagraphStyle()
        style.alignment = .right
        let right = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 30)).image { _ in
            "█".draw(in: CGRect(x: 0, y: 0, width: 100, height: 30), withAttributes: [.font: font, .paragraphStyle: style])
        }
        let rcg = try XCTUnwrap(right.cgImage)
        XCTAssertGreaterThan(rgba(rcg, 95, 12)[3], 200, "aligned right")
        XCTAssertEqual(rgba(rcg, 5, 12)[3], 0)
        XCTAssertEqual(NSParagraphStyle.default.alignment, .natural)
        XCTAssertEqual(NSParagraphStyle.default.lineBreakMode, .byWordWrapping)
    }
}

final class UIViewSnapshotTests: XCTestCase {
    func testDrawHierarchyRendersTheViewAndItsSubviews() throws {
        let image: UIImage = MainActor.assumeIsolated {
            let view = UIView(frame: CGRect(x: 100, y: 100, width: 40, height: 20))
            view.backgroundColor = .red
            let child = UILabel(frame: CGRect(x: 20, y: 0, width: 20, height: 10))
            child.backgroundColor = .blue
            view.addSubview(child)
            XCTAssertEqual(view.layoutMargins, UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
            XCTAssertEqual(view.safeAreaInsets, .zero)
            return UIGraphicsImageRenderer(bounds: view.bounds).image { _ in
                XCTAssertTrue(view.drawHierarchy(in: view.bounds, afterScreenUpdates: true))
            }
        }
        let cg = try XCTUnwrap(image.cgImage)
        XCTAssertTrue(close(rgba(cg, 5, 10), [255, 0, 0, 255]))
        XCTAssertTrue(close(rgba(cg, 35, 3), [0, 0, 255, 255]), "the subview, at its place (the top right)")
        XCTAssertTrue(close(rgba(cg, 35, 15), [255, 0, 0, 255]))
        XCTAssertFalse(MainActor.assumeIsolated { UIView().drawHierarchy(in: .zero, afterScreenUpdates: false) }, "no current context")
    }
}
