import XCTest
import CoreImage

/// The filter API: names, defaults, attributes, categories, bad input.
final class CIFilterTests: XCTestCase {
    func testFiltersStartAtApplesDefaults() throws {
        let blur = try XCTUnwrap(CIFilter(name: "CIGaussianBlur"))
        XCTAssertEqual((blur.value(forKey: kCIInputRadiusKey) as? NSNumber)?.doubleValue, 10)
        XCTAssertEqual(blur.inputKeys, ["inputImage", "inputRadius"])
        XCTAssertEqual(blur.outputKeys, ["outputImage"])
        XCTAssertEqual(blur.name, "CIGaussianBlur")
        let radius = try XCTUnwrap(blur.attributes[kCIInputRadiusKey] as? [String: Any])
        XCTAssertEqual(radius[kCIAttributeClass] as? String, "NSNumber")
        XCTAssertEqual((radius[kCIAttributeMin] as? NSNumber)?.doubleValue, 0)
        XCTAssertEqual((radius[kCIAttributeSliderMax] as? NSNumber)?.doubleValue, 100)
        XCTAssertEqual(blur.attributes[kCIAttributeFilterDisplayName] as? String, "Gaussian Blur")
        XCTAssertEqual((CIFilter(name: "CIMotionBlur")?.value(forKey: kCIInputRadiusKey) as? NSNumber)?.doubleValue, 20)
        XCTAssertEqual((CIFilter(name: "CIDiscBlur")?.value(forKey: kCIInputRadiusKey) as? NSNumber)?.doubleValue, 8)
        XCTAssertEqual(CIFilter(name: "CIColorMonochrome")?.value(forKey: kCIInputColorKey) as? CIColor,
                       CIColor(red: 0.6, green: 0.45, blue: 0.3, alpha: 1))
        XCTAssertEqual(CIFilter(name: "CIColorMatrix")?.value(forKey: "inputGVector") as? CIVector, CIVector(x: 0, y: 1, z: 0, w: 0))
        XCTAssertEqual((CIFilter(name: "CIBloom")?.value(forKey: kCIInputIntensityKey) as? NSNumber)?.doubleValue, 0.5)
        XCTAssertEqual(CIFilter(name: "CIPixellate")?.value(forKey: kCIInputCenterKey) as? CIVector, CIVector(x: 150, y: 150))
    }

    func testParametersAndSetDefaults() throws {
        let f = try XCTUnwrap(CIFilter(name: "CISepiaTone", parameters: [kCIInputIntensityKey: 0.25]))
        XCTAssertEqual((f.value(forKey: kCIInputIntensityKey) as? NSNumber)?.doubleValue, 0.25)
        f.setDefaults()
        XCTAssertEqual((f.value(forKey: kCIInputIntensityKey) as? NSNumber)?.doubleValue, 1)
        XCTAssertNil(f.outputImage, "no input image yet")
        f.name = "sepia"
        let copy = try XCTUnwrap(f.copy() as? CIFilter)
        XCTAssertEqual(copy.name, "sepia")
        copy.setValue(0.5, forKey: kCIInputIntensityKey)
        XCTAssertEqual((f.value(forKey: kCIInputIntensityKey) as? NSNumber)?.doubleValue, 1, "a copy is independent")
    }

    func testCategories() {
        let blurs = CIFilter.filterNames(inCategory: kCICategoryBlur)
        XCTAssertEqual(blurs, ["CIBoxBlur", "CIDiscBlur", "CIGaussianBlur", "CIMotionBlur"])
        let blends = CIFilter.filterNames(inCategory: kCICategoryCompositeOperation)
        for name in ["CIMultiplyBlendMode", "CIScreenBlendMode", "CIOverlayBlendMode", "CIDarkenBlendMode", "CILightenBlendMode",
                     "CIColorDodgeBlendMode", "CIColorBurnBlendMode", "CISoftLightBlendMode", "CIHardLightBlendMode",
                     "CIDifferenceBlendMode", "CIExclusionBlendMode", "CIHueBlendMode", "CISaturationBlendMode", "CIColorBlendMode",
                     "CILuminosityBlendMode", "CIAdditionCompositing", "CISourceOverCompositing", "CISourceAtopCompositing",
                     "CISourceInCompositing", "CISourceOutCompositing", "CIMultiplyCompositing", "CIMinimumCompositing",
                     "CIMaximumCompositing", "CISubtractBlendMode", "CIDivideBlendMode"] {
            XCTAssertTrue(blends.contains(name), name)
        }
        XCTAssertEqual(CIFilter.filterNames(inCategory: nil).count, CIFilter.filterNames(inCategories: []).count)
        XCTAssertEqual(CIFilter.localizedName(forFilterName: "CIColorInvert"), "Color Invert")
    }

    func testUnknownNameIsNilWithAMessage() {
        var filter: CIFilter?
        let messages = CGDiagnostics.collecting { filter = CIFilter(name: "CINoSuchFilter") }
        XCTAssertNil(filter)
        XCTAssertEqual(messages, ["CIFilter(name:): no filter named 'CINoSuchFilter'."])
    }

    func testNotFiniteRadiusLeavesTheImageWithAMessage() throws {
        let image = CIImage(raster: PixelImage(width: 4, height: 4, pixels: Array(repeating: 0xFF80_4020, count: 16)),
                            extent: CGRect(x: 0, y: 0, width: 4, height: 4))
        for bad in [Double.nan, .infinity, -.infinity] {
            var out: CIImage?
            let messages = CGDiagnostics.collecting {
                out = image.applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: bad])
            }
            XCTAssertEqual(out?.extent, image.extent, "radius \(bad) is the identity 0")
            XCTAssertEqual(out?.raster, image.raster)
            XCTAssertEqual(messages.count, 1, "\(messages)")
        }
        // Huge radii are bounded, not allocated.
        let messages = CGDiagnostics.collecting {
            let out = image.applyingFilter("CIBoxBlur", parameters: [kCIInputRadiusKey: 1e300])
            XCTAssertLessThanOrEqual(out.extent.width, 4 + 2 * 300 + 1)
        }
        XCTAssertEqual(messages.count, 1)
        // A value of the wrong kind reads as the default.
        let wrong = image.applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: "ten"])
        XCTAssertEqual(wrong.extent, image.extent.insetBy(dx: -30, dy: -30))
    }

    func testCGImageRoundTripAndExtent() throws {
        let raster = PixelImage(width: 3, height: 2, pixels: [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0x8080_0000, 0, 0xFFFF_FFFF])
        let cg = try XCTUnwrap(CIImage.cgImage(of: raster))
        let image = CIImage(cgImage: cg)
        XCTAssertEqual(image.extent, CGRect(x: 0, y: 0, width: 3, height: 2))
        XCTAssertEqual(image.raster, raster)
        let blurred = image.applyingGaussianBlur(sigma: 2)
        XCTAssertEqual(blurred.extent, CGRect(x: -6, y: -6, width: 15, height: 14))
        let out = try XCTUnwrap(CIContext().createCGImage(image, from: CGRect(x: -1, y: 0, width: 5, height: 2)))
        let back = CIImage(cgImage: out).raster
        XCTAssertEqual(back.pixels, [0, 0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0, 0, 0x8080_0000, 0, 0xFFFF_FFFF, 0])
        XCTAssertNil(CIContext().createCGImage(image, from: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1)))
    }
}

/// A custom filter written as Apple's guide writes one: a subclass overriding `outputImage`.
final class CustomFilterTests: XCTestCase {
    final class Halve: CIFilter {
        var inputImage: CIImage?
        override var outputImage: CIImage? {
            inputImage?.applyingFilter("CIColorMatrix", parameters: ["inputAVector": CIVector(x: 0, y: 0, z: 0, w: 0.5)])
        }
    }

    func testASubclassOverridesOutputImage() throws {
        let filter = Halve()
        XCTAssertEqual(filter.name, "Halve")
        XCTAssertEqual(filter.inputKeys, [])
        filter.inputImage = CIImage(raster: PixelImage(width: 1, height: 1, pixels: [0xFF00_00FF]),
                                    extent: CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(try XCTUnwrap(filter.outputImage).raster.pixels, [0x8000_0080])
    }
}
