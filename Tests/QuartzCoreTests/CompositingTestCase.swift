import XCTest
@testable import QuartzCore
import LaminaTesting

/// What compositor tests share: a window-like target, scenes, and the renderer's picture.
class CompositingTestCase: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    let size = (width: 240, height: 160)

    /// A BGRX target like a window's frame buffer.
    func target() -> CGContext {
        CGContext(data: nil, width: size.width, height: size.height, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(),
                  bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
    }

    /// What the renderer draws for `layer` over white, as the host's fallback path does.
    func rendered(_ layer: CALayer) -> CGImage {
        let ctx = target()
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: size.width, height: size.height))
        ctx.translateBy(x: 0, y: CGFloat(size.height))
        ctx.scaleBy(x: 1, y: -1)
        RenderTree(layer)!.draw(atMediaTime: CACurrentMediaTime(), in: ctx, context: RenderContext())
        return ctx.makeImage()!
    }

    /// A dark 240×160 root over `count` tiles of `size` in a grid of `columns`, spaced by
    /// `step`, shaded from blue to red.
    func tileGrid(count: Int, columns: Int, origin: CGPoint, step: CGSize, size: CGSize) -> (root: CALayer, tiles: [CALayer]) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.15, alpha: 1)
        let tiles = (0..<count).map { i -> CALayer in
            let at = CGPoint(x: origin.x + CGFloat(i % columns) * step.width, y: origin.y + CGFloat(i / columns) * step.height)
            let shade = CGFloat(i) / CGFloat(count)
            return tile(CGRect(origin: at, size: size), CGColor(red: shade, green: 0.5, blue: 1 - shade, alpha: 1))
        }
        tiles.forEach(root.addSublayer)
        return (root, tiles)
    }

    func tile(_ frame: CGRect, _ color: CGColor) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        layer.cornerRadius = 6
        layer.borderWidth = 2
        layer.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        return layer
    }

    func scene() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        root.backgroundColor = CGColor(red: 0.12, green: 0.12, blue: 0.14, alpha: 1)
        root.addSublayer(tile(CGRect(x: 10, y: 10, width: 50, height: 40), CGColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 1)))
        let rotated = tile(CGRect(x: 80, y: 20, width: 60, height: 40), CGColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 1))
        rotated.transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
        root.addSublayer(rotated)
        let faded = tile(CGRect(x: 40, y: 30, width: 70, height: 50), CGColor(red: 0.3, green: 0.8, blue: 0.4, alpha: 1))
        faded.opacity = 0.5
        root.addSublayer(faded)
        let group = CALayer()
        group.frame = CGRect(x: 150, y: 70, width: 80, height: 80)
        group.opacity = 0.7
        group.allowsGroupOpacity = false                     // each sublayer fades on its own
        group.sublayerTransform = CATransform3DMakeScale(1.5, 1.5, 1)
        group.addSublayer(tile(CGRect(x: 0, y: 0, width: 30, height: 30), CGColor(red: 0.9, green: 0.8, blue: 0.1, alpha: 1)))
        root.addSublayer(group)
        let shadowed = tile(CGRect(x: 150, y: 12, width: 60, height: 36), CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1))
        shadowed.shadowOpacity = 0.6
        shadowed.shadowRadius = 4
        shadowed.shadowOffset = CGSize(width: 0, height: 3)            // a known shape: drawn from the cache
        root.addSublayer(shadowed)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 10, y: 100, width: 100, height: 50)
        gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        root.addSublayer(gradient)
        return root
    }

    /// A one-second `position.x` animation.
    func slide(from: CGFloat, to: CGFloat) -> CABasicAnimation {
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = from
        slide.toValue = to
        slide.duration = 1
        return slide
    }

    func composited(_ layer: CALayer, with compositor: Compositor, into ctx: CGContext) -> [DeviceRect]? {
        compositor.composite(RenderTree(layer)!, atMediaTime: CACurrentMediaTime(), scale: 1, into: ctx)
    }

    /// How far `ctx` is from `tree` at `t` composited whole by a compositor of its own: the
    /// pixels off by more than `tolerance` in a channel, and the largest difference.
    func differenceFromWholeFrame(_ ctx: CGContext, _ tree: RenderTree, at t: CFTimeInterval,
                                  tolerance: Int = 0) throws -> (differing: Int, worst: Int) {
        let whole = target()
        XCTAssertNotNil(Compositor().composite(tree, atMediaTime: t, scale: 1, into: whole))
        let difference = SnapshotComparison.difference(try XCTUnwrap(ctx.makeImage()), try XCTUnwrap(whole.makeImage()),
                                                       channelTolerance: tolerance)
        return (difference.differing, difference.worst)
    }

    /// Pixels differing by more than 40 in a channel; bilinear edges differ a little from cairo's.
    func differing(_ a: CGImage, _ b: CGImage) -> Int {
        SnapshotComparison.difference(a, b, channelTolerance: 40).differing
    }
}

