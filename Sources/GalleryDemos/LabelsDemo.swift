import CoreText
import LaminaHost

/// Text layers: a typewriter (a line revealed a character at a time by its mask, a
/// blinking caret), a justified paragraph, the three truncation modes and the alignments.
public final class LabelsDemo: DemoView {
    private static let paper = color(0.96, 0.95, 0.91)
    private static let ink = color(0.15, 0.15, 0.18)

    public override init() {
        super.init()
        layer.backgroundColor = Self.color(0.2, 0.22, 0.27)
        let title = Self.label("CATextLayer", size: 30, frame: CGRect(x: 20, y: 16, width: 600, height: 40))
        title.font = "Helvetica-Bold" as NSString
        title.alignmentMode = .center
        title.foregroundColor = Self.color(1, 1, 1)
        layer.addSublayer(title)
        layer.addSublayer(typewriter(CGRect(x: 30, y: 70, width: 580, height: 44)))

        let card = CALayer()
        card.frame = CGRect(x: 30, y: 130, width: 330, height: 220)
        card.backgroundColor = Self.paper
        card.cornerRadius = 8
        let paragraph = Self.label("""
            Core Animation keeps the model and the picture apart: code changes a layer, and the render \
            thread draws the change, frame after frame, without waiting for it. This paragraph is one \
            text layer, wrapped and justified, its last line flush left.
            """, size: 15, frame: CGRect(x: 16, y: 14, width: 298, height: 192))
        paragraph.isWrapped = true
        paragraph.alignmentMode = .justified
        paragraph.font = "Times" as NSString
        card.addSublayer(paragraph)
        layer.addSublayer(card)

        let long = "A label much too long for its box"
        for (i, mode) in [CATextLayerTruncationMode.start, .middle, .end].enumerated() {
            let box = CALayer()
            box.frame = CGRect(x: 380, y: 130 + CGFloat(i) * 44, width: 230, height: 34)
            box.backgroundColor = Self.paper
            box.cornerRadius = 6
            let truncated = Self.label(long, size: 17, frame: CGRect(x: 8, y: 7, width: 214, height: 24))
            truncated.truncationMode = mode
            box.addSublayer(truncated)
            layer.addSublayer(box)
        }
        for (i, mode) in [CATextLayerAlignmentMode.left, .center, .right].enumerated() {
            let aligned = Self.label("\(mode.rawValue)", size: 16, frame: CGRect(x: 380, y: 270 + CGFloat(i) * 26, width: 230, height: 22))
            aligned.alignmentMode = mode
            aligned.backgroundColor = Self.color(1, 1, 1, 0.12)
            aligned.foregroundColor = Self.color(1, 1, 1)
            layer.addSublayer(aligned)
        }
        let rich = CATextLayer()
        rich.frame = CGRect(x: 30, y: 380, width: 580, height: 70)
        rich.contentsScale = 2
        let text = NSMutableAttributedString(string: "Attributed strings keep their own fonts and colors.", attributes: [
            .font: CTFontCreateWithName("Helvetica" as CFString, 22, nil),
            NSAttributedString.Key(kCTForegroundColorAttributeName as String): Self.color(0.85, 0.88, 0.95),
        ])
        text.addAttributes([.font: CTFontCreateWithName("Helvetica-Bold" as CFString, 22, nil),
                            NSAttributedString.Key(kCTForegroundColorAttributeName as String): Self.color(1, 0.7, 0.3)],
                           range: NSRange(location: 0, length: 18))
        rich.string = text
        rich.isWrapped = true
        layer.addSublayer(rich)
    }

    private static func label(_ string: String, size: CGFloat, frame: CGRect) -> CATextLayer {
        let label = CATextLayer()
        label.frame = frame
        label.string = string
        label.fontSize = size
        label.foregroundColor = ink
        label.contentsScale = 2
        return label
    }

    /// A monospaced line typed out: its mask grows to the end of one more character at a time
    /// (discrete keyframes), a caret blinking after it.
    private func typewriter(_ frame: CGRect) -> CALayer {
        let box = CALayer()
        box.frame = frame
        box.backgroundColor = Self.color(0.1, 0.11, 0.14)
        box.cornerRadius = 6
        let line = "$ lamina-gallery labels --typewriter"
        let text = Self.label(line, size: 20, frame: CGRect(x: 12, y: 10, width: frame.width - 24, height: 26))
        text.font = "Menlo" as NSString
        text.foregroundColor = Self.color(0.45, 0.95, 0.55)
        // Where each prefix ends, as the layer lays the line out.
        let measured = CTLineCreateWithAttributedString(NSAttributedString(string: line, attributes: [
            .font: CTFontCreateWithName("Menlo" as CFString, 20, nil)]))
        let ends = (0...line.utf16.count).map { CTLineGetOffsetForStringIndex(measured, $0, nil) }
        let mask = CALayer()
        mask.backgroundColor = Self.color(0, 0, 0)
        mask.anchorPoint = .zero
        mask.frame = CGRect(x: 0, y: 0, width: 0, height: 26)
        let count = ends.count - 1
        let typing = CAKeyframeAnimation(keyPath: "bounds.size.width")
        typing.values = ends
        typing.calculationMode = .discrete
        typing.duration = Double(count) * 0.06
        typing.fillMode = .forwards
        typing.isRemovedOnCompletion = false
        mask.add(typing, forKey: "typing")
        text.mask = mask
        box.addSublayer(text)
        let caret = CALayer()
        caret.backgroundColor = Self.color(0.45, 0.95, 0.55)
        caret.anchorPoint = .zero
        caret.frame = CGRect(x: 12, y: 12, width: 10, height: 22)
        let follow = CAKeyframeAnimation(keyPath: "position.x")
        follow.values = ends.map { 12 + $0 }
        follow.calculationMode = .discrete
        follow.duration = typing.duration
        follow.fillMode = .forwards
        follow.isRemovedOnCompletion = false
        caret.add(follow, forKey: "follow")
        let blink = CAKeyframeAnimation(keyPath: "opacity")
        blink.values = [1, 0]
        blink.calculationMode = .discrete
        blink.duration = 0.8
        blink.repeatCount = .infinity
        caret.add(blink, forKey: "blink")
        box.addSublayer(caret)
        return box
    }
}
