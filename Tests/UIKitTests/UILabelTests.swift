import XCTest
import UIKit

final class UILabelTests: XCTestCase {
    func testDefaults() {
        MainActor.assumeIsolated {
            let label = UILabel()
            XCTAssertNil(label.text)
            XCTAssertEqual(label.font, UIFont.systemFont(ofSize: 17))
            XCTAssertEqual(label.textColor, .label)
            XCTAssertEqual(label.textAlignment, .natural)
            XCTAssertEqual(label.lineBreakMode, .byTruncatingTail)
            XCTAssertEqual(label.numberOfLines, 1)
            XCTAssertFalse(label.isUserInteractionEnabled, "labels ignore touches by default")
            XCTAssertEqual(label.contentMode, .redraw)
            XCTAssertEqual(label.shadowOffset, CGSize(width: 0, height: -1))
            XCTAssertNil(label.shadowColor)
            XCTAssertEqual(label.intrinsicContentSize, .zero)
        }
    }

    func testIntrinsicContentSizeIsTheTextsRoundedUp() {
        MainActor.assumeIsolated {
            let label = UILabel()
            label.text = "Hello, Lamina"
            let font = UIFont.systemFont(ofSize: 17)
            let measured = "Hello, Lamina".size(withAttributes: [.font: font])
            XCTAssertEqual(label.intrinsicContentSize, CGSize(width: ceil(measured.width), height: ceil(measured.height)))
            label.font = .systemFont(ofSize: 34)
            XCTAssertGreaterThan(label.intrinsicContentSize.height, 2 * ceil(measured.height) - 2)
            label.sizeToFit()
            XCTAssertEqual(label.bounds.size, label.intrinsicContentSize)
        }
    }

    func testLinesWrapAtTheWidthAndAreLimitedByNumberOfLines() {
        MainActor.assumeIsolated {
            let label = UILabel()
            label.text = "one two three four five six seven eight"
            let oneLine = label.intrinsicContentSize
            label.numberOfLines = 0
            let wrapped = label.sizeThatFits(CGSize(width: oneLine.width / 3, height: .greatestFiniteMagnitude))
            XCTAssertGreaterThanOrEqual(wrapped.height, 3 * oneLine.height - 3)
            XCTAssertLessThanOrEqual(wrapped.width, ceil(oneLine.width / 3))
            label.numberOfLines = 2
            let two = label.sizeThatFits(CGSize(width: oneLine.width / 3, height: .greatestFiniteMagnitude))
            XCTAssertEqual(two.height, 2 * oneLine.height, accuracy: 2)
            label.numberOfLines = 1
            XCTAssertEqual(label.sizeThatFits(CGSize(width: 10, height: 10)), oneLine, "one line does not wrap")
            let rect = label.textRect(forBounds: CGRect(x: 5, y: 5, width: 50, height: 100), limitedToNumberOfLines: 1)
            XCTAssertEqual(rect.origin, CGPoint(x: 5, y: 5))
            XCTAssertLessThanOrEqual(rect.width, 50)
        }
    }

    func testAttributedTextAndText() {
        MainActor.assumeIsolated {
            let label = UILabel()
            label.text = "plain"
            XCTAssertEqual(label.attributedText?.string, "plain")
            XCTAssertEqual(label.attributedText?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont, label.font)
            label.attributedText = NSAttributedString(string: "styled", attributes: [.foregroundColor: UIColor.red])
            XCTAssertEqual(label.text, "styled")
        }
    }

    func testTheTextIsDrawnCenteredVerticallyAlignedAndTruncated() throws {
        try MainActor.assumeIsolated {
            let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 60))
            label.backgroundColor = .white
            label.text = "██"
            label.textColor = .red
            label.textAlignment = .right
            label.layer.displayIfNeeded()
            let image = try XCTUnwrap(frame(of: label.layer))
            XCTAssertTrue(close(rgba(image, 115, 30), [255, 0, 0, 255], tolerance: 20), "right, middle")
            XCTAssertTrue(close(rgba(image, 115, 5), [255, 255, 255, 255]), "nothing at the top")
            XCTAssertTrue(close(rgba(image, 5, 30), [255, 255, 255, 255]), "nothing at the left")

            label.textAlignment = .center
            label.text = String(repeating: "word ", count: 40)
            label.layer.displayIfNeeded()
            XCTAssertNotNil(label.layer.contents, "a long single line is cut to the width")
        }
    }

    func testShadowIsDrawnByTheOffset() throws {
        try MainActor.assumeIsolated {
            let label = UILabel(frame: CGRect(x: 0, y: 0, width: 60, height: 80))
            label.text = "█"
            label.font = .systemFont(ofSize: 20)
            label.textColor = .red
            label.shadowColor = .blue
            label.shadowOffset = CGSize(width: 0, height: 30)   // below, out of the glyph's way
            label.layer.displayIfNeeded()
            let image = try XCTUnwrap(frame(of: label.layer))
            var blueBelow = false
            for y in 62..<78 where close(rgba(image, 5, y), [0, 0, 255, 255], tolerance: 40) { blueBelow = true }
            XCTAssertTrue(blueBelow)
            XCTAssertTrue(close(rgba(image, 5, 40), [255, 0, 0, 255], tolerance: 40), "the text in the middle")
        }
    }
}

final class UIImageViewTests: XCTestCase {
    func image(_ color: UIColor, _ size: CGSize = CGSize(width: 4, height: 2), scale: CGFloat = 2) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        return UIGraphicsImageRenderer(size: size, format: format).image { _ in color.setFill(); UIRectFill(CGRect(origin: .zero, size: size)) }
    }

    func testTheImageIsTheLayersContents() {
        let red = image(.red), blue = image(.blue)
        MainActor.assumeIsolated {
            let view = UIImageView(image: red)
            XCTAssertEqual(view.frame, CGRect(x: 0, y: 0, width: 4, height: 2), "sized to the image")
            XCTAssertFalse(view.isUserInteractionEnabled)
            XCTAssertTrue((view.layer.contents as! CGImage) === red.cgImage)
            XCTAssertEqual(view.layer.contentsScale, 2)
            XCTAssertEqual(view.intrinsicContentSize, CGSize(width: 4, height: 2))
            view.highlightedImage = blue
            view.isHighlighted = true
            XCTAssertTrue((view.layer.contents as! CGImage) === blue.cgImage)
            view.contentMode = .scaleAspectFit
            XCTAssertEqual(view.layer.contentsGravity, .resizeAspect)
            view.image = nil
            view.highlightedImage = nil
            XCTAssertNil(view.layer.contents)
            XCTAssertEqual(UIImageView().intrinsicContentSize, CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
        }
    }

    func testContentModesPlaceTheImage() throws {
        let red = image(.red, CGSize(width: 10, height: 10), scale: 1)
        try MainActor.assumeIsolated {
            let view = UIImageView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            view.image = red
            view.contentMode = .top
            let top = try XCTUnwrap(frame(of: view.layer))
            XCTAssertTrue(close(rgba(top, 20, 5), [255, 0, 0, 255]), "at the top, centered")
            XCTAssertTrue(close(rgba(top, 20, 35), [255, 255, 255, 255]))
            view.contentMode = .bottomLeft
            let bottomLeft = try XCTUnwrap(frame(of: view.layer))
            XCTAssertTrue(close(rgba(bottomLeft, 5, 35), [255, 0, 0, 255]))
            XCTAssertTrue(close(rgba(bottomLeft, 35, 35), [255, 255, 255, 255]))
            view.contentMode = .scaleToFill
            let filled = try XCTUnwrap(frame(of: view.layer))
            XCTAssertTrue(close(rgba(filled, 35, 35), [255, 0, 0, 255]))
        }
    }

    func testTemplateImagesTakeTheTint() throws {
        let template = image(.black, CGSize(width: 10, height: 10), scale: 1).withRenderingMode(.alwaysTemplate)
        try MainActor.assumeIsolated {
            let view = UIImageView(image: template)
            view.tintColor = .green
            let picture = try XCTUnwrap(frame(of: view.layer))
            XCTAssertTrue(close(rgba(picture, 5, 5), [0, 255, 0, 255]))
        }
    }

    func testResizableImagesStretchTheirMiddle() {
        let capped = image(.red, CGSize(width: 10, height: 10), scale: 1).resizableImage(withCapInsets: UIEdgeInsets(top: 2, left: 3, bottom: 4, right: 5))
        MainActor.assumeIsolated {
            let view = UIImageView(image: capped)
            XCTAssertEqual(view.layer.contentsCenter, CGRect(x: 0.3, y: 0.2, width: 0.2, height: 0.4))
        }
    }

    func testAnimationImagesAnimateTheContents() {
        let frames = [image(.red), image(.green), image(.blue)]
        MediaClock.setVirtualTime(1000)
        defer { MediaClock.useSystemTime() }
        MainActor.assumeIsolated {
            let view = UIImageView(frame: CGRect(x: 0, y: 0, width: 4, height: 2))
            view.animationImages = frames
            view.animationDuration = 0.3
            XCTAssertFalse(view.isAnimating)
            view.startAnimating()
            XCTAssertTrue(view.isAnimating)
            let animation = view.layer.animation(forKey: "contents") as? CAKeyframeAnimation
            XCTAssertEqual(animation?.values?.count, 3)
            XCTAssertEqual(animation?.repeatCount, .infinity)
            MediaClock.setVirtualTime(1000.15)
            XCTAssertTrue((view.layer.presentation()?.contents as! CGImage) === frames[1].cgImage)
            view.stopAnimating()
            XCTAssertFalse(view.isAnimating)
        }
    }
}
