import XCTest
import QuartzCore

/// Messages name the framework that speaks, on standard error itself.
final class DiagnosticsPrefixTests: XCTestCase {
    /// What `body` writes to standard error (file descriptor 2), through a pipe.
    private func standardError(during body: () -> Void) -> String {
        let pipe = Pipe()
        let saved = dup(2)
        dup2(pipe.fileHandleForWriting.fileDescriptor, 2)
        body()
        dup2(saved, 2)
        close(saved)
        pipe.fileHandleForWriting.closeFile()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    func testQuartzCoreAndCoreGraphicsMessages() {
        let text = standardError {
            CALayer().setValue("wide", forKey: "borderWidth")
            CGMutablePath().addLine(to: CGPoint(x: 1, y: 1))
        }
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, text)
        XCTAssertTrue(lines[0].hasPrefix("Lamina QuartzCore: CALayer.setValue(_:forKey:): String does not fit 'borderWidth'"), lines[0])
        XCTAssertTrue(lines.last?.hasPrefix("Lamina CoreGraphics: CGPath") == true, text)
    }
}
