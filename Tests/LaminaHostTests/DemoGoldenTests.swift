import XCTest
import LaminaHost
import LaminaTesting
import GalleryDemos

/// A demo's view at 640×480 and its frame half a second in, drawn offscreen by the layer renderer
/// on the virtual clock (media time 1000 is its start).
@MainActor
func renderedDemo(_ demo: Demo) -> (view: HostingView, frame: CGImage?) {
    MediaClock.setVirtualTime(1000)
    let view = demo.make()
    view.layer.frame = CGRect(x: 0, y: 0, width: 640, height: 480)
    let renderer = CARenderer(size: CGSize(width: 640, height: 480))
    renderer.backgroundColor = CGColor(gray: 1, alpha: 1)
    renderer.layer = view.layer
    return (view, renderer.makeImage(atTime: 1000.5))
}

/// Every gallery demo's frame half a second in, offscreen on the virtual clock, against its golden.
final class DemoGoldenTests: XCTestCase {
    override func tearDown() { MediaClock.useSystemTime() }

    func testEveryDemoMatchesItsGoldenFrame() {
        for demo in demos {
            nonisolated(unsafe) var image: CGImage?
            MainActor.assumeIsolated { image = renderedDemo(demo).frame }
            assertSnapshot(image, named: "demo-\(demo.name)@0.5")
        }
    }
}

/// Windows draw through the compositor wherever it can place a tree: for every demo it can,
/// the compositor's frame matches the renderer's (the goldens' path) within bilinear tolerance.
final class DemoCompositorTests: XCTestCase {
    override func tearDown() { MediaClock.useSystemTime() }

    func testTheCompositorDrawsTheDemosAsTheRendererDoes() {
        nonisolated(unsafe) var placed: [String] = []
        for demo in demos {
            MainActor.assumeIsolated {
                let (view, rendered) = renderedDemo(demo)
                guard let reference = rendered, let tree = RenderTree(view.layer),
                      let target = CGContext(data: nil, width: 640, height: 480, bitsPerComponent: 8, bytesPerRow: 0,
                                             space: CGColorSpaceCreateDeviceRGB(),
                                             bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue),
                      case let compositor = Compositor(),
                      compositor.composite(tree, atMediaTime: 1000.5, scale: 1, into: target) != nil,
                      let image = target.makeImage()
                else { return }
                placed.append(demo.name)
                // Masks, clips, group opacity and perspective are groups or projected items, not
                // subtrees the layer renderer draws because items could not show them.
                XCTAssertEqual(compositor.lastFallbacks, [], "\(demo.name) has fallbacks")
                let differing = SnapshotComparison.difference(image, reference, channelTolerance: 40).differing
                XCTAssertLessThan(differing, 640 * 480 / 100, "\(demo.name): the compositor and the renderer disagree")
            }
        }
        XCTAssertEqual(Set(placed), Set(demos.map(\.name)), "every demo takes the compositor, none is drawn whole")
        print("demos the compositor places: \(placed.joined(separator: ", "))")
    }
}
