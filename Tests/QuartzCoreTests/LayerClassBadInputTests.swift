import XCTest
@testable import QuartzCore

/// The bad-input table for the replicator, emitter and transform layers: every numeric
/// property fed NaN, ±∞, ±1e300, a negative number and zero, then the tree drawn by the layer
/// renderer and the compositor at several times. Nothing may crash or hang; a value that is not
/// a number is refused with exactly one message; drawing logs at most one (an emitter saying
/// once that it caps its particles).
final class LayerClassBadInputTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    static let values: [CGFloat] = [.nan, .infinity, -.infinity, 1e300, -1e300, -5, 0]

    struct Property: Sendable {
        let name: String
        let set: @Sendable (CAReplicatorLayer, CAEmitterLayer, CAEmitterCell, CGFloat) -> Void
    }

    static let properties: [Property] = [
        Property(name: "instanceCount (KVC)") { r, _, _, v in r.setValue(v, forKey: "instanceCount") },
        Property(name: "instanceDelay") { r, _, _, v in r.instanceDelay = v },
        Property(name: "instanceTransform") { r, _, _, v in r.instanceTransform = CATransform3DMakeTranslation(v, 0, 0) },
        Property(name: "instanceTransform.scale") { r, _, _, v in r.instanceTransform = CATransform3DMakeScale(v, v, 1) },
        Property(name: "instanceAlphaOffset") { r, _, _, v in r.instanceAlphaOffset = Float(v) },
        Property(name: "instanceRedOffset") { r, _, _, v in r.instanceRedOffset = Float(v) },
        Property(name: "emitter.birthRate") { _, e, _, v in e.birthRate = Float(v) },
        Property(name: "emitter.lifetime") { _, e, _, v in e.lifetime = Float(v) },
        Property(name: "emitter.velocity") { _, e, _, v in e.velocity = Float(v) },
        Property(name: "emitter.scale") { _, e, _, v in e.scale = Float(v) },
        Property(name: "emitter.spin") { _, e, _, v in e.spin = Float(v) },
        Property(name: "emitterPosition.x") { _, e, _, v in e.emitterPosition.x = v },
        Property(name: "emitterSize.width") { _, e, _, v in e.emitterShape = .circle; e.emitterSize.width = v },
        Property(name: "emitterDepth") { _, e, _, v in e.emitterShape = .cuboid; e.emitterDepth = v },
        Property(name: "cell.birthRate") { _, _, c, v in c.birthRate = Float(v) },
        Property(name: "cell.lifetime") { _, _, c, v in c.lifetime = Float(v) },
        Property(name: "cell.lifetimeRange") { _, _, c, v in c.lifetimeRange = Float(v) },
        Property(name: "cell.velocity") { _, _, c, v in c.velocity = v },
        Property(name: "cell.emissionRange") { _, _, c, v in c.emissionRange = v },
        Property(name: "cell.emissionLongitude") { _, _, c, v in c.emissionLongitude = v },
        Property(name: "cell.yAcceleration") { _, _, c, v in c.yAcceleration = v },
        Property(name: "cell.scale") { _, _, c, v in c.scale = v },
        Property(name: "cell.scaleSpeed") { _, _, c, v in c.scaleSpeed = v },
        Property(name: "cell.spin") { _, _, c, v in c.spin = v },
        Property(name: "cell.alphaSpeed") { _, _, c, v in c.alphaSpeed = Float(v) },
        Property(name: "cell.contentsScale") { _, _, c, v in c.contentsScale = v },
        Property(name: "cell.beginTime") { _, _, c, v in c.beginTime = v },
        Property(name: "cell.duration") { _, _, c, v in c.duration = v },
    ]

    /// A replicator of a small tile, an emitter of one cell, and a transform layer holding the
    /// three, the property set before the tree is drawn.
    func tree(_ property: Property, _ value: CGFloat) -> (root: CALayer, messages: [String]) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        let r = CAReplicatorLayer()
        r.frame = CGRect(x: 4, y: 4, width: 40, height: 30)
        let tile = CALayer()
        tile.frame = CGRect(x: 0, y: 0, width: 6, height: 6)
        tile.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        r.addSublayer(tile)
        r.instanceCount = 3
        r.instanceTransform = CATransform3DMakeTranslation(8, 0, 0)
        r.instanceDelay = 0.1
        let e = CAEmitterLayer()
        e.frame = root.bounds
        e.emitterPosition = CGPoint(x: 32, y: 24)
        let cell = CAEmitterCell()
        cell.contents = BadInputTableTests.image
        cell.birthRate = 20
        cell.lifetime = 1
        cell.velocity = 20
        cell.emissionRange = 3
        e.emitterCells = [cell]
        let holder = CATransformLayer()
        holder.frame = root.bounds
        holder.addSublayer(r)
        holder.addSublayer(e)
        root.addSublayer(holder)
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 0
        slide.toValue = 10
        slide.duration = 1
        tile.add(slide, forKey: "slide")
        let messages = CGDiagnostics.collecting { property.set(r, e, cell, value) }
        return (root, messages)
    }

    func testEveryNumberOfTheLayerClasses() {
        for property in Self.properties {
            for value in Self.values {
                let (root, setMessages) = tree(property, value)
                let frameMessages = CGDiagnostics.collecting {
                    let compositor = Compositor()
                    for t in [0.5, 2.0] {
                        let ctx = CGContext(data: nil, width: 64, height: 48, bitsPerComponent: 8, bytesPerRow: 0,
                                            space: CGColorSpaceCreateDeviceRGB(),
                                            bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
                        guard let tree = RenderTree(root) else { continue }
                        tree.draw(atMediaTime: 1000 + t, in: ctx, context: compositor.context)
                        _ = compositor.composite(tree, atMediaTime: 1000 + t, scale: 2, into: ctx)
                        if t == 2 { root.render(in: ctx) }
                    }
                }
                let label = "\(property.name) = \(value)"
                if value.isNaN || value.isInfinite {
                    XCTAssertEqual(setMessages.count, 1, "\(label): \(setMessages)")
                } else {
                    XCTAssertLessThanOrEqual(setMessages.count, 1, "\(label): \(setMessages)")
                }
                XCTAssertLessThanOrEqual(frameMessages.count, 1, "\(label): drawing logged \(frameMessages)")
            }
        }
    }
}
