import XCTest
import UIKit

final class UIViewGeometryTests: XCTestCase {
    func testFrameBoundsAndCenterAreTheLayers() {
        MainActor.assumeIsolated {
            let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
            XCTAssertEqual(view.bounds, CGRect(x: 0, y: 0, width: 100, height: 50))
            XCTAssertEqual(view.center, CGPoint(x: 60, y: 45))
            XCTAssertEqual(view.layer.position, view.center)
            view.center = CGPoint(x: 100, y: 100)
            XCTAssertEqual(view.frame, CGRect(x: 50, y: 75, width: 100, height: 50))
            view.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            XCTAssertEqual(view.frame, CGRect(x: 90, y: 90, width: 20, height: 20), "the bounds grow about the center")
            XCTAssertTrue(view.layer.delegate === view)
        }
    }

    func testTransformTurnsAboutTheCenter() {
        MainActor.assumeIsolated {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
            view.transform = CGAffineTransform(scaleX: 2, y: 2)
            XCTAssertEqual(view.frame, CGRect(x: -50, y: -25, width: 200, height: 100))
            XCTAssertEqual(view.bounds.size, CGSize(width: 100, height: 50))
            XCTAssertTrue(CATransform3DEqualToTransform(view.transform3D, CATransform3DMakeScale(2, 2, 1)))
            view.transform = .identity
            XCTAssertEqual(view.frame, CGRect(x: 0, y: 0, width: 100, height: 50))
        }
    }

    func testAppearanceMapsToTheLayer() {
        MainActor.assumeIsolated {
            let view = UIView()
            XCTAssertEqual(view.frame, .zero)
            XCTAssertEqual(view.alpha, 1)
            XCTAssertTrue(view.isOpaque, "UIView.isOpaque defaults to true")
            XCTAssertNil(view.backgroundColor)
            XCTAssertEqual(view.contentMode, .scaleToFill)
            XCTAssertTrue(view.isUserInteractionEnabled)
            view.alpha = 0.5
            XCTAssertEqual(view.layer.opacity, 0.5)
            view.backgroundColor = .red
            XCTAssertEqual(view.layer.backgroundColor, UIColor.red.cgColor)
            view.clipsToBounds = true
            XCTAssertTrue(view.layer.masksToBounds)
            view.isHidden = true
            XCTAssertTrue(view.layer.isHidden)
            view.contentMode = .top
            XCTAssertEqual(view.layer.contentsGravity, .bottom, "Core Animation's gravities are y-up: UIKit's top is its bottom")
            let mask = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            view.mask = mask
            XCTAssertTrue(view.layer.mask === mask.layer)
        }
    }

    func testLayerClassMakesTheLayer() {
        MainActor.assumeIsolated {
            final class GradientView: UIView {
                override class var layerClass: AnyClass { CAGradientLayer.self }
            }
            let view = GradientView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            XCTAssertTrue(view.layer is CAGradientLayer)
            XCTAssertTrue(UIView().layer.isMember(of: CALayer.self))
        }
    }

    func testTagsAreFoundDepthFirst() {
        MainActor.assumeIsolated {
            let root = UIView(), a = UIView(), b = UIView(), c = UIView()
            root.addSubview(a); a.addSubview(b); root.addSubview(c)
            b.tag = 7; c.tag = 7
            XCTAssertTrue(root.viewWithTag(7) === b)
            XCTAssertTrue(root.viewWithTag(0) === root, "the receiver itself counts")
            XCTAssertNil(root.viewWithTag(42))
        }
    }

    func testTintColorIsInheritedAndReported() {
        MainActor.assumeIsolated {
            final class Tinted: UIView {
                var changes = 0
                override func tintColorDidChange() { changes += 1 }
            }
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.makeKeyAndVisible()
            let child = Tinted()
            XCTAssertEqual(child.tintColor, UIColor.systemBlue)
            window.addSubview(child)
            XCTAssertEqual(child.changes, 0, "same tint: no change")
            window.tintColor = .red
            XCTAssertEqual(child.tintColor, .red)
            XCTAssertEqual(child.changes, 1)
            child.tintColor = .green
            XCTAssertEqual(child.changes, 2)
            window.tintColor = .blue
            XCTAssertEqual(child.changes, 2, "a view with its own tint does not hear its superview's")
            child.tintColor = nil
            XCTAssertEqual(child.tintColor, .blue)
            child.removeFromSuperview()
            XCTAssertEqual(child.tintColor, .systemBlue)
            XCTAssertEqual(child.changes, 4)
        }
    }

    func testConvertBetweenViews() {
        MainActor.assumeIsolated {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            window.makeKeyAndVisible()
            let a = UIView(frame: CGRect(x: 50, y: 50, width: 200, height: 200))
            let b = UIView(frame: CGRect(x: 10, y: 20, width: 50, height: 50))
            window.addSubview(a); a.addSubview(b)
            XCTAssertEqual(b.convert(CGPoint(x: 5, y: 5), to: nil), CGPoint(x: 65, y: 75), "nil: the window")
            XCTAssertEqual(b.convert(CGPoint(x: 5, y: 5), to: a), CGPoint(x: 15, y: 25))
            XCTAssertEqual(b.convert(CGPoint(x: 65, y: 75), from: nil), CGPoint(x: 5, y: 5))
            XCTAssertEqual(b.convert(b.bounds, to: window), CGRect(x: 60, y: 70, width: 50, height: 50))
            a.bounds.origin = CGPoint(x: 10, y: 10)          // scrolls a's content
            XCTAssertEqual(b.convert(CGPoint.zero, to: window), CGPoint(x: 50, y: 60))
            a.transform = CGAffineTransform(rotationAngle: .pi / 2)
            let p = b.convert(CGPoint.zero, to: window)
            // a turned a quarter about its center (150, 150): b's origin, at (0, 10) from a's center's
            // offset (-100 + 10 - 10, -100 + 20 - 10) = (-100, -90), goes to (90, -100) from it.
            XCTAssertEqual(p.x, 240, accuracy: 1e-9)
            XCTAssertEqual(p.y, 50, accuracy: 1e-9)
            XCTAssertEqual(b.convert(p, from: window).x, 0, accuracy: 1e-9)
        }
    }

    func testSizeToFitAndIntrinsicSize() {
        MainActor.assumeIsolated {
            final class Fixed: UIView {
                override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: 30, height: 12) }
            }
            let view = Fixed(frame: CGRect(x: 5, y: 6, width: 100, height: 100))
            view.sizeToFit()
            XCTAssertEqual(view.frame, CGRect(x: 5, y: 6, width: 30, height: 12))
            XCTAssertEqual(UIView().intrinsicContentSize, CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
            XCTAssertEqual(UIView(frame: CGRect(x: 0, y: 0, width: 3, height: 4)).sizeThatFits(.zero), CGSize(width: 3, height: 4))
        }
    }

    func testEdgeInsets() {
        MainActor.assumeIsolated {
            let rect = CGRect(x: 0, y: 0, width: 100, height: 50).inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
            XCTAssertEqual(rect, CGRect(x: 2, y: 1, width: 94, height: 46))
            XCTAssertEqual(UIEdgeInsets.zero, UIEdgeInsets())
        }
    }
}

final class UIWindowTests: XCTestCase {
    func testWindowsStartHiddenUntilMadeKeyAndVisible() {
        MainActor.assumeIsolated {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            XCTAssertTrue(window.isHidden)
            XCTAssertFalse(window.isKeyWindow)
            XCTAssertNil(window.hitTest(CGPoint(x: 5, y: 5), with: nil), "a hidden window is not hit")
            window.makeKeyAndVisible()
            XCTAssertFalse(window.isHidden)
            XCTAssertTrue(window.isKeyWindow)
            XCTAssertTrue(window.hitTest(CGPoint(x: 5, y: 5), with: nil) === window)
            XCTAssertTrue(window.window === window)
            XCTAssertNil(window.superview)
            let other = UIWindow(frame: .zero)
            other.makeKey()
            XCTAssertFalse(window.isKeyWindow)
            XCTAssertEqual(window.windowLevel, .normal)
        }
    }
}
