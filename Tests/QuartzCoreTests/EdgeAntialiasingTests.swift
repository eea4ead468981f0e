import XCTest
@testable import QuartzCore
import LaminaTesting

/// `allowsEdgeAntialiasing` and `edgeAntialiasingMask`: a turned layer's outline is cut by pixel
/// centers (iOS's default) or antialiased on the sides the mask names, in the layer renderer and
/// in the compositor alike.
final class EdgeAntialiasingTests: CompositingTestCase {
    /// A white root with a 60-point opaque blue square turned by 45° in its middle.
    func turnedSquare(_ configure: (CALayer) -> Void = { _ in }) -> (root: CALayer, square: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let square = CALayer()
        square.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        square.position = CGPoint(x: 120.3, y: 80.2)
        square.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        square.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        configure(square)
        root.addSublayer(square)
        return (root, square)
    }

    /// Both renderers' pictures of `root`: the layer renderer's and the compositor's.
    func pictures(of root: CALayer) throws -> [(name: String, rgba: [UInt8])] {
        let ctx = target()
        _ = try XCTUnwrap(composited(root, with: Compositor(), into: ctx))
        let composited = try XCTUnwrap(ctx.makeImage())
        return [("renderer", SnapshotComparison.rgba(rendered(root))), ("compositor", SnapshotComparison.rgba(composited))]
    }

    /// The pixels neither white nor blue (partly covered by the square), each with the side of
    /// the square its center is nearest to.
    func partialPixels(_ rgba: [UInt8], square: CALayer) -> [(x: Int, y: Int, side: AliasedEdges)] {
        let toLayer = square.affineTransform().inverted()
        var found: [(Int, Int, AliasedEdges)] = []
        for y in 0..<size.height {
            for x in 0..<size.width {
                let i = (y * size.width + x) * 4
                let (r, g, b) = (Int(rgba[i]), Int(rgba[i + 1]), Int(rgba[i + 2]))
                let white = r > 252 && g > 252 && b > 252, blue = r < 3 && g < 3 && b > 252
                guard !white, !blue else { continue }
                // The pixel center in the square's coordinates (origin at its top left).
                let p = CGPoint(x: CGFloat(x) + 0.5 - square.position.x, y: CGFloat(y) + 0.5 - square.position.y)
                    .applying(toLayer)
                let q = CGPoint(x: p.x + 30, y: p.y + 30)
                let distances: [(AliasedEdges, CGFloat)] = [(.minX, abs(q.x)), (.maxX, abs(q.x - 60)), (.minY, abs(q.y)), (.maxY, abs(q.y - 60))]
                found.append((x, y, distances.min { $0.1 < $1.1 }!.0))
            }
        }
        return found
    }

    func testTurnedEdgesAreAliasedByDefault() throws {
        let (root, square) = turnedSquare()
        XCTAssertFalse(square.allowsEdgeAntialiasing)
        for (name, rgba) in try pictures(of: root) {
            let partial = partialPixels(rgba, square: square)
            XCTAssertEqual(partial.count, 0, "\(name): pixels partly covered along the edges: \(partial.prefix(5))")
            // The square is there: its center is blue.
            let i = (80 * size.width + 120) * 4
            XCTAssertEqual([rgba[i], rgba[i + 1], rgba[i + 2]], [0, 0, 255], name)
        }
    }

    /// A faded turned layer is cut as an opaque one is: its picture is faded whole, and no
    /// pixel along its sides is partly covered (a transparency layer clipped to the turned
    /// outline had softened them again).
    func testFadedTurnedEdgesAreAliased() throws {
        let (root, square) = turnedSquare {
            $0.opacity = 0.5
            $0.borderWidth = 3
            $0.borderColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        }
        for (name, rgba) in try pictures(of: root) {
            // Blue at half opacity over white: (127 or 128, 127 or 128, 255).
            var half = 0
            let partial = partialPixels(rgba, square: square).filter { p in
                let i = (p.y * size.width + p.x) * 4
                let isHalf = abs(Int(rgba[i]) - 128) <= 2 && abs(Int(rgba[i + 1]) - 128) <= 2 && rgba[i + 2] > 252
                if isHalf { half += 1 }
                return !isHalf
            }
            XCTAssertEqual(partial.count, 0, "\(name): pixels partly covered along the edges: \(partial.prefix(5))")
            XCTAssertGreaterThan(half, 3000, "\(name): the square is drawn at half opacity")
        }
    }

    /// Upright off the pixel grid and faded, the sides are cut too.
    func testFadedLayerOffThePixelGridIsAliased() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let square = CALayer()
        square.frame = CGRect(x: 20.4, y: 20.3, width: 50, height: 40)
        square.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        square.opacity = 0.5
        root.addSublayer(square)
        for (name, rgba) in try pictures(of: root) {
            var white = 0, half = 0, other: [(Int, Int, Int, Int, Int)] = []
            for i in stride(from: 0, to: rgba.count, by: 4) {
                let (r, g, b) = (Int(rgba[i]), Int(rgba[i + 1]), Int(rgba[i + 2]))
                if r > 252 && g > 252 && b > 252 { white += 1 } else if abs(r - 128) <= 2 && abs(g - 128) <= 2 && b > 252 { half += 1 } else {
                    other.append((i / 4 % size.width, i / 4 / size.width, r, g, b))
                }
            }
            XCTAssertEqual(other.count, 0, "\(name): \(other.prefix(5))")
            XCTAssertEqual(half, 50 * 40, name)
        }
    }

    func testAllowsEdgeAntialiasingAntialiasesEveryEdge() throws {
        let (root, square) = turnedSquare { $0.allowsEdgeAntialiasing = true }
        for (name, rgba) in try pictures(of: root) {
            let partial = partialPixels(rgba, square: square)
            for side: AliasedEdges in [.minX, .maxX, .minY, .maxY] {
                // About 60·√2 pixels touch each 60-point side at 45°.
                XCTAssertGreaterThan(partial.filter { $0.side == side }.count, 40, "\(name): side \(side.rawValue)")
            }
        }
    }

    func testMaskAntialiasesOnlyTheEdgesItNames() throws {
        let (root, square) = turnedSquare {
            $0.allowsEdgeAntialiasing = true
            $0.edgeAntialiasingMask = [.layerLeftEdge]
        }
        for (name, rgba) in try pictures(of: root) {
            let partial = partialPixels(rgba, square: square)
            XCTAssertGreaterThan(partial.filter { $0.side == .minX }.count, 40, "\(name): the left edge is antialiased")
            let others = partial.filter { $0.side != .minX }
            // The left edge's two ends may blend into the neighbouring sides' first pixels.
            XCTAssertLessThanOrEqual(others.count, 4, "\(name): other edges aliased: \(others.prefix(5))")
        }
    }

    /// Inside a group the compositor composites offscreen (a rounded clip), a turned sublayer is
    /// still cut: in the group's plane, which is the screen's while the group is not turned.
    func testSublayersOfAnUnturnedGroupAreAliased() throws {
        let (root, square) = turnedSquare()
        let container = CALayer()
        container.frame = CGRect(x: 20, y: 10, width: 200, height: 140)
        container.cornerRadius = 10
        container.masksToBounds = true
        container.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        square.removeFromSuperlayer()
        square.position = CGPoint(x: 100.3, y: 70.2)
        container.addSublayer(square)
        root.addSublayer(container)
        for (name, rgba) in try pictures(of: root) {
            // The square in root coordinates, for the pixel classification.
            let placed = CALayer()
            placed.position = CGPoint(x: 120.3, y: 80.2)
            placed.setAffineTransform(square.affineTransform())
            let partial = partialPixels(rgba, square: placed).filter { abs($0.x - 120) < 50 && abs($0.y - 80) < 50 }
            XCTAssertEqual(partial.count, 0, "\(name): \(partial.prefix(5))")
        }
    }

    /// Untransformed layers on whole pixels look the same either way.
    func testAxisAlignedLayersOnWholePixelsAreUnchanged() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let square = CALayer()
        square.frame = CGRect(x: 20, y: 20, width: 50, height: 40)
        square.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(square)
        let aliased = try pictures(of: root)
        square.allowsEdgeAntialiasing = true
        let antialiased = try pictures(of: root)
        for k in 0..<2 { XCTAssertEqual(aliased[k].rgba, antialiased[k].rgba, aliased[k].name) }
    }

    /// Under perspective too: the projective kernel, and the renderer's warp of the flat drawing.
    func testPerspectiveEdgesAreAliased() throws {
        func picture(_ allows: Bool) throws -> [(name: String, rgba: [UInt8])] {
            let (root, _) = turnedSquare { layer in
                var t = CATransform3DIdentity
                t.m34 = -1 / 300
                layer.transform = CATransform3DRotate(CATransform3DRotate(t, 0.5, 0, 1, 0), .pi / 5, 0, 0, 1)
                layer.allowsEdgeAntialiasing = allows
            }
            return try pictures(of: root)
        }
        func counts(_ rgba: [UInt8]) -> (blue: Int, partial: Int) {
            var partial = 0, blue = 0
            for i in stride(from: 0, to: rgba.count, by: 4) {
                let (r, g, b) = (Int(rgba[i]), Int(rgba[i + 1]), Int(rgba[i + 2]))
                if r < 3 && g < 3 && b > 252 { blue += 1 } else if !(r > 252 && g > 252 && b > 252) { partial += 1 }
            }
            return (blue, partial)
        }
        for (name, rgba) in try picture(false) {
            let c = counts(rgba)
            XCTAssertGreaterThan(c.blue, 1000, name)
            XCTAssertEqual(c.partial, 0, name)
        }
        for (name, rgba) in try picture(true) { XCTAssertGreaterThan(counts(rgba).partial, 60, name) }
    }
}
