import XCTest
import QuartzCore
import LaminaTesting

/// Golden images of Core Image filters on layers (the default `SnapshotComparison` tolerance):
/// each blur and a few color filters on a card with a sublayer, and a frosted card over stripes.
final class FilterGoldenTests: XCTestCase {
    private func scene(_ filters: [Any]) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        root.backgroundColor = CGColor(gray: 0.96, alpha: 1)
        let card = CALayer()
        card.frame = CGRect(x: 40, y: 30, width: 80, height: 60)
        card.backgroundColor = CGColor(red: 0.2, green: 0.45, blue: 0.85, alpha: 1)
        card.cornerRadius = 10
        let dot = CALayer()
        dot.frame = CGRect(x: 10, y: 10, width: 30, height: 30)
        dot.cornerRadius = 15
        dot.backgroundColor = CGColor(red: 0.95, green: 0.7, blue: 0.2, alpha: 1)
        card.addSublayer(dot)
        card.filters = filters
        root.addSublayer(card)
        return root
    }

    func testBlursAndColorFilters() {
        let cases: [(String, [Any])] = [
            ("gaussian", [CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 6])!]),
            ("box", [CIFilter(name: "CIBoxBlur", parameters: [kCIInputRadiusKey: 6])!]),
            ("disc", [CIFilter(name: "CIDiscBlur", parameters: [kCIInputRadiusKey: 5])!]),
            ("motion", [CIFilter(name: "CIMotionBlur", parameters: [kCIInputRadiusKey: 8, kCIInputAngleKey: Double.pi / 4])!]),
            ("sepia-hue", [CIFilter(name: "CISepiaTone")!, CIFilter(name: "CIHueAdjust", parameters: [kCIInputAngleKey: 2])!]),
            ("pixellate", [CIFilter(name: "CIPixellate", parameters: [kCIInputScaleKey: 6, kCIInputCenterKey: CIVector(x: 0, y: 0)])!]),
        ]
        for (name, filters) in cases {
            assertSnapshot(of: scene(filters), named: "filter-\(name)")
        }
    }

    func testFrostedCardOverStripes() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        for i in 0..<8 {
            let stripe = CALayer()
            stripe.frame = CGRect(x: CGFloat(i) * 20, y: 0, width: 10, height: 120)
            stripe.backgroundColor = CGColor(red: CGFloat(i) / 8, green: 0.3, blue: 1 - CGFloat(i) / 8, alpha: 1)
            root.addSublayer(stripe)
        }
        let card = CALayer()
        card.frame = CGRect(x: 30, y: 25, width: 100, height: 70)
        card.cornerRadius = 14
        card.backgroundColor = CGColor(gray: 1, alpha: 0.2)
        card.backgroundFilters = [CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 5])!]
        card.compositingFilter = nil
        root.addSublayer(card)
        assertSnapshot(of: root, named: "filter-frosted-card")
    }
}
