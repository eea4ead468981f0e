import CoreGraphics
import CoreText

/// `lamina-bench text`: the Core Text figures of `cg`, and the steps they are made of, so that
/// a slow figure shows where its time goes.
enum TextSuite {
    static var benchmarks: [Benchmark] {
        let (paragraph, box) = CoreGraphicsSuite.CoreTextFigures.paragraph()
        let label = CoreGraphicsSuite.CoreTextFigures.label(123)
        let target = CoreGraphicsSuite.context(1280, 720)
        let framesetter = CTFramesetterCreateWithAttributedString(paragraph)
        let frame = CTFramesetterCreateFrame(framesetter, CFRange(), box, nil)
        let line = CTLineCreateWithAttributedString(label)
        return [
            Benchmark(name: "CTLineCreateWithAttributedString, a 20-character label") { _ = CTLineCreateWithAttributedString(label) },
            Benchmark(name: "CTLineDraw, a 20-character label") { target.textPosition = CGPoint(x: 20, y: 20); CTLineDraw(line, target) },
            Benchmark(name: "framesetter + frame, 6-line paragraph (layout only)") {
                _ = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(paragraph), CFRange(), box, nil)
            },
            Benchmark(name: "CTFrameDraw, 6-line paragraph (drawing only)") { CTFrameDraw(frame, target) },
            Benchmark(name: "TextLayout.size, the same paragraph in one font (Pango's layout alone)") {
                _ = TextLayout(paragraph.string, fontFamily: "Helvetica", fontSize: 14, wrapWidth: 400).size
            },
            Benchmark(name: "TextLayout.size, the label") { _ = TextLayout(label.string, fontFamily: "Helvetica", fontSize: 14).size },
            Benchmark(name: "attributes(at:effectiveRange:) on the label") {
                var range = NSRange()
                _ = label.attributes(at: 0, effectiveRange: &range)
            },
            Benchmark(name: "NSAttributedString.string on the label") { _ = label.string },
        ]
    }
}
