import XCTest
@testable import QuartzCore
import CLaminaKernels
import LaminaTesting

/// CAEmitterLayer and CAEmitterCell: Apple's declarations and defaults, key-value coding, the
/// deterministic simulation (births, motion, ranges, shapes, nested cells, stopping), drawing
/// (windows and the renderer alike, additive adding) and bad input.
final class EmitterLayerTests: CompositingTestCase {
    private let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

    /// A w×h opaque white image.
    private func square(_ w: Int = 4, _ h: Int = 4) -> CGImage {
        let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.setFillColor(white)
        ctx.fill(CGRect(x: 0, y: 0, width: w, height: h))
        return ctx.makeImage()!
    }

    /// A cell of 4×4 white squares, 10 a second, living 1 s, moving right at 100 points a second.
    private func cell() -> CAEmitterCell {
        let cell = CAEmitterCell()
        cell.contents = square()
        cell.birthRate = 10
        cell.lifetime = 1
        cell.velocity = 100
        return cell
    }

    private func emitter(_ cells: [CAEmitterCell], at position: CGPoint = CGPoint(x: 20, y: 50)) -> CAEmitterLayer {
        let layer = CAEmitterLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        layer.emitterPosition = position
        layer.emitterCells = cells
        return layer
    }

    /// The particles of `layer` at its local time `t`.
    private func particles(_ layer: CAEmitterLayer, at t: CFTimeInterval, limit: Int = EmitterSimulation.maximumParticles) -> [Particle] {
        var state = try! XCTUnwrap(LayerSnapshot(layer).emitter)
        state.time = t
        return EmitterSimulation.particles(of: state, limit: limit)
    }

    // MARK: Properties

    func testDefaultsAreApples() throws {
        let e = CAEmitterLayer()
        XCTAssertNil(e.emitterCells)
        XCTAssertEqual([e.birthRate, e.lifetime, e.velocity, e.scale, e.spin], [1, 1, 1, 1, 1])
        XCTAssertEqual(e.emitterPosition, .zero)
        XCTAssertEqual(e.emitterZPosition, 0)
        XCTAssertEqual(e.emitterSize, .zero)
        XCTAssertEqual(e.emitterDepth, 0)
        XCTAssertEqual(e.emitterShape, .point)
        XCTAssertEqual(e.emitterMode, .volume)
        XCTAssertEqual(e.renderMode, .unordered)
        XCTAssertFalse(e.preservesDepth)
        XCTAssertEqual(e.seed, 0)
        XCTAssertEqual(CAEmitterLayer().seed, e.seed, "two fresh layers have the same seed")
        XCTAssertEqual((CAEmitterLayer.defaultValue(forKey: "birthRate") as? NSNumber)?.floatValue, 1)
        XCTAssertEqual(CAEmitterLayer.defaultValue(forKey: "emitterShape") as? String, "point")
        XCTAssertEqual((CAEmitterLayer.defaultValue(forKey: "scale") as? NSNumber)?.floatValue, 1)
        XCTAssertEqual([CAEmitterLayerEmitterShape.point, .line, .rectangle, .cuboid, .circle, .sphere].map(\.rawValue),
                       ["point", "line", "rectangle", "cuboid", "circle", "sphere"])
        XCTAssertEqual([CAEmitterLayerEmitterMode.points, .outline, .surface, .volume].map(\.rawValue), ["points", "outline", "surface", "volume"])
        XCTAssertEqual([CAEmitterLayerRenderMode.unordered, .oldestFirst, .oldestLast, .backToFront, .additive].map(\.rawValue),
                       ["unordered", "oldestFirst", "oldestLast", "backToFront", "additive"])

        let c = CAEmitterCell()
        XCTAssertEqual([c.birthRate, c.lifetime, c.lifetimeRange], [0, 0, 0])
        XCTAssertEqual([c.scale, c.scaleRange, c.scaleSpeed, c.velocity, c.velocityRange, c.spin, c.spinRange], [1, 0, 0, 0, 0, 0, 0])
        XCTAssertEqual([c.emissionLatitude, c.emissionLongitude, c.emissionRange, c.xAcceleration, c.yAcceleration, c.zAcceleration],
                       [0, 0, 0, 0, 0, 0])
        XCTAssertEqual([c.redRange, c.greenRange, c.blueRange, c.alphaRange, c.redSpeed, c.greenSpeed, c.blueSpeed, c.alphaSpeed],
                       [0, 0, 0, 0, 0, 0, 0, 0])
        XCTAssertEqual(c.color?.components, [1, 1, 1, 1])
        XCTAssertEqual(c.contentsRect, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(c.contentsScale, 1)
        XCTAssertEqual(c.minificationFilter, "linear")
        XCTAssertEqual(c.magnificationFilter, "linear")
        XCTAssertTrue(c.isEnabled)
        XCTAssertNil(c.contents)
        XCTAssertNil(c.emitterCells)
        XCTAssertNil(c.name)
        XCTAssertEqual((CAEmitterCell.defaultValue(forKey: "enabled") as? NSNumber)?.boolValue, true)
        XCTAssertEqual((CAEmitterCell.defaultValue(forKey: "scale") as? NSNumber)?.doubleValue, 1)
        XCTAssertNil(CAEmitterCell.defaultValue(forKey: "birthRate"))
        XCTAssertNil(CAEmitterCell.defaultValue(forKey: "lifetime"))
        XCTAssertNil(CAEmitterCell.defaultValue(forKey: "nonsense"))
        XCTAssertFalse(c.shouldArchiveValue(forKey: "name"))
        c.name = "spark"
        XCTAssertTrue(c.shouldArchiveValue(forKey: "name"))
    }

    func testKeyValueCodingAndImplicitAnimations() throws {
        let e = CAEmitterLayer()
        e.setValue("circle", forKey: "emitterShape")
        e.setValue("outline", forKey: "emitterMode")
        e.setValue(42, forKey: "seed")
        e.setValue(CGPoint(x: 5, y: 6), forKey: "emitterPosition")
        XCTAssertEqual(e.emitterShape, .circle)
        XCTAssertEqual(e.emitterMode, .outline)
        XCTAssertEqual(e.seed, 42)
        XCTAssertEqual(e.emitterPosition, CGPoint(x: 5, y: 6))
        XCTAssertEqual(e.value(forKey: "renderMode") as? String, "unordered")
        XCTAssertEqual((e.value(forKey: "seed") as? NSNumber)?.intValue, 42)

        let c = CAEmitterCell()
        c.setValue(3, forKey: "birthRate")
        c.setValue(false, forKey: "enabled")
        c.setValue(CGRect(x: 0, y: 0, width: 0.5, height: 0.5), forKey: "contentsRect")
        XCTAssertEqual(c.birthRate, 3)
        XCTAssertFalse(c.isEnabled)
        XCTAssertEqual((c.value(forKey: "birthRate") as? NSNumber)?.floatValue, 3)
        XCTAssertEqual(c.value(forKey: "contentsRect") as? CGRect, CGRect(x: 0, y: 0, width: 0.5, height: 0.5))

        // Setting the cells copies the array, not the cells.
        var cells = [c]
        e.emitterCells = cells
        cells.append(CAEmitterCell())
        XCTAssertEqual(e.emitterCells?.count, 1)
        XCTAssertTrue(e.emitterCells?[0] === c)

        CATransaction.flush()
        e.birthRate = 3
        e.emitterPosition = CGPoint(x: 50, y: 50)
        e.emitterShape = .line
        e.seed = 1
        XCTAssertEqual(Set(e.animationKeys() ?? []), ["birthRate", "emitterPosition"], "numbers and geometry animate; names and the seed do not")
        // As on Apple's, the presentation shows what was last committed until this commits.
        let before = try XCTUnwrap(e.presentation())
        XCTAssertEqual(before.emitterShape, .circle)
        XCTAssertEqual(before.seed, 42)
        CATransaction.flush()
        let presented = try XCTUnwrap(e.presentation())
        XCTAssertEqual(presented.emitterShape, .line)
        XCTAssertEqual(presented.seed, 1)
    }

    // MARK: The simulation

    /// Ten a second, living a second: ten alive, each 100·age points along x from the emitter.
    func testParticlesAreBornEvenlyAndMoveInClosedForm() throws {
        let e = emitter([cell()])
        let alive = particles(e, at: 5.05)
        XCTAssertEqual(alive.count, 10)
        for p in alive {
            let age = 5.05 - p.birth
            XCTAssertGreaterThanOrEqual(age, 0)
            XCTAssertLessThan(age, 1)
            XCTAssertEqual(p.position.x, 20 + 100 * age, accuracy: 1e-9)
            XCTAssertEqual(p.position.y, 50, accuracy: 1e-9)
            XCTAssertEqual(p.size, CGSize(width: 4, height: 4))
            XCTAssertEqual(p.birth * 10, (p.birth * 10).rounded(), accuracy: 1e-6, "born on the 1/10 s grid")
        }
        XCTAssertEqual(Set(alive.map { $0.birth }).count, 10)
        XCTAssertEqual(alive.map(\.birth), alive.map(\.birth).sorted(), "unordered draws the oldest first")
        e.renderMode = .oldestLast
        XCTAssertEqual(particles(e, at: 5.05).map(\.birth), alive.map(\.birth).sorted(by: >))
    }

    func testAccelerationScaleSpinAndColorChangeWithAge() throws {
        let c = cell()
        c.velocity = 0
        c.yAcceleration = 40
        c.scaleSpeed = 0.5
        c.spin = 2
        c.alphaSpeed = -0.5
        c.color = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        let e = emitter([c])
        e.scale = 2
        e.spin = 0.5
        for p in particles(e, at: 3.07) {
            let age = 3.07 - p.birth
            XCTAssertEqual(p.position.y, 50 + 20 * age * age, accuracy: 1e-9)
            XCTAssertEqual(p.size.width, 4 * (1 + 0.5 * age) * 2, accuracy: 1e-9)
            XCTAssertEqual(p.angle, 2 * 0.5 * age, accuracy: 1e-9)
            XCTAssertEqual(p.color.w, 1 - 0.5 * age, accuracy: 1e-9)
            XCTAssertEqual(p.color.y, 0.5, accuracy: 1e-9)
        }
    }

    /// Values with a range are uniform in [mean − range/2, mean + range/2], per particle.
    func testRangesSpreadUniformlyAboutTheMean() throws {
        let c = cell()
        c.birthRate = 1000
        c.velocityRange = 40
        c.lifetimeRange = 0.5
        c.redRange = 0.4
        c.color = CGColor(red: 0.5, green: 1, blue: 1, alpha: 1)
        let alive = particles(emitter([c]), at: 10)
        XCTAssertGreaterThan(alive.count, 700)
        let speeds = alive.map { ($0.position.x - 20) / (10 - $0.birth) }.filter(\.isFinite)
        XCTAssertGreaterThanOrEqual(speeds.min()!, 80 - 1e-6)
        XCTAssertLessThanOrEqual(speeds.max()!, 120 + 1e-6)
        XCTAssertEqual(speeds.reduce(0, +) / Double(speeds.count), 100, accuracy: 2)
        XCTAssertLessThan(speeds.min()!, 82)
        XCTAssertGreaterThan(speeds.max()!, 118)
        let reds = alive.map(\.color.x)
        XCTAssertGreaterThanOrEqual(reds.min()!, 0.3 - 1e-9)
        XCTAssertLessThanOrEqual(reds.max()!, 0.7 + 1e-9)
        XCTAssertLessThanOrEqual(alive.map { 10 - $0.birth }.max()!, 1.25, "no particle outlives lifetime + range/2")
    }

    /// The same layer, time and seed give the same particles; another seed other ones.
    func testParticlesAreAFunctionOfTimeAndSeed() throws {
        let c = cell()
        c.velocityRange = 50
        c.emissionRange = 1
        let a = emitter([c]), b = emitter([c])
        XCTAssertEqual(particles(a, at: 7.3).map(\.position), particles(b, at: 7.3).map(\.position))
        b.seed = 9
        XCTAssertNotEqual(particles(a, at: 7.3).map(\.position), particles(b, at: 7.3).map(\.position))
        // A particle alive at both times is where its motion puts it (no state between frames).
        let early = particles(a, at: 7.3), late = particles(a, at: 7.5)
        let shared = try XCTUnwrap(early.first { p in late.contains { $0.birth == p.birth } })
        let later = try XCTUnwrap(late.first { $0.birth == shared.birth })
        let v = CGPoint(x: (shared.position.x - 20) / (7.3 - shared.birth), y: (shared.position.y - 50) / (7.3 - shared.birth))
        XCTAssertEqual(later.position.x, 20 + v.x * (7.5 - shared.birth), accuracy: 1e-6)
        XCTAssertEqual(later.position.y, 50 + v.y * (7.5 - shared.birth), accuracy: 1e-6)
    }

    func testShapesAndModesPlaceTheStarts() throws {
        let c = cell()
        c.velocity = 0
        c.birthRate = 400
        let e = emitter([c], at: CGPoint(x: 100, y: 80))
        e.emitterSize = CGSize(width: 60, height: 20)
        func starts() -> [CGPoint] { particles(e, at: 2).map(\.position) }
        e.emitterShape = .line
        XCTAssertTrue(starts().allSatisfy { abs($0.y - 80) < 1e-9 && abs($0.x - 100) <= 30 })
        e.emitterMode = .points
        XCTAssertEqual(Set(starts().map { $0.x.rounded() }), [70, 130], "a line's points are its ends")
        e.emitterShape = .rectangle
        e.emitterMode = .outline
        XCTAssertTrue(starts().allSatisfy { abs(abs($0.x - 100) - 30) < 1e-9 || abs(abs($0.y - 80) - 10) < 1e-9 }, "on the edges")
        e.emitterMode = .surface
        let inside = starts()
        XCTAssertTrue(inside.allSatisfy { abs($0.x - 100) <= 30 && abs($0.y - 80) <= 10 })
        XCTAssertTrue(inside.contains { abs($0.x - 100) < 20 && abs($0.y - 80) < 5 }, "inside, not only on the edges")
        e.emitterShape = .circle
        e.emitterMode = .outline
        XCTAssertTrue(starts().allSatisfy { abs(hypot($0.x - 100, $0.y - 80) - 60) < 1e-9 }, "radius emitterSize.width")
        e.emitterMode = .volume
        XCTAssertTrue(starts().allSatisfy { hypot($0.x - 100, $0.y - 80) <= 60 + 1e-9 })
        e.emitterShape = .sphere
        e.emitterMode = .surface
        XCTAssertTrue(particles(e, at: 2).allSatisfy { abs(hypot(hypot($0.position.x - 100, $0.position.y - 80), $0.z) - 60) < 1e-9 })
    }

    /// Setting the birth rate to 0 stops emission; the particles alive live out their lives.
    func testABirthRateOfZeroLetsTheLivingLiveOn() throws {
        let e = emitter([cell()])
        let stop = e.convertTime(CACurrentMediaTime(), from: nil)
        e.birthRate = 0
        let after = particles(e, at: stop + 0.5)
        XCTAssertEqual(after.map { ($0.birth * 10).rounded() / 10 }, [999.6, 999.7, 999.8, 999.9], "born in the last half second before the stop")
        XCTAssertTrue(after.allSatisfy { $0.birth <= stop })
        XCTAssertEqual(particles(e, at: stop + 1.01).count, 0)
        e.birthRate = 1
        XCTAssertEqual(particles(e, at: stop + 5).count, 10, "emitting again")
    }

    /// A cell's own cells are emitted by each of its particles, from where the particle is.
    func testNestedCellsAreEmittedByEachParticle() throws {
        let parent = cell()
        parent.birthRate = 1
        parent.lifetime = 2
        let child = cell()
        child.velocity = 0
        child.birthRate = 4
        child.lifetime = 10
        parent.emitterCells = [child]
        child.contents = square(2, 2)                 // told apart by size
        let all = particles(emitter([parent]), at: 1.5)
        let kids = all.filter { $0.size.width == 2 }
        XCTAssertEqual(all.count - kids.count, 2, "parents born at 0 and 1")
        // The parent born at 0 has emitted at 0, 0.25, … 1.5 (seven), the one born at 1 three.
        XCTAssertEqual(kids.count, 10)
        for kid in kids {
            // Still (velocity 0) where its parent was at its birth: 100 points a second from 20.
            let parentBirth = [0.0, 1.0].first { abs(kid.position.x - (20 + 100 * (kid.birth - $0))) < 1e-9 }
            XCTAssertNotNil(parentBirth, "kid born at \(kid.birth) at x \(kid.position.x)")
        }
        XCTAssertEqual(kids.filter { abs($0.position.x - 20) < 1e-9 }.count, 2, "each parent's first at its own start")
    }

    func testBadValuesAreRefusedAndHugeRatesCapped() throws {
        let e = emitter([cell()])
        var messages = CGDiagnostics.collecting { e.birthRate = .nan }
        XCTAssertEqual(e.birthRate, 1)
        XCTAssertEqual(messages.count, 1)
        messages = CGDiagnostics.collecting { e.emitterPosition = CGPoint(x: CGFloat.infinity, y: 0) }
        XCTAssertEqual(e.emitterPosition, CGPoint(x: 20, y: 50))
        XCTAssertEqual(messages.count, 1)
        let c = cell()
        messages = CGDiagnostics.collecting { c.velocity = .nan; c.contentsScale = -1 }
        XCTAssertEqual(c.velocity, 100)
        XCTAssertEqual(c.contentsScale, 1)
        XCTAssertEqual(messages.count, 2)

        // A negative lifetime or rate: nothing, quietly.
        c.lifetime = -3
        XCTAssertEqual(particles(emitter([c]), at: 4).count, 0)
        c.lifetime = 1
        c.birthRate = -5
        XCTAssertEqual(particles(emitter([c]), at: 4).count, 0)

        // A billion a second: the cap (100,000; a smaller one here, for the debug build's
        // speed), the newest kept, said once.
        c.birthRate = 1e9
        let huge = emitter([c])
        var kept: [Particle] = []
        messages = CGDiagnostics.collecting {
            kept = particles(huge, at: 4, limit: 2000)
            _ = particles(huge, at: 4.1, limit: 2000)
        }
        XCTAssertEqual(kept.count, 2000)
        XCTAssertGreaterThan(kept.map(\.birth).min()!, 4 - 1e-5, "the newest")
        XCTAssertEqual(messages.count, 1, "\(messages)")

        // A cell that holds itself: a message, no endless recursion.
        let loop = cell()
        messages = CGDiagnostics.collecting {
            loop.emitterCells = [loop]
            _ = particles(emitter([loop]), at: 1, limit: 2000)
        }
        XCTAssertFalse(messages.isEmpty)
        loop.emitterCells = nil
    }

    // MARK: Drawing

    /// Each particle's placement (written in closed form) is the composed transforms inverted:
    /// texels (ring at 0) → about the sprite's center → scaled → turned → moved → into the
    /// canvas; its box is the turned texel rectangle's, rounded out and clamped; particles that
    /// would change no pixel are not placed.
    func testPlacementsAreTheComposedTransformsInverted() throws {
        // 6×10 texels at contentsScale 2 (3×5 points), drawn at other aspect ratios (sx ≠ sy).
        let sprite = try XCTUnwrap(EmitterSprite(square(6, 10), contentsRect: CGRect(x: 0, y: 0, width: 1, height: 1), scale: 2))
        let origin = CGPoint(x: -7.5, y: 12.25)
        var checked = 0
        for scale: CGFloat in [1, 2] {
            for angle in [0, 0.3, -1.2, Double.pi / 2, 2.5, Double.pi] {
                for (size, position) in [(CGSize(width: 4.5, height: 7.25), CGPoint(x: 37.3, y: 21.7)),
                                         (CGSize(width: 12.2, height: 3.1), CGPoint(x: 60.45, y: 44.15))] {
                    let particle = Particle(position: position, z: 0, size: size, angle: angle, color: SIMD4(1, 0.5, 0.25, 0.8),
                                            birth: 0, sprite: sprite)
                    let placed = try XCTUnwrap(EmitterDrawing.placement(of: particle, origin: origin, scale: scale, width: 400, height: 300))
                    let map = CGAffineTransform(translationX: -4, y: -6)
                        .concatenating(CGAffineTransform(scaleX: size.width / 6, y: size.height / 10))
                        .concatenating(CGAffineTransform(rotationAngle: angle))
                        .concatenating(CGAffineTransform(translationX: position.x, y: position.y))
                        .concatenating(CGAffineTransform(translationX: -origin.x, y: -origin.y))
                        .concatenating(CGAffineTransform(scaleX: scale, y: scale))
                    let i = map.inverted()
                    let expected = [i.a, i.b, i.c, i.d, i.tx, i.ty], got = placed.inverse
                    for (k, value) in [got.0, got.1, got.2, got.3, got.4, got.5].enumerated() {
                        XCTAssertEqual(value, Double(expected[k]), accuracy: 1e-9 * max(1, abs(Double(expected[k]))),
                                       "inverse[\(k)], angle \(angle), scale \(scale)")
                    }
                    let box = CGRect(x: 0, y: 0, width: 8, height: 12).applying(map)
                    XCTAssertEqual([placed.x0, placed.y0, placed.x1, placed.y1],
                                   [Int32(box.minX.rounded(.down)), Int32(box.minY.rounded(.down)),
                                    Int32(box.maxX.rounded(.up)), Int32(box.maxY.rounded(.up))], "box, angle \(angle), scale \(scale)")
                    XCTAssertEqual(placed.tint, ReplicatorState.packedTint(SIMD4(1, 0.5, 0.25, 0.8), alpha: 255))
                    checked += 1
                }
            }
        }
        XCTAssertEqual(checked, 24)
        // Clamped into the canvas; nothing placed when it changes no pixel.
        func placed(_ position: CGPoint, size: CGSize = CGSize(width: 3, height: 5), alpha: Double = 1) -> lamina_sprite_placement? {
            EmitterDrawing.placement(of: Particle(position: position, z: 0, size: size, angle: 0.4, color: SIMD4(1, 1, 1, alpha), birth: 0,
                                                  sprite: sprite), origin: .zero, scale: 1, width: 100, height: 80)
        }
        let corner = try XCTUnwrap(placed(CGPoint(x: 1, y: 79)))
        XCTAssertEqual([corner.x0, corner.y0, corner.x1, corner.y1].map { $0 >= 0 }, [true, true, true, true])
        XCTAssertLessThanOrEqual(corner.x1, 100)
        XCTAssertLessThanOrEqual(corner.y1, 80)
        XCTAssertNil(placed(CGPoint(x: 500, y: 40)), "outside the canvas")
        XCTAssertNil(placed(CGPoint(x: 1e300, y: 40)), "far outside")
        XCTAssertNil(placed(CGPoint(x: 50, y: 40), size: .zero), "no size")
        XCTAssertNil(placed(CGPoint(x: 50, y: 40), alpha: 0.001), "a tint of alpha 0")
        XCTAssertNotNil(placed(CGPoint(x: 50, y: 40), alpha: 0.003))
    }

    /// Windows and `CARenderer` draw the same particles (one simulation, one kernel), and a
    /// frame is the same every time it is drawn.
    func testWindowsAndTheRendererDrawTheSameFrame() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.2, alpha: 1)
        let c = cell()
        c.birthRate = 200
        c.velocityRange = 60
        c.emissionRange = 2 * .pi
        c.spin = 3
        c.spinRange = 2
        c.color = CGColor(red: 1, green: 0.6, blue: 0.2, alpha: 0.8)
        c.alphaSpeed = -0.5
        let e = emitter([c], at: CGPoint(x: 120, y: 80))
        e.beginTime = CACurrentMediaTime() - 2
        root.addSublayer(e)
        let ctx = target()
        let compositor = Compositor()
        _ = try XCTUnwrap(composited(root, with: compositor, into: ctx))
        let image = try XCTUnwrap(ctx.makeImage())
        let drawn = rendered(root)
        XCTAssertLessThan(differing(image, drawn), size.width * size.height / 200, "more than 0.5% of pixels differ")
        XCTAssertEqual(SnapshotComparison.difference(drawn, rendered(root), channelTolerance: 0).differing, 0, "the same frame twice")
        XCTAssertEqual(compositor.lastFallbacks, [])
        // Particles were drawn: many pixels differ from the background.
        let background = rendered(CALayer.with(frame: root.frame, color: root.backgroundColor!))
        XCTAssertGreaterThan(SnapshotComparison.difference(image, background, channelTolerance: 10).differing, 1000)
        // A window's next frame moves them.
        MediaClock.setVirtualTime(1000.1)
        _ = try XCTUnwrap(composited(root, with: compositor, into: ctx))
        XCTAssertGreaterThan(differing(try XCTUnwrap(ctx.makeImage()), image), 100)
    }

    /// A window draws its particles again into last frame's texture (each tile cleared as it
    /// is drawn): the next frame is exactly what a fresh compositor draws at that time, in both
    /// blend modes, nothing of the last frame left over.
    func testAWindowsNextFrameReusesTheParticleTextureExactly() throws {
        for additive in [false, true] {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
            root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.2, alpha: 1)
            let c = cell()
            c.birthRate = 300
            c.velocity = 250               // past every side of the window at both times: the same texture size
            c.velocityRange = 60
            c.emissionRange = 2 * .pi
            c.spin = 3
            c.color = CGColor(red: 1, green: 0.6, blue: 0.2, alpha: 0.8)
            c.alphaSpeed = -0.5
            let e = emitter([c], at: CGPoint(x: 120, y: 80))
            e.renderMode = additive ? .additive : .unordered
            e.beginTime = CACurrentMediaTime() - 2
            root.addSublayer(e)
            let compositor = Compositor(), ctx = target()
            _ = try XCTUnwrap(composited(root, with: compositor, into: ctx))
            let first = try XCTUnwrap(compositor.lastRoot?.children.first?.particles)
            MediaClock.setVirtualTime(1000.25)
            defer { MediaClock.setVirtualTime(1000) }
            _ = try XCTUnwrap(composited(root, with: compositor, into: ctx))
            XCTAssertTrue(compositor.lastRoot?.children.first?.particles === first, "last frame's texture drawn again")
            let fresh = target()
            _ = try XCTUnwrap(composited(root, with: Compositor(), into: fresh))
            let again = try XCTUnwrap(ctx.makeImage()), made = try XCTUnwrap(fresh.makeImage())
            XCTAssertEqual(SnapshotComparison.difference(again, made, channelTolerance: 0).differing, 0, "additive: \(additive)")
        }
    }

    /// Over black, one particle in `.additive` mode: two of them overlapping add up; in the
    /// other modes the top one covers.
    func testAdditiveParticlesAddUp() throws {
        let c = cell()
        c.birthRate = 2
        c.lifetime = 10
        c.velocity = 0
        c.contents = square(20, 20)
        c.color = CGColor(red: 0.4, green: 0.2, blue: 0, alpha: 1)
        let e = emitter([c], at: CGPoint(x: 50, y: 50))
        e.beginTime = CACurrentMediaTime() - 0.75      // two particles, both at (50, 50)
        e.backgroundColor = CGColor(gray: 0, alpha: 1)
        func center() throws -> [UInt8] {
            let ctx = target()
            _ = try XCTUnwrap(composited(e, with: Compositor(), into: ctx))
            return Array(pixel(try XCTUnwrap(ctx.makeImage()), 50, 50)[0..<3])
        }
        XCTAssertEqual(try center(), [102, 51, 0], "over: the top one covers")
        e.renderMode = .additive
        XCTAssertEqual(try center(), [204, 102, 0], "added: twice the color")
        let drawn = Array(pixel(rendered(e), 50, 50)[0..<3])
        XCTAssertEqual(drawn, [204, 102, 0], "the renderer adds too")
    }

    /// Inside a group (faded as one picture), particles beyond the layers' bounds still show:
    /// the group's buffer covers where they are.
    func testParticlesBeyondTheBoundsShowInsideAGroup() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        let group = CALayer()
        group.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        group.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        group.opacity = 0.5
        let c = cell()
        c.contents = square(10, 10)
        c.color = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let e = emitter([c], at: CGPoint(x: 20, y: 20))
        e.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        e.beginTime = CACurrentMediaTime() - 5
        group.addSublayer(e)
        root.addSublayer(group)
        let ctx = target()
        _ = try XCTUnwrap(composited(root, with: Compositor(), into: ctx))
        let image = try XCTUnwrap(ctx.makeImage())
        // The particle born 0.9 s ago is at x = 20 + 90 in the group: 120 on screen, 30 down.
        let far = pixel(image, 120, 30), drawn = pixel(rendered(root), 120, 30)
        XCTAssertLessThan(Int(far[0]), 200, "the compositor shows it: \(far)")
        XCTAssertGreaterThan(Int(far[2]), Int(far[0]) + 50, "blue, faded")
        for k in 0..<3 { XCTAssertLessThanOrEqual(abs(Int(far[k]) - Int(drawn[k])), 3, "the renderer too: \(drawn)") }
    }

    func testTheFrameClockKeepsTickingWhileAnEmitterRuns() throws {
        let tree = try XCTUnwrap(RenderTree(emitter([cell()])))
        XCTAssertTrue(tree.animationSchedule(atMediaTime: 1000).isAnimating)
        let off = cell()
        off.isEnabled = false
        XCTAssertFalse(try XCTUnwrap(RenderTree(emitter([off]))).animationSchedule(atMediaTime: 1000).isAnimating)
        let none = cell()
        none.birthRate = 0
        XCTAssertFalse(try XCTUnwrap(RenderTree(emitter([none]))).animationSchedule(atMediaTime: 1000).isAnimating, "nothing to emit")
        // Stopped: ticking while the last particles live (1 s), then asleep.
        let stopped = emitter([cell()])
        stopped.birthRate = 0
        let stoppedTree = try XCTUnwrap(RenderTree(stopped))
        let during = stoppedTree.animationSchedule(atMediaTime: 1000.5)
        XCTAssertTrue(during.isAnimating)
        XCTAssertEqual(during.nextEvent ?? 0, 1001, accuracy: 1e-6)
        XCTAssertFalse(stoppedTree.animationSchedule(atMediaTime: 1001.2).isAnimating)
    }

    /// Apple code reaches a named cell through key paths: to read it, change it, or animate it.
    func testNamedCellsByKeyPath() throws {
        let fire = cell()
        fire.name = "fire"
        let ember = cell()
        ember.name = "ember"
        fire.emitterCells = [ember]
        let e = emitter([fire])
        XCTAssertEqual((e.value(forKeyPath: "emitterCells.fire.birthRate") as? NSNumber)?.floatValue, 10)
        e.setValue(4, forKeyPath: "emitterCells.fire.birthRate")
        XCTAssertEqual(fire.birthRate, 4)
        e.setValue(7, forKeyPath: "emitterCells.fire.emitterCells.ember.velocity")
        XCTAssertEqual(ember.velocity, 7)
        let messages = CGDiagnostics.collecting { e.setValue(1, forKeyPath: "emitterCells.smoke.birthRate") }
        XCTAssertEqual(messages.count, 1, "no such cell: said")

        // Animated on the render side: half way from 4 to 40 a second, 22 a second.
        let ramp = CABasicAnimation(keyPath: "emitterCells.fire.birthRate")
        ramp.fromValue = 4
        ramp.toValue = 40
        ramp.duration = 2
        ramp.beginTime = CACurrentMediaTime()
        e.add(ramp, forKey: "ramp")
        let tree = try XCTUnwrap(RenderTree(e))
        let presented = tree.snapshot.presented(atParentTime: 1001)
        XCTAssertEqual(presented.emitter?.cells.first?.birthRate ?? 0, 22, accuracy: 1e-9)
        XCTAssertEqual(fire.birthRate, 4, "the model's cell is untouched")
        _ = try XCTUnwrap(e.presentation())
        XCTAssertEqual(fire.birthRate, 4, "so is it by a presentation copy")
    }

    /// A change to a cell the layer holds shows at the next commit.
    func testChangingAHeldCellChangesTheNextSnapshot() throws {
        let c = cell()
        let e = emitter([c])
        XCTAssertEqual(LayerSnapshot(e).emitter?.cells.first?.birthRate, 10)
        c.birthRate = 3
        XCTAssertEqual(LayerSnapshot(e).emitter?.cells.first?.birthRate, 3)
        // A presentation copy shares the cells without taking them over.
        _ = try XCTUnwrap(e.presentation())
        c.birthRate = 5
        XCTAssertEqual(LayerSnapshot(e).emitter?.cells.first?.birthRate, 5)
    }
}

private extension CALayer {
    static func with(frame: CGRect, color: CGColor) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        return layer
    }
}
