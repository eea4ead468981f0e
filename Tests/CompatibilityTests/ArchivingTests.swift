import XCTest
import QuartzCore

/// Layers, animations, emitter cells, timing and value functions through `NSKeyedArchiver` and
/// back, as iOS code archives them (a layer tree saved and restored, a subclass that leaves a
/// key out with `shouldArchiveValue(forKey:)`).
final class ArchivingTests: XCTestCase {
    func roundTrip<T: NSObject & NSSecureCoding>(_ object: T) throws -> T {
        let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
        return try XCTUnwrap(NSKeyedUnarchiver.unarchivedObject(ofClass: T.self, from: data))
    }

    func testALayerTreeArchivesWhole() throws {
        let root = CALayer()
        root.name = "root"
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        root.position = CGPoint(x: 100, y: 50)
        root.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.75)
        root.cornerRadius = 12
        root.transform = CATransform3DMakeRotation(0.5, 0, 0, 1)
        root.contentsGravity = .resizeAspect
        root.isHidden = true
        root.speed = 2
        root.setValue("tag-7", forKey: "myTag")
        let shape = CAShapeLayer()
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 2))
        path.addCurve(to: CGPoint(x: 30, y: 40), control1: CGPoint(x: 5, y: 6), control2: CGPoint(x: 7, y: 8))
        path.closeSubpath()
        shape.path = path
        shape.fillColor = nil
        shape.lineDashPattern = [4, 2]
        root.addSublayer(shape)
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        root.mask = mask

        let copy = try roundTrip(root)
        XCTAssertEqual(copy.name, "root")
        XCTAssertEqual(copy.bounds, root.bounds)
        XCTAssertEqual(copy.position, root.position)
        XCTAssertEqual(copy.backgroundColor?.components, root.backgroundColor?.components)
        XCTAssertEqual(copy.cornerRadius, 12)
        XCTAssertTrue(CATransform3DEqualToTransform(copy.transform, root.transform))
        XCTAssertEqual(copy.contentsGravity, .resizeAspect)
        XCTAssertTrue(copy.isHidden)
        XCTAssertEqual(copy.speed, 2)
        XCTAssertEqual(copy.value(forKey: "myTag") as? String, "tag-7")
        let copiedShape = try XCTUnwrap(copy.sublayers?.first as? CAShapeLayer, "the sublayer comes back as its class")
        XCTAssertTrue(copiedShape.superlayer === copy)
        XCTAssertNil(copiedShape.fillColor, "nil over a default stays nil")
        XCTAssertEqual(copiedShape.lineDashPattern, [4, 2])
        XCTAssertEqual(copiedShape.path?.boundingBox, path.boundingBox)
        XCTAssertEqual(copy.mask?.bounds, mask.bounds)
    }

    func testAnImageArchivesAsItsPixels() throws {
        let context = try XCTUnwrap(CGContext(data: nil, width: 4, height: 3, bitsPerComponent: 8, bytesPerRow: 0,
                                              space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 3))
        let layer = CALayer()
        layer.contents = context.makeImage()
        let copy = try roundTrip(layer)
        let image = try XCTUnwrap(copy.contents as! CGImage?)
        XCTAssertEqual([image.width, image.height], [4, 3])
    }

    func testAnimationsArchiveWithTheirValuesAndTheLayersTheyAreOn() throws {
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = CGPoint(x: 0, y: 0)
        move.toValue = CGPoint(x: 10, y: 20)
        move.duration = 2
        move.timingFunction = CAMediaTimingFunction(name: .easeIn)
        move.isRemovedOnCompletion = false
        move.setValue(3, forKey: "step")
        let copy = try roundTrip(move)
        XCTAssertEqual(copy.keyPath, "position")
        XCTAssertEqual(copy.fromValue as? CGPoint, CGPoint(x: 0, y: 0))
        XCTAssertEqual(copy.toValue as? CGPoint, CGPoint(x: 10, y: 20))
        XCTAssertEqual(copy.duration, 2)
        XCTAssertFalse(copy.isRemovedOnCompletion)
        XCTAssertEqual((copy.value(forKey: "step") as? NSNumber)?.intValue, 3)
        var point = [Float](repeating: 0, count: 2)
        copy.timingFunction?.getControlPoint(at: 1, values: &point)
        XCTAssertEqual(point, [0.42, 0])

        let keyframes = CAKeyframeAnimation(keyPath: "opacity")
        keyframes.values = [0, 1, 0.5]
        keyframes.keyTimes = [0, 0.25, 1]
        keyframes.calculationMode = .discrete
        let group = CAAnimationGroup()
        group.animations = [keyframes]
        group.duration = 3
        let spin = CABasicAnimation(keyPath: "transform")
        spin.valueFunction = CAValueFunction(name: .rotateZ)
        let layer = CALayer()
        layer.add(group, forKey: "fade")
        layer.add(spin, forKey: "spin")
        let restored = try roundTrip(layer)
        XCTAssertEqual(restored.animationKeys()?.sorted(), ["fade", "spin"])
        let restoredGroup = try XCTUnwrap(restored.animation(forKey: "fade") as? CAAnimationGroup)
        XCTAssertEqual(restoredGroup.duration, 3)
        let restoredFrames = try XCTUnwrap(restoredGroup.animations?.first as? CAKeyframeAnimation)
        XCTAssertEqual(restoredFrames.keyTimes, [0, 0.25, 1])
        XCTAssertEqual((restoredFrames.values as? [NSNumber])?.map(\.doubleValue), [0, 1, 0.5])
        XCTAssertEqual(restoredFrames.calculationMode, .discrete)
        XCTAssertEqual((restored.animation(forKey: "spin") as? CABasicAnimation)?.valueFunction?.name, .rotateZ)
    }

    func testEmitterCellsArchiveWithTheirSubcells() throws {
        let spark = CAEmitterCell()
        spark.birthRate = 20
        spark.velocity = 100
        spark.color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let trail = CAEmitterCell()
        trail.lifetime = 2
        spark.emitterCells = [trail]
        let emitter = CAEmitterLayer()
        emitter.emitterCells = [spark]
        emitter.emitterPosition = CGPoint(x: 5, y: 6)
        let restored = try roundTrip(emitter)
        XCTAssertEqual(restored.emitterPosition, CGPoint(x: 5, y: 6))
        let cell = try XCTUnwrap(restored.emitterCells?.first)
        XCTAssertEqual(cell.birthRate, 20)
        XCTAssertEqual(cell.velocity, 100)
        XCTAssertEqual(cell.color?.components, [1, 0, 0, 1])
        XCTAssertEqual(cell.emitterCells?.first?.lifetime, 2)
    }

    func testASubclassLeavesKeysOutAndComesBackAsItself() throws {
        let layer = ScratchLayer()
        layer.opacity = 0.25
        layer.zPosition = 3
        let restored = try roundTrip(layer)
        XCTAssertTrue(type(of: restored) == ScratchLayer.self)
        XCTAssertEqual(restored.opacity, 1, "left out: the default")
        XCTAssertEqual(restored.zPosition, 3)
    }

    func testWhatCannotBeArchivedIsLeftOutWithAMessage() throws {
        final class Holder: CALayerDelegate {}
        let layer = CALayer()
        layer.setValue(Holder(), forKey: "owner")
        layer.cornerRadius = 4
        var restored: CALayer?
        let messages = try CGDiagnostics.collecting { restored = try roundTrip(layer) }
        XCTAssertEqual(restored?.cornerRadius, 4)
        XCTAssertNil(restored?.value(forKey: "owner"))
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages.first?.contains("owner") ?? false, "\(messages)")
        XCTAssertTrue(CALayer.supportsSecureCoding && CAAnimation.supportsSecureCoding && CAEmitterCell.supportsSecureCoding)
        XCTAssertNil(CAValueFunction(name: CAValueFunctionName(rawValue: "twist")), "only Apple's names")
    }
}

/// A layer that leaves its opacity out of archives. Top level: Foundation on Linux archives only
/// top-level classes (`NSStringFromClass` traps on a nested one).
final class ScratchLayer: CALayer {
    override func shouldArchiveValue(forKey key: String) -> Bool {
        key == "opacity" ? false : super.shouldArchiveValue(forKey: key)
    }
}
