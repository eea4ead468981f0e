import XCTest
import LaminaHost

/// `window.dumpLayerTree()`: the tree a real window shows, with its animations' present values.
final class WindowLayerTreeDumpTests: XCTestCase {
    func testAWindowDumpsItsTreeAsTextAndJSON() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            throw XCTSkip("needs an X display: scripts/test runs these under Xvfb")
        }
        try MainActor.assumeIsolated {
            MediaClock.setVirtualTime(500)
            defer { MediaClock.useSystemTime() }
            let window = try Window(checkedTitle: "Lamina dump", size: CGSize(width: 120, height: 80))
            defer { window.close() }
            let view = HostingView()
            let dot = CALayer()
            dot.name = "dot"
            dot.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.fromValue = 20
            slide.toValue = 100
            slide.duration = 2
            dot.add(slide, forKey: "slide")
            view.layer.addSublayer(dot)
            window.contentView = view
            let text = window.dumpLayerTree(at: 501)
            XCTAssertTrue(text.contains("CALayer \"dot\" frame (10, 10, 20, 20)"), text)
            XCTAssertTrue(text.contains("▸ slide: CABasicAnimation position.x duration 2"), text)
            XCTAssertTrue(text.contains("now: frame (50, 10, 20, 20)"), text)      // halfway: x = 60, minus half the width
            struct Document: Decodable { let root: LayerTreeDump.Node }
            let json = try JSONDecoder().decode(Document.self, from: Data(window.dumpLayerTree(at: 501, json: true).utf8))
            XCTAssertEqual(json.root.properties.frame, LayerTreeDump.Rect(x: 0, y: 0, width: 120, height: 80))
            XCTAssertEqual(json.root.sublayers?.first?.presented?.frame?.x, 50)
        }
    }
}
