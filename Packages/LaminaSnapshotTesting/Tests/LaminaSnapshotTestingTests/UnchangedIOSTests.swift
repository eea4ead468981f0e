// A test file as it is written for iOS: SnapshotTesting and QuartzCore, nothing of Lamina's.
// (The target depends on LaminaSnapshotTesting, whose `.image` strategies it then finds.)
import XCTest
import SnapshotTesting
import QuartzCore

final class UnchangedIOSTests: XCTestCase {
    func testAGradientBadge() {
        let badge = CAGradientLayer()
        badge.frame = CGRect(x: 0, y: 0, width: 80, height: 32)
        badge.colors = [CGColor(red: 0.95, green: 0.4, blue: 0.3, alpha: 1), CGColor(red: 0.9, green: 0.2, blue: 0.5, alpha: 1)]
        badge.startPoint = CGPoint(x: 0, y: 0.5)
        badge.endPoint = CGPoint(x: 1, y: 0.5)
        badge.cornerRadius = 16
        assertSnapshot(of: badge, as: .image)
        assertSnapshot(of: badge, as: .image(precision: 0.98))
    }
}
