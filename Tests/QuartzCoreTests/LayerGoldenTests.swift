import XCTest
import QuartzCore
import LaminaTesting

/// Golden images of layer styles, alone and combined, at scales 1 and 2. Tolerance: at most
/// 0.2 % of pixels off by more than 2 levels (the default `SnapshotComparison`).
final class LayerGoldenTests: XCTestCase {
    static let ink = CGColor(red: 0.12, green: 0.16, blue: 0.28, alpha: 1)
    static let sky = CGColor(red: 0.2, green: 0.45, blue: 0.85, alpha: 1)
    static let sun = CGColor(red: 0.95, green: 0.7, blue: 0.2, alpha: 1)

    func canvas(_ size: CGSize = CGSize(width: 160, height: 120)) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.backgroundColor = CGColor(gray: 0.96, alpha: 1)
        return root
    }

    func card() -> CALayer {
        let card = CALayer()
        card.frame = CGRect(x: 30, y: 20, width: 100, height: 80)
        card.backgroundColor = Self.sky
        return card
    }

    func testEachStyleAlone() {
        let styles: [(String, (CALayer) -> Void)] = [
            ("background", { _ in }),
            ("corner-radius", { $0.cornerRadius = 20 }),
            ("continuous-corners", { $0.cornerRadius = 24; $0.cornerCurve = .continuous }),
            ("masked-corners", { $0.cornerRadius = 30; $0.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner] }),
            ("border", { $0.borderWidth = 6; $0.borderColor = Self.ink; $0.cornerRadius = 12 }),
            ("shadow", { $0.shadowOpacity = 0.6; $0.shadowRadius = 8; $0.shadowOffset = CGSize(width: 4, height: 6) }),
            ("opacity", { $0.opacity = 0.5 }),
            ("rotation", { $0.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 9)) }),
            ("perspective", { var t = CATransform3DIdentity; t.m34 = -1 / 250; $0.transform = CATransform3DRotate(t, .pi / 5, 1, 1, 0) }),
        ]
        for (name, style) in styles {
            let root = canvas(), card = card()
            style(card)
            root.addSublayer(card)
            assertSnapshot(of: root, named: "style-\(name)")
        }
    }

    func testMaskAndContents() throws {
        let root = canvas()
        let photo = card()
        photo.contents = try XCTUnwrap(LayerRenderingTests.quadrants(size: 8))
        photo.magnificationFilter = .nearest
        let mask = CALayer()
        mask.frame = photo.bounds.insetBy(dx: 10, dy: 10)
        mask.backgroundColor = CGColor(gray: 0, alpha: 1)
        mask.cornerRadius = 30
        photo.mask = mask
        root.addSublayer(photo)
        assertSnapshot(of: root, named: "mask-over-contents")
    }

    func testGradients() {
        for type in [CAGradientLayerType.axial, .radial, .conic] {
            let root = canvas()
            let gradient = CAGradientLayer()
            gradient.frame = CGRect(x: 30, y: 20, width: 100, height: 80)
            gradient.colors = [Self.sun, Self.sky, Self.ink]
            gradient.locations = [0, 0.6, 1]
            if type != .axial {
                gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
                gradient.endPoint = CGPoint(x: 1, y: 1)
            }
            gradient.type = type
            root.addSublayer(gradient)
            assertSnapshot(of: root, named: "gradient-\(type.rawValue)")
        }
    }

    /// Rounded corners, a shadow, a mask, a border and a transform together, at scales 1 and 2.
    func testCombinedAtScalesOneAndTwo() {
        for scale in [1, 2] as [CGFloat] {
            let root = canvas(CGSize(width: 200, height: 160))
            let panel = CAGradientLayer()
            panel.frame = CGRect(x: 40, y: 30, width: 120, height: 100)
            panel.colors = [Self.sky, Self.ink]
            panel.cornerRadius = 18
            panel.borderWidth = 3
            panel.borderColor = Self.sun
            panel.shadowOpacity = 0.5
            panel.shadowRadius = 6
            panel.shadowOffset = CGSize(width: 0, height: 5)
            panel.setAffineTransform(CGAffineTransform(rotationAngle: -0.15))
            let badge = CALayer()
            badge.frame = CGRect(x: 80, y: -10, width: 50, height: 50)
            badge.backgroundColor = Self.sun
            badge.cornerRadius = 25
            panel.addSublayer(badge)
            // The mask fades the left third to 40 % and shows the rest.
            let mask = CALayer()
            mask.frame = CGRect(x: 0, y: -20, width: 120, height: 120)
            mask.backgroundColor = CGColor(gray: 0, alpha: 0.4)
            let shown = CALayer()
            shown.frame = CGRect(x: 40, y: 0, width: 80, height: 120)
            shown.backgroundColor = CGColor(gray: 0, alpha: 1)
            mask.addSublayer(shown)
            panel.mask = mask
            root.addSublayer(panel)
            assertSnapshot(of: root, named: "combined@\(Int(scale))x", scale: scale)
        }
    }
}
