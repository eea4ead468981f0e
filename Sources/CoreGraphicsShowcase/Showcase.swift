import CoreGraphics

/// The Core Graphics showcase: one scene per drawing feature, each rendered into a fresh
/// 480×360 RGBA bitmap context. `lamina-showcase` writes them as PNG files; the golden tests
/// compare them with the images under `Tests/CoreGraphicsTests/__Snapshots__`.
public enum Showcase {
    public struct Scene: Sendable {
        public let name: String
        public let draw: @Sendable (CGContext) -> Void

        public init(name: String, draw: @escaping @Sendable (CGContext) -> Void) {
            self.name = name
            self.draw = draw
        }
    }

    public static let size = CGSize(width: 480, height: 360)

    public static let scenes: [Scene] = [
        Scene(name: "paths", draw: PathsScene.draw),
        Scene(name: "strokes", draw: StrokesScene.draw),
        Scene(name: "gradients", draw: GradientsScene.draw),
        Scene(name: "images", draw: ImagesScene.draw),
        Scene(name: "text", draw: TextScene.draw),
        Scene(name: "core-text", draw: CoreTextScene.draw),
        Scene(name: "blend-modes", draw: BlendModesScene.draw),
        Scene(name: "clipping", draw: ClippingScene.draw),
        Scene(name: "shadows", draw: ShadowsScene.draw),
    ]

    /// Renders a scene over an opaque light background.
    public static func render(_ scene: Scene) -> CGImage {
        let context = CGContext(data: nil, width: Int(size.width), height: Int(size.height), bitsPerComponent: 8,
                                bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.setFillColor(gray: 0.96, alpha: 1)
        context.fill(CGRect(origin: .zero, size: size))
        scene.draw(context)
        return context.makeImage()!
    }

    /// Draws every scene on its own PDF page.
    public static func renderPDF(to consumer: CGDataConsumer) -> Bool {
        var box = CGRect(origin: .zero, size: size)
        guard let pdf = CGContext(consumer: consumer, mediaBox: &box, [kCGPDFContextTitle: "Lamina showcase"] as CFDictionary) else {
            return false
        }
        for scene in scenes {
            pdf.beginPDFPage(nil)
            scene.draw(pdf)
            pdf.endPDFPage()
        }
        pdf.closePDF()
        return true
    }

    /// A caption in the scene's top-left corner (scenes draw in a y-up space).
    static func caption(_ text: String, in context: CGContext, at point: CGPoint) {
        TextLayout(text, fontSize: 11, color: CGColor(gray: 0.25, alpha: 1)).draw(in: context, at: point)
    }

    static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }
}
