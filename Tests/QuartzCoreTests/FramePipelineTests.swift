import XCTest
@testable import QuartzCore
import LaminaTesting

/// The frame pipeline (evaluate, place, composite, present) through a presenter: what it draws
/// and what it hands the presenter to show, for the bitmap presenter and a presenter whose target
/// the compositor cannot write.
final class FramePipelineTests: CompositingTestCase {
    /// A presenter over a bitmap of any layout, recording what it is asked to show.
    final class RecordingPresenter: FramePresenter {
        let context: CGContext?
        var presented: [[DeviceRect]] = []
        init(_ context: CGContext?) { self.context = context }
        func frameTarget() -> CGContext? { context }
        func present(_ rects: [DeviceRect]) { presented.append(rects) }
    }

    func testTheBitmapPresenterShowsWhatTheRendererDraws() throws {
        let root = scene()
        let presenter = try XCTUnwrap(BitmapPresenter(width: size.width, height: size.height))
        let pipeline = FramePipeline()
        let outcome = pipeline.drawFrame(RenderTree(root)!, atMediaTime: CACurrentMediaTime(), scale: 1, to: presenter)
        XCTAssertEqual(outcome, .presented([DeviceRect(x: 0, y: 0, width: Int32(size.width), height: Int32(size.height))]),
                       "a first frame is composited and shown whole")
        XCTAssertEqual(presenter.framesPresented, 1)
        XCTAssertLessThan(differing(presenter.context.makeImage()!, rendered(root)), size.width * size.height / 200,
                          "as the compositor tests allow: bilinear edges")
    }

    func testOnlyWhatChangedIsPresented() throws {
        let root = scene()
        let mover = tile(CGRect(x: 20, y: 60, width: 30, height: 30), CGColor(red: 0.5, green: 0.1, blue: 0.7, alpha: 1))
        root.addSublayer(mover)
        let presenter = try XCTUnwrap(BitmapPresenter(width: size.width, height: size.height))
        let pipeline = FramePipeline()
        pipeline.drawFrame(RenderTree(root)!, atMediaTime: CACurrentMediaTime(), scale: 1, to: presenter)
        // Nothing changed: nothing to show, and the presenter is told nothing.
        XCTAssertEqual(pipeline.drawFrame(RenderTree(root)!, atMediaTime: CACurrentMediaTime(), scale: 1, to: presenter), .unchanged)
        XCTAssertEqual(presenter.framesPresented, 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        mover.position.x += 40
        CATransaction.commit()
        guard case .presented(let rects) = pipeline.drawFrame(RenderTree(root)!, atMediaTime: CACurrentMediaTime(), scale: 1,
                                                              to: presenter) else { return XCTFail("the move is composited") }
        XCTAssertEqual(presenter.lastPresented, rects)
        let area = rects.reduce(0) { $0 + Int($1.width) * Int($1.height) }
        XCTAssertLessThan(area, size.width * size.height / 4, "the old and new places, not the whole frame")
        for x in [20, 60] {           // inside the old place and inside the new one
            XCTAssertTrue(rects.contains { $0.x <= x + 5 && x + 5 < $0.x + $0.width && $0.y <= 65 && 65 < $0.y + $0.height },
                          "pixel (\(x + 5), 65) is shown again")
        }
        XCTAssertLessThan(differing(presenter.context.makeImage()!, rendered(root)), size.width * size.height / 200)
    }

    func testATargetTheCompositorCannotWriteIsDrawnWholeByTheRenderer() {
        // RGBA in memory: not a layout the compositor's kernels write.
        let rgba = CGContext(data: nil, width: size.width, height: size.height, bitsPerComponent: 8, bytesPerRow: 0,
                             space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        let presenter = RecordingPresenter(rgba)
        let root = scene()
        XCTAssertEqual(FramePipeline().drawFrame(RenderTree(root)!, atMediaTime: CACurrentMediaTime(), scale: 1, to: presenter),
                       .drawnWhole)
        XCTAssertEqual(presenter.presented, [[DeviceRect(x: 0, y: 0, width: Int32(size.width), height: Int32(size.height))]])
        XCTAssertEqual(differing(rgba.makeImage()!, rendered(root)), 0)
    }

    func testAPresenterWithoutATargetDrawsNothing() {
        let presenter = RecordingPresenter(nil)
        XCTAssertEqual(FramePipeline().drawFrame(RenderTree(scene())!, atMediaTime: CACurrentMediaTime(), scale: 1, to: presenter),
                       .noTarget)
        XCTAssertEqual(FramePipeline().drawWhole(scale: 1, to: presenter) { _ in XCTFail("nothing to draw into") }, .noTarget)
        XCTAssertTrue(presenter.presented.isEmpty)
    }
}
