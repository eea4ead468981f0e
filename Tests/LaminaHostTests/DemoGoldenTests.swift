import XCTest
import LaminaHost
import LaminaTesting
import GalleryDemos

/// Every gallery demo's frame half a second in, offscreen on the virtual clock, against its golden.
final class DemoGoldenTests: XCTestCase {
    override func tearDown() { MediaClock.useSystemTime() }

    func testEveryDemoMatchesItsGoldenFrame() {
        for demo in demos {
            nonisolated(unsafe) var image: CGImage?
            MainActor.assumeIsolated {
                MediaClock.setVirtualTime(1000)
                let view = demo.make()
                view.layer.frame = CGRect(x: 0, y: 0, width: 640, height: 480)
                let renderer = CARenderer(size: CGSize(width: 640, height: 480))
                renderer.backgroundColor = CGColor(gray: 1, alpha: 1)
                renderer.layer = view.layer
                image = renderer.makeImage(atTime: 1000.5)
            }
            assertSnapshot(image, named: "demo-\(demo.name)@0.5")
        }
    }
}
