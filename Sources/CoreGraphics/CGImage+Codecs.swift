extension CGImage {
    /// An image decoded from PNG bytes; nil (with a message) for data that is not a valid PNG.
    public convenience init?(pngDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                             shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard let image = PNGCodec.decode(source.bytes) else { return nil }
        self.init(decoded: image)
    }

    /// An image decoded from JPEG bytes; nil (with a message) for data that is not a JPEG.
    public convenience init?(jpegDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                             shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard let image = JPEGCodec.decode(source.bytes) else { return nil }
        self.init(decoded: image)
    }

    private convenience init(decoded image: CGImage) {
        self.init(layout: image.layout, space: image.colorSpace, bytes: image.bytes)
        utType = image.utType
    }
}
