import CoreGraphics

/// The path fuzz target: a path built from hostile numbers, then dashed, stroked, measured and
/// drawn (filled, stroked with a dash pattern and a shadow) into a small context.
public enum PathScenario {
    /// Builds, transforms and draws the path `data` describes.
    public static func run(_ data: Data) {
        var input = FuzzInput(data)
        quietly {
            let path = CGMutablePath()
            let transform = input.bool() ? CGAffineTransform(a: input.number(), b: 0, c: 0, d: input.number(),
                                                                 tx: input.number(), ty: input.number()) : .identity
            for _ in 0..<min(24, 1 + Int(input.byte() % 24)) {
                switch input.byte() % 9 {
                case 0: path.move(to: input.point(), transform: transform)
                case 1: path.addLine(to: input.point(), transform: transform)
                case 2: path.addQuadCurve(to: input.point(), control: input.point(), transform: transform)
                case 3: path.addCurve(to: input.point(), control1: input.point(), control2: input.point(), transform: transform)
                case 4: path.addRect(input.rect(), transform: transform)
                case 5: path.addEllipse(in: input.rect(), transform: transform)
                case 6: path.addArc(center: input.point(), radius: input.number(), startAngle: input.number(),
                                    endAngle: input.number(), clockwise: input.bool(), transform: transform)
                case 7: path.addRoundedRect(in: input.rect(), cornerWidth: input.number(), cornerHeight: input.number(),
                                            transform: transform)
                default: path.closeSubpath()
                }
            }
            let lengths = (0..<Int(input.byte() % 4)).map { _ in input.number() }
            let phase = input.number()
            _ = path.copy(dashingWithPhase: phase, lengths: lengths)
            _ = path.copy(strokingWithWidth: input.number(), lineCap: .round, lineJoin: input.bool() ? .miter : .round,
                          miterLimit: input.number())
            _ = path.boundingBox
            _ = path.boundingBoxOfPath
            _ = path.contains(input.point())
            guard let context = CGContext(data: nil, width: 16, height: 16, bitsPerComponent: 8, bytesPerRow: 0,
                                          space: CGColorSpaceCreateDeviceRGB(),
                                          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return }
            context.concatenate(CGAffineTransform(scaleX: input.number(), y: input.number()))
            context.setShadow(offset: input.size(), blur: input.number())
            context.addPath(path)
            context.fillPath()
            context.setLineDash(phase: phase, lengths: lengths)
            context.setLineWidth(input.number())
            context.addPath(path)
            context.strokePath()
        }
    }
}
