import XCTest
import Testing
import QuartzCore

/// Renders `layer` offscreen — placed by its frame in a canvas of its frame's size (or `size`),
/// at `scale` device pixels per point — and compares it with the golden `name`.
public func renderSnapshot(of layer: CALayer, size: CGSize? = nil, scale: CGFloat = 1, background: CGColor? = nil) -> CGImage? {
    let frame = layer.frame
    let renderer = CARenderer(size: size ?? CGSize(width: frame.maxX, height: frame.maxY), scale: scale)
    renderer.backgroundColor = background
    renderer.layer = layer
    return renderer.makeImage()
}

/// XCTest: fails the test when `image` does not match its golden (see `SnapshotComparison`).
public func assertSnapshot(_ image: CGImage?, named name: String, comparison: SnapshotComparison = SnapshotComparison(),
                           file: StaticString = #filePath, line: UInt = #line) {
    guard let image else { XCTFail("\(name): nothing was rendered", file: file, line: line); return }
    let result = comparison.compare(image, named: name, testFile: "\(file)")
    if !result.matches { XCTFail(result.message, file: file, line: line) }
}

/// XCTest: renders `layer` (see `renderSnapshot`) and compares it with its golden.
public func assertSnapshot(of layer: CALayer, named name: String, size: CGSize? = nil, scale: CGFloat = 1,
                           background: CGColor? = nil, comparison: SnapshotComparison = SnapshotComparison(),
                           file: StaticString = #filePath, line: UInt = #line) {
    assertSnapshot(renderSnapshot(of: layer, size: size, scale: scale, background: background), named: name,
                   comparison: comparison, file: file, line: line)
}

/// Swift Testing: records an issue when `image` does not match its golden.
public func expectSnapshot(_ image: CGImage?, named name: String, comparison: SnapshotComparison = SnapshotComparison(),
                           filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let image else { Issue.record("\(name): nothing was rendered", sourceLocation: sourceLocation); return }
    let result = comparison.compare(image, named: name, testFile: filePath)
    if !result.matches { Issue.record(Comment(rawValue: result.message), sourceLocation: sourceLocation) }
}
