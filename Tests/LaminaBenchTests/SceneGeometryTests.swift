import XCTest
@testable import lamina_bench

/// `lamina-bench`'s `--scale` and `--size`: what each suite runs at, and the refusals with their
/// messages (a suite given one exits with status 2 before it opens anything).
final class SceneGeometryTests: XCTestCase {
    private func parse(_ arguments: [String], environment: [String: String] = [:]) -> Result<SceneGeometry, GeometryError> {
        SceneGeometry.parse(["stress"] + arguments, environment: environment)
    }

    private func refusal(_ arguments: [String], environment: [String: String] = [:]) -> String? {
        if case .failure(let error) = parse(arguments, environment: environment) { return error.description }
        return nil
    }

    func testDefaultsAre1280By720AtScale1() throws {
        let geometry = try parse([]).get()
        XCTAssertEqual(geometry.size, CGSize(width: 1280, height: 720))
        XCTAssertEqual(geometry.scale, 1)
        XCTAssertEqual(geometry.description, "scale=1 size=1280x720")
    }

    func testScaleAndSizeGiveThePixels() throws {
        let geometry = try parse(["--size", "1920x1080", "--scale", "2"]).get()
        XCTAssertEqual(geometry.size, CGSize(width: 1920, height: 1080))
        XCTAssertEqual(geometry.scale, 2)
        XCTAssertEqual(geometry.pixelWidth, 3840)
        XCTAssertEqual(geometry.pixelHeight, 2160)
        XCTAssertEqual(geometry.description, "scale=2 size=1920x1080")
        let fractional = try parse(["--scale", "1.5"]).get()
        XCTAssertEqual(fractional.pixelWidth, 1920)
        XCTAssertEqual(fractional.pixelHeight, 1080)
        XCTAssertEqual(fractional.description, "scale=1.5 size=1280x720")
    }

    func testASuiteOfItsOwnSizeKeepsItUnlessGivenOne() throws {
        let latency = CGSize(width: 320, height: 240)
        XCTAssertEqual(try SceneGeometry.parse(["latency"], defaultSize: latency, environment: [:]).get().size, latency)
        XCTAssertEqual(try SceneGeometry.parse(["latency", "--size", "640x480"], defaultSize: latency, environment: [:]).get().size,
                       CGSize(width: 640, height: 480))
    }

    func testTheEnvironmentsScaleWithoutTheFlagAndTheFlagOverIt() throws {
        XCTAssertEqual(try parse([], environment: ["LAMINA_SCALE": "2"]).get().scale, 2)
        XCTAssertEqual(try parse(["--scale", "3"], environment: ["LAMINA_SCALE": "2"]).get().scale, 3)
        XCTAssertEqual(refusal([], environment: ["LAMINA_SCALE": "two"]),
                       "LAMINA_SCALE must be a number from 0.5 to 4 (or give --scale), not \"two\"")
    }

    func testScalesThatAreNotFiniteOrOutOfRangeAreRefused() {
        for given in ["nan", "NaN", "inf", "-inf", "0", "-1", "0.25", "4.5", "1e9", "2x", ""] {
            XCTAssertEqual(refusal(["--scale", given]), "--scale takes device pixels per point, a number from 0.5 to 4, not \"\(given)\"",
                           given)
        }
        XCTAssertEqual(refusal(["--scale"]), "--scale takes device pixels per point, a number from 0.5 to 4, not nothing")
    }

    func testSizesThatAreMalformedOrTooSmallAreRefused() {
        for given in ["0x0", "1280", "1280x", "x720", "-5x100", "1280x720.5", "1280x720x3", "axb", "127x720", "1280x127", "1280×720"] {
            XCTAssertEqual(refusal(["--size", given]),
                           "--size takes WIDTHxHEIGHT in points, whole numbers of at least 128 (e.g. 1920x1080), not \"\(given)\"", given)
        }
        XCTAssertEqual(refusal(["--size"]), "--size takes WIDTHxHEIGHT in points, whole numbers of at least 128 (e.g. 1920x1080), not nothing")
    }

    func testSizesOfTooManyPixelsAreRefused() {
        XCTAssertEqual(refusal(["--size", "100000x100000"]), "--size 100000x100000 at scale 1 is 100000×100000 pixels: at most 8192 a side")
        XCTAssertEqual(refusal(["--size", "4097x720", "--scale", "2"]), "--size 4097x720 at scale 2 is 8194×1440 pixels: at most 8192 a side")
        XCTAssertNotNil(try? parse(["--size", "4096x720", "--scale", "2"]).get())
        XCTAssertNil(refusal(["--size", "1920x1080", "--scale", "4"]))               // 7680×4320: an 8K display
    }
}
