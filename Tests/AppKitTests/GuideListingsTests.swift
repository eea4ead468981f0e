import XCTest
import AppKit
import ImageIO
import LaminaTesting

/// The OS X listings of the Core Animation Programming Guide, written as a Mac app writes them
/// (`import AppKit`), and the pictures their text describes, against goldens.
final class GuideListingsTests: XCTestCase {
    /// Antialiased edges and gradients differ by a level or two between machines.
    static let comparison = SnapshotComparison(channelTolerance: 3, maxDifferingFraction: 0.002)

    // MARK: The views, as the guide writes them

    /// A layer-hosting view: the app's layer is assigned before `wantsLayer`, and AppKit leaves
    /// its contents and sublayers to the app.
    @MainActor static func makeHostingView() -> NSView {
        let view = NSView(frame: NSRect(x: 0, y: 0, width: 120, height: 80))
        let hostedLayer = CALayer()
        hostedLayer.backgroundColor = NSColor(calibratedRed: 0.1, green: 0.2, blue: 0.3, alpha: 1).cgColor
        let bottomLeft = CALayer()
        bottomLeft.frame = CGRect(x: 10, y: 10, width: 30, height: 20)      // y up from the bottom, as on macOS
        bottomLeft.backgroundColor = NSColor.systemOrange.cgColor
        bottomLeft.cornerRadius = 4
        hostedLayer.addSublayer(bottomLeft)
        let topRight = CALayer()
        topRight.frame = CGRect(x: 80, y: 50, width: 30, height: 20)
        topRight.backgroundColor = NSColor.systemTeal.cgColor
        hostedLayer.addSublayer(topRight)
        view.layer = hostedLayer
        view.wantsLayer = true
        return view
    }

    /// A view that changes its layer's class by overriding `makeBackingLayer`.
    final class GradientView: NSView {
        override func makeBackingLayer() -> CALayer {
            let gradient = CAGradientLayer()
            gradient.colors = [NSColor.systemBlue.cgColor, NSColor.systemPink.cgColor]
            gradient.startPoint = CGPoint(x: 0, y: 0.5)
            gradient.endPoint = CGPoint(x: 1, y: 0.5)
            return gradient
        }
    }

    /// A view that gives its layer an image directly (`wantsUpdateLayer`), instead of drawing.
    final class ImageBackedView: NSView {
        nonisolated(unsafe) static var backgroundImage: NSImage?
        var updates = 0
        override var wantsUpdateLayer: Bool { true }
        override func updateLayer() {
            updates += 1
            layer?.contents = ImageBackedView.backgroundImage
        }
    }

    /// Red over blue at 1×, green over blue at 2× (so the pictures tell which was used), in a
    /// folder of their own.
    static func writeImages() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-appkit-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func write(_ name: String, side: Int, top: CGColor) throws {
            let ctx = CGContext(data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: side, height: side / 2))            // y up: the bottom half
            ctx.setFillColor(top)
            ctx.fill(CGRect(x: 0, y: side / 2, width: side, height: side / 2))
            let url = folder.appendingPathComponent(name)
            let destination = try XCTUnwrap(CGImageDestinationCreateWithURL(url as CFURL, "public.png" as CFString, 1, nil))
            CGImageDestinationAddImage(destination, ctx.makeImage()!, nil)
            XCTAssertTrue(CGImageDestinationFinalize(destination))
        }
        try write("badge.png", side: 20, top: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        try write("badge@2x.png", side: 40, top: CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        return folder
    }

    // MARK: Pictures

    func testALayerHostingViewShowsTheAppsLayers() throws {
        try onMain {
            let view = Self.makeHostingView()
            let window = offscreenWindow(NSSize(width: 120, height: 80), with: [view])
            let image = try XCTUnwrap(window.capture())
            assertSnapshot(image, named: "layer-hosting-view", comparison: Self.comparison)
            XCTAssertTrue(close(rgb(image, 25, 60), [255, 149, 0]), "the sublayer at y 10 is near the bottom: \(rgb(image, 25, 60))")
            XCTAssertTrue(close(rgb(image, 95, 20), [89, 173, 196]), "the one at y 50 near the top")
            XCTAssertTrue(close(rgb(image, 60, 40), [26, 51, 77]))
        }
    }

    func testMakeBackingLayerChangesTheLayersClass() throws {
        try onMain {
            let view = GradientView(frame: NSRect(x: 0, y: 0, width: 120, height: 40))
            view.wantsLayer = true
            XCTAssertTrue(view.layer is CAGradientLayer)
            let window = offscreenWindow(NSSize(width: 120, height: 40), with: [view])
            let image = try XCTUnwrap(window.capture())
            assertSnapshot(image, named: "make-backing-layer", comparison: Self.comparison)
            XCTAssertTrue(close(rgb(image, 1, 20), [0, 122, 255], tolerance: 8), "\(rgb(image, 1, 20))")
            XCTAssertTrue(close(rgb(image, 118, 20), [255, 45, 85], tolerance: 8), "\(rgb(image, 118, 20))")
        }
    }

    func testWantsUpdateLayerGivesTheLayerAnImage() throws {
        let folder = try Self.writeImages()
        try onMain {
            ImageBackedView.backgroundImage = NSImage(contentsOfFile: folder.appendingPathComponent("badge.png").path)
            XCTAssertEqual(ImageBackedView.backgroundImage?.size, NSSize(width: 20, height: 20))
            XCTAssertEqual(ImageBackedView.backgroundImage?.representations.count, 2, "badge@2x.png beside it")
            let view = ImageBackedView(frame: NSRect(x: 10, y: 10, width: 40, height: 40))
            view.wantsLayer = true
            let window = offscreenWindow(NSSize(width: 60, height: 60), with: [view])
            let image = try XCTUnwrap(window.capture())
            XCTAssertEqual(view.updates, 1)
            assertSnapshot(image, named: "wants-update-layer", comparison: Self.comparison)
            XCTAssertTrue(close(rgb(image, 30, 20), red), "upright: the red half on top, \(rgb(image, 30, 20))")
            XCTAssertTrue(close(rgb(image, 30, 40), blue))
            XCTAssertTrue(close(rgb(image, 5, 5), white))
        }
    }

    func testAnImageAsContentsAtTwiceTheScale() throws {
        let folder = try Self.writeImages()
        try onMain {
            let image = try XCTUnwrap(NSImage(contentsOfFile: folder.appendingPathComponent("badge.png").path))
            let view = NSView(frame: NSRect(x: 0, y: 0, width: 20, height: 20))
            let layer = CALayer()
            view.layer = layer
            view.wantsLayer = true
            // The guide's listing, with the window's scale taken as 2.
            let desiredScaleFactor: CGFloat = 2
            let actualScaleFactor = image.recommendedLayerContentsScale(desiredScaleFactor)
            let layerContents = image.layerContents(forContentsScale: actualScaleFactor)
            layer.contents = layerContents
            layer.contentsScale = actualScaleFactor
            XCTAssertEqual(actualScaleFactor, 2)
            XCTAssertEqual((layer.contents as? CGImage)?.width, 40, "the @2x representation")
            XCTAssertEqual(image.recommendedLayerContentsScale(1), 1)
            XCTAssertEqual(image.recommendedLayerContentsScale(3), 2, "the finest there is")
            let picture = try XCTUnwrap(renderSnapshot(of: layer, scale: 2))
            XCTAssertEqual(picture.width, 40)
            assertSnapshot(picture, named: "image-contents-2x", comparison: Self.comparison)
            XCTAssertTrue(close(rgb(picture, 20, 5), green), "the 2× picture, upright: \(rgb(picture, 20, 5))")
            XCTAssertTrue(close(rgb(picture, 20, 35), blue))
            // An NSImage given as contents directly shows the representation for the layer's scale.
            let direct = CALayer()
            direct.contentsScale = 1
            direct.contents = image
            XCTAssertEqual((direct.contents as? CGImage)?.width, 20)
        }
    }

    func testStringDrawingInAViewThatIsNotFlipped() throws {
        final class Label: NSView {
            override func draw(_ dirtyRect: NSRect) {
                NSColor.white.setFill()
                bounds.fill()
                ("Hello" as NSString).draw(at: NSPoint(x: 4, y: 4), withAttributes: [
                    .font: NSFont.boldSystemFont(ofSize: 20), .foregroundColor: NSColor.black,
                ])
            }
        }
        try onMain {
            let view = Label(frame: NSRect(x: 0, y: 0, width: 80, height: 60))
            let window = offscreenWindow(NSSize(width: 80, height: 60), with: [view])
            let image = try XCTUnwrap(window.capture())
            assertSnapshot(image, named: "string-drawing", comparison: Self.comparison)
            func inked(_ rows: Range<Int>) -> Bool { rows.contains { y in (0..<80).contains { x in rgb(image, x, y)[0] < 128 } } }
            XCTAssertTrue(inked(35..<56), "the text sits on the point near the bottom")
            XCTAssertFalse(inked(0..<25), "nothing near the top")
        }
    }
}
