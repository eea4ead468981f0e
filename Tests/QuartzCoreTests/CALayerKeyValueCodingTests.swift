import XCTest
import QuartzCore

final class CALayerKeyValueCodingTests: XCTestCase {
    func testPropertiesReadAndWriteThroughKeys() {
        let layer = CALayer()
        layer.setValue(CGRect(x: 0, y: 0, width: 10, height: 20), forKey: "bounds")
        XCTAssertEqual(layer.bounds.size, CGSize(width: 10, height: 20))
        XCTAssertEqual(layer.value(forKey: "bounds") as? CGRect, CGRect(x: 0, y: 0, width: 10, height: 20))
        layer.setValue(0.5, forKey: "opacity")
        XCTAssertEqual(layer.opacity, 0.5)
        XCTAssertEqual((layer.value(forKey: "opacity") as? NSNumber)?.doubleValue, 0.5)
        layer.setValue(NSNumber(value: 4), forKey: "cornerRadius")
        XCTAssertEqual(layer.cornerRadius, 4)
        layer.setValue(CGFloat(2), forKey: "borderWidth")
        XCTAssertEqual(layer.borderWidth, 2)
        layer.setValue(true, forKey: "hidden")
        XCTAssertTrue(layer.isHidden)
        layer.setValue("resizeAspect", forKey: "contentsGravity")
        XCTAssertEqual(layer.contentsGravity, .resizeAspect)
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.setValue(red, forKey: "backgroundColor")
        XCTAssertEqual(layer.backgroundColor, red)
        layer.setValue(nil, forKey: "backgroundColor")
        XCTAssertNil(layer.backgroundColor)
        XCTAssertNil(layer.value(forKey: "backgroundColor"))
    }

    func testStructureFieldsInKeyPaths() {
        let layer = CALayer()
        layer.setValue(25, forKeyPath: "position.x")
        layer.setValue(CGFloat(30), forKeyPath: "bounds.size.width")
        XCTAssertEqual(layer.position.x, 25)
        XCTAssertEqual(layer.bounds.width, 30)
        XCTAssertEqual((layer.value(forKeyPath: "position.x") as? NSNumber)?.doubleValue, 25)
        XCTAssertEqual((layer.value(forKeyPath: "bounds.size.width") as? NSNumber)?.doubleValue, 30)
        XCTAssertEqual(layer.value(forKeyPath: "bounds.origin") as? CGPoint, .zero)
        layer.setValue(Double.pi / 2, forKeyPath: "transform.rotation.z")
        XCTAssertEqual(layer.transform.m12, 1, accuracy: 1e-12)
        XCTAssertEqual((layer.value(forKeyPath: "transform.rotation.z") as? NSNumber)?.doubleValue ?? 0, .pi / 2, accuracy: 1e-12)
        layer.setValue(2, forKeyPath: "transform.scale")
        XCTAssertEqual((layer.value(forKeyPath: "transform.scale.x") as? NSNumber)?.doubleValue ?? 0, 2, accuracy: 1e-12)
        XCTAssertEqual((layer.value(forKeyPath: "transform.rotation") as? NSNumber)?.doubleValue ?? 0, .pi / 2, accuracy: 1e-12)
        layer.setValue(7, forKeyPath: "transform.translation.x")
        XCTAssertEqual(layer.transform.m41, 7)
        XCTAssertEqual(layer.value(forKeyPath: "transform.translation") as? CGSize, CGSize(width: 7, height: 0))
        layer.setValue(0.3, forKeyPath: "transform.rotation.x")
        XCTAssertEqual((layer.value(forKeyPath: "transform.rotation.x") as? NSNumber)?.doubleValue ?? 0, 0.3, accuracy: 1e-9)
        XCTAssertEqual((layer.value(forKeyPath: "transform.rotation.z") as? NSNumber)?.doubleValue ?? 0, .pi / 2, accuracy: 1e-9)
    }

    func testCustomKeysAreStoredAndDefaultsComeFromTheClass() {
        final class Dial: CALayer {
            override class func defaultValue(forKey key: String) -> Any? {
                key == "progress" ? NSNumber(value: 0.25) : super.defaultValue(forKey: key)
            }
        }
        let dial = Dial()
        XCTAssertEqual((dial.value(forKey: "progress") as? NSNumber)?.doubleValue, 0.25)
        dial.setValue(0.75, forKey: "progress")
        XCTAssertEqual(dial.value(forKey: "progress") as? Double, 0.75)
        dial.setValue("hello", forKey: "anything")
        XCTAssertEqual(dial.value(forKey: "anything") as? String, "hello")
        XCTAssertEqual(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint, CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual((CALayer.defaultValue(forKey: "shadowRadius") as? NSNumber)?.doubleValue, 3)
        XCTAssertNil(CALayer.defaultValue(forKey: "noSuchKey"))
        XCTAssertFalse(CALayer.needsDisplay(forKey: "bounds"))
        // The style dictionary supplies values for keys the layer has not set.
        dial.style = ["flavor": "vanilla"]
        XCTAssertEqual(dial.value(forKey: "flavor") as? String, "vanilla")
    }

    func testStyleSuppliesPropertiesTheLayerHasNotSet() {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let layer = CALayer()
        layer.cornerRadius = 2
        layer.style = ["cornerRadius": 10, "borderWidth": 3, "backgroundColor": red, "opacity": 0.5]
        XCTAssertEqual(layer.cornerRadius, 2)                          // set by the layer: kept
        XCTAssertEqual(layer.borderWidth, 3)
        XCTAssertEqual(layer.backgroundColor, red)
        XCTAssertEqual(layer.opacity, 0.5)
        layer.borderWidth = 1
        layer.style = ["opacity": 0.25]
        XCTAssertEqual(layer.borderWidth, 1)
        XCTAssertNil(layer.backgroundColor)                            // back to the default
        XCTAssertEqual(layer.opacity, 0.25)
        layer.style = nil
        XCTAssertEqual(layer.opacity, 1)
        // Style never touches contents, and copies keep what style supplied.
        let image = CGContext(data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                              space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!.makeImage()!
        layer.contents = image
        layer.style = ["cornerRadius": 4, "shadowRadius": 7]
        XCTAssertTrue(layer.contents as? CGImage === image)
        let copy = CALayer(layer: layer)
        XCTAssertTrue(copy.contents as? CGImage === image)
        XCTAssertEqual(copy.shadowRadius, 7)
        XCTAssertEqual(copy.cornerRadius, 2)
    }

    func testMismatchedValuesAndUnknownFieldsAreRefused() {
        let layer = CALayer()
        layer.position = CGPoint(x: 1, y: 2)
        let messages = CGDiagnostics.collecting {
            layer.setValue("not a point", forKey: "position")
            layer.setValue(CGPoint(x: 3, y: 3), forKey: "opacity")
            layer.setValue(1, forKeyPath: "position.z")
            layer.setValue("x", forKeyPath: "position.x")
            layer.setValue(1, forKeyPath: "transform.shear")
        }
        XCTAssertEqual(messages.count, 5, "\(messages)")
        XCTAssertEqual(layer.position, CGPoint(x: 1, y: 2))
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertNil(layer.value(forKeyPath: "position.z"))
    }

    func testInitLayerCopiesStateButNotTheTree() {
        let gradient = CAGradientLayer()
        gradient.colors = [CGColor.black, CGColor.white]
        gradient.locations = [0, 1]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.cornerRadius = 9
        gradient.setValue(42, forKey: "custom")
        gradient.addSublayer(CALayer())
        let copy = CAGradientLayer(layer: gradient)
        XCTAssertEqual(copy.colors?.count, 2)
        XCTAssertEqual(copy.locations, [0, 1])
        XCTAssertEqual(copy.startPoint, CGPoint(x: 0, y: 0.5))
        XCTAssertEqual(copy.cornerRadius, 9)
        XCTAssertEqual(copy.value(forKey: "custom") as? Int, 42)
        XCTAssertNil(copy.sublayers)
        XCTAssertEqual(gradient.value(forKey: "type") as? String, "axial")
        gradient.setValue([CGColor.white] as NSArray, forKey: "colors")
        XCTAssertEqual(gradient.colors?.count, 1)
    }
}
