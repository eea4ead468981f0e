import XCTest
import QuartzCore

/// `LayerTreeDump`: what a tree is and does, as text and as JSON that decodes back.
final class LayerTreeDumpTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    /// A root with a named card fading out over a second from t = 1000, a turned badge, and a mask.
    func makeTree() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let card = CALayer()
        card.name = "card"
        card.frame = CGRect(x: 10, y: 20, width: 50, height: 40)
        card.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        card.cornerRadius = 8
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 1
        card.add(fade, forKey: "fade")
        root.addSublayer(card)
        let badge = CALayer()
        badge.frame = CGRect(x: 100, y: 10, width: 20, height: 20)
        badge.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z")
        badge.borderWidth = 2
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        mask.backgroundColor = CGColor(gray: 0, alpha: 1)
        badge.mask = mask
        root.addSublayer(badge)
        return root
    }

    func testTheDumpHoldsModelValuesAnimationsAndPresentationValuesAtItsTime() throws {
        let dump = LayerTreeDump(makeTree(), at: 1000.25)
        XCTAssertEqual(dump.mediaTime, 1000.25)
        XCTAssertEqual(dump.root.class, "CALayer")
        XCTAssertEqual(dump.root.properties.frame, LayerTreeDump.Rect(x: 0, y: 0, width: 200, height: 100))
        XCTAssertNil(dump.root.presented)
        let card = try XCTUnwrap(dump.root.sublayers?.first)
        XCTAssertEqual(card.name, "card")
        XCTAssertEqual(card.properties.frame, LayerTreeDump.Rect(x: 10, y: 20, width: 50, height: 40))
        XCTAssertEqual(card.properties.backgroundColor, "#FF0000FF")
        XCTAssertEqual(card.properties.cornerRadius, 8)
        XCTAssertNil(card.properties.opacity, "a default is not listed")
        let fade = try XCTUnwrap(card.animations?.first)
        XCTAssertEqual([fade.key, fade.class, fade.keyPath], ["fade", "CABasicAnimation", "opacity"])
        XCTAssertEqual(fade.duration, 1)
        XCTAssertEqual(fade.beginTime, 1000)
        // A quarter of the way through a linear fade from 1 to 0; nothing else moves.
        XCTAssertEqual(try XCTUnwrap(card.presented?.opacity), 0.75, accuracy: 1e-6)
        XCTAssertNil(card.presented?.frame)
        let badge = try XCTUnwrap(dump.root.sublayers?.last)
        let turn = try XCTUnwrap(badge.properties.transform)
        XCTAssertEqual(turn[0], 0, accuracy: 1e-9)
        XCTAssertEqual(turn[1], 1, accuracy: 1e-9)
        XCTAssertEqual(badge.properties.borderWidth, 2)
        XCTAssertEqual(badge.properties.borderColor, "#000000FF")
        XCTAssertEqual(badge.mask?.first?.properties.backgroundColor, "#000000FF")
        // Later, the presentation follows the time asked for.
        let later = LayerTreeDump(makeTree(), at: 1000.5)
        XCTAssertEqual(try XCTUnwrap(later.root.sublayers?.first?.presented?.opacity), 0.5, accuracy: 1e-6)
    }

    func testJSONDecodesBackAndTextReadsAsATree() throws {
        let dump = LayerTreeDump(makeTree(), at: 1000.25)
        struct Document: Decodable { let mediaTime: Double; let root: LayerTreeDump.Node }
        let decoded = try JSONDecoder().decode(Document.self, from: Data(dump.json.utf8))
        XCTAssertEqual(decoded.root, dump.root)
        XCTAssertEqual(decoded.mediaTime, 1000.25)
        let lines = dump.text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, [
            "layer tree at media time 1000.25",
            "CALayer frame (0, 0, 200, 100)",
            "  CALayer \"card\" frame (10, 20, 50, 40), background #FF0000FF, cornerRadius 8",
            "      ▸ fade: CABasicAnimation opacity duration 1",
            "      now: opacity 0.75",
            "  CALayer frame (100, 10, 20, 20), transform [0 1 -1 0 0 0], border 2, borderColor #000000FF",
            "    mask: CALayer frame (0, 0, 10, 10), background #000000FF",
        ])
    }

    /// Animations that repeat forever are said so (JSON has no infinity).
    func testForeverIsWrittenAsAFlag() throws {
        let layer = CALayer()
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.toValue = CGFloat.pi
        spin.repeatCount = .infinity
        layer.add(spin, forKey: "spin")
        let dump = LayerTreeDump(layer, at: 1000)
        XCTAssertEqual(dump.root.animations?.first?.repeatsForever, true)
        XCTAssertNil(dump.root.animations?.first?.repeatCount)
        XCTAssertTrue(dump.json.contains("\"repeatsForever\" : true"), dump.json)
    }
}
