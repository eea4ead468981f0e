import XCTest
@testable import QuartzCore

/// `Route`: the one predicate that says how a layer is shown (items, a group with its reason, or
/// drawn with its reason), which the planner places and the layer renderer reads alike.
final class RouteTests: XCTestCase {
    private func route(_ layer: CALayer, toDevice: CGAffineTransform = .identity, opacity: CGFloat = 1) -> Route {
        Route(of: LayerSnapshot(layer), toDevice: toDevice, opacity: opacity, paths: PathCache())
    }

    private func layer(sublayers: Int = 0) -> CALayer {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        for _ in 0..<sublayers {
            let sublayer = CALayer()
            sublayer.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
            sublayer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            layer.addSublayer(sublayer)
        }
        return layer
    }

    func testAPlainLayerIsItems() {
        XCTAssertEqual(route(layer(sublayers: 2)), .items)
    }

    func testAMaskMakesAGroup() {
        let masked = layer()
        let mask = CALayer()
        mask.frame = masked.bounds
        mask.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        masked.mask = mask
        XCTAssertEqual(route(masked), .group(.mask))
    }

    func testGroupOpacityOverSublayersMakesAGroupAndALeafStaysItems() {
        let faded = layer(sublayers: 1)
        faded.opacity = 0.5
        XCTAssertEqual(route(faded), .group(.opacity))
        faded.allowsGroupOpacity = false
        XCTAssertEqual(route(faded), .items)
        let leaf = layer()
        leaf.opacity = 0.5
        XCTAssertEqual(route(leaf), .items)
    }

    func testAClipIsAGroupWhenRoundedOrOffThePixelGrid() {
        let clipping = layer(sublayers: 1)
        clipping.masksToBounds = true
        XCTAssertEqual(route(clipping), .items, "a rectangle on whole pixels clips the sublayers' items")
        XCTAssertEqual(route(clipping, toDevice: CGAffineTransform(translationX: 0.5, y: 0)), .group(.clip))
        XCTAssertEqual(route(clipping, toDevice: CGAffineTransform(rotationAngle: 0.3)), .group(.clip))
        clipping.cornerRadius = 8
        XCTAssertEqual(route(clipping), .group(.clip))
        XCTAssertEqual(Route.rectangularClip(of: LayerSnapshot(clipping), toDevice: .identity), nil)
    }

    func testDrawnReasons() {
        let rasterized = layer()
        rasterized.shouldRasterize = true
        XCTAssertEqual(route(rasterized), .drawn(.rasterized))
        let filtered = layer()
        filtered.filters = [CIFilter(name: "CIGaussianBlur")!]
        XCTAssertEqual(route(filtered), .drawn(.filters))
        let bordered = layer(sublayers: 1)
        bordered.borderWidth = 2
        XCTAssertEqual(route(bordered, opacity: 0.5), .drawn(.fadedBorder), "a faded border over a background, sublayers between")
        XCTAssertTrue(DrawnReason.fadedBorder.isFallback)
        XCTAssertFalse(DrawnReason.filters.isFallback)
    }
}
