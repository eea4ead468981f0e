import UIKit

/// The UIKit sample's first screen, written as iOS code is: a button, a switch and a slider
/// with their actions, a pad telling a double tap from two taps, a pad for a long press, a
/// card dragged with a pan gesture that flings with its velocity, and a button presenting the
/// list screen.
public final class UIKitSampleViewController: UIViewController {
    private let titleLabel = UILabel()
    private let tapButton = UIButton(type: .system)
    private let showListButton = UIButton(type: .system)
    private let toggle = UISwitch()
    private let slider = UISlider()
    private let tapPad = UIView()
    private let pressPad = UIKitSamplePressPad()
    private let cardArea = UIView()
    private let card = UIView()
    private var taps = 0

    /// The sample's first screen.
    public init() { super.init(nibName: nil, bundle: nil) }

    /// Not used: there are no storyboards.
    public required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    /// The screen's view: one that takes the keyboard.
    public override func loadView() {
        view = UIKitSampleRootView(frame: CGRect(x: 0, y: 0, width: 480, height: 640))
    }

    /// Builds the screen.
    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground

        titleLabel.text = "Lamina UIKit sample"
        titleLabel.font = .boldSystemFont(ofSize: 22)
        titleLabel.frame = CGRect(x: 20, y: 20, width: 440, height: 30)

        tapButton.setTitle("Tap me", for: .normal)
        tapButton.frame = CGRect(x: 20, y: 70, width: 200, height: 44)
        tapButton.backgroundColor = .white
        tapButton.layer.cornerRadius = 10
        tapButton.addAction(UIAction { [unowned self] _ in
            taps += 1
            tapButton.setTitle("Tapped \(taps)×", for: .normal)
            UIKitSampleLog.log("button tapped \(taps)")
        }, for: .touchUpInside)

        showListButton.setTitle("Show list", for: .normal)
        showListButton.frame = CGRect(x: 260, y: 70, width: 200, height: 44)
        showListButton.backgroundColor = .white
        showListButton.layer.cornerRadius = 10
        showListButton.addAction(UIAction { [unowned self] _ in
            let list = UIKitSampleListViewController()
            present(list, animated: true) { UIKitSampleLog.log("list presented") }
        }, for: .touchUpInside)

        toggle.frame.origin = CGPoint(x: 20, y: 134)
        toggle.addTarget(self, action: { (toggle: UISwitch) in UIKitSampleLog.log("switch \(toggle.isOn ? "on" : "off")") },
                         for: .valueChanged)

        slider.frame = CGRect(x: 100, y: 134, width: 360, height: 31)
        slider.value = 0.5
        slider.isContinuous = false
        slider.addTarget(self, action: { (slider: UISlider) in UIKitSampleLog.log("slider \(String(format: "%.2f", slider.value))") },
                         for: .valueChanged)

        setUpPad(tapPad, frame: CGRect(x: 20, y: 190, width: 210, height: 120), color: .systemTeal, title: "Tap or double-tap")
        let doubleTap = UITapGestureRecognizer(target: self) { _ in UIKitSampleLog.log("double tap") }
        doubleTap.numberOfTapsRequired = 2
        let singleTap = UITapGestureRecognizer(target: self) { _ in UIKitSampleLog.log("single tap") }
        singleTap.require(toFail: doubleTap)
        tapPad.addGestureRecognizer(doubleTap)
        tapPad.addGestureRecognizer(singleTap)

        setUpPad(pressPad, frame: CGRect(x: 250, y: 190, width: 210, height: 120), color: .systemOrange, title: "Press and hold")
        let longPress = UILongPressGestureRecognizer(target: self) { [unowned self] press in
            switch press.state {
            case .began:
                let held = CACurrentMediaTime() - pressPad.pressedAt
                UIKitSampleLog.log("long press began after \(String(format: "%.2f", held)) s")
                UIView.animate(withDuration: 0.2) { self.pressPad.transform = CGAffineTransform(scaleX: 0.95, y: 0.95) }
            case .ended, .cancelled:
                UIKitSampleLog.log("long press ended")
                UIView.animate(withDuration: 0.2) { self.pressPad.transform = .identity }
            default:
                break
            }
        }
        pressPad.addGestureRecognizer(longPress)

        cardArea.frame = CGRect(x: 20, y: 330, width: 440, height: 290)
        cardArea.backgroundColor = .systemGray5
        cardArea.layer.cornerRadius = 16
        cardArea.clipsToBounds = true
        card.frame = CGRect(x: 60, y: 60, width: 120, height: 80)
        card.backgroundColor = .systemIndigo
        card.layer.cornerRadius = 12
        let cardLabel = UILabel(frame: card.bounds)
        cardLabel.text = "Drag me"
        cardLabel.textColor = .white
        cardLabel.textAlignment = .center
        card.addSubview(cardLabel)
        cardArea.addSubview(card)
        card.addGestureRecognizer(UIPanGestureRecognizer(target: self) { [unowned self] pan in drag(pan) })

        for subview in [titleLabel, tapButton, showListButton, toggle, slider, tapPad, pressPad, cardArea] { view.addSubview(subview) }
    }

    /// A pad that notes when a press on it began (its touches reach it: the long press does not
    /// delay them).
    final class UIKitSamplePressPad: UIView {
        private(set) var pressedAt: CFTimeInterval = 0
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            pressedAt = touches.first?.timestamp ?? CACurrentMediaTime()
        }
    }

    private func setUpPad(_ pad: UIView, frame: CGRect, color: UIColor, title: String) {
        pad.frame = frame
        pad.backgroundColor = color
        pad.layer.cornerRadius = 16
        let label = UILabel(frame: pad.bounds)
        label.text = title
        label.textColor = .white
        label.textAlignment = .center
        label.font = .boldSystemFont(ofSize: 17)
        pad.addSubview(label)
    }

    /// The card follows the pan; at the release it flings on with the pan's velocity, decaying
    /// as a scroll view's does, and comes to rest inside its area.
    private func drag(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            card.layer.removeAllAnimations()
        case .changed:
            let translation = pan.translation(in: cardArea)
            card.center = CGPoint(x: card.center.x + translation.x, y: card.center.y + translation.y)
            pan.setTranslation(.zero, in: cardArea)
        case .ended, .cancelled:
            let velocity = pan.velocity(in: cardArea)
            let rate = UIScrollView.DecelerationRate.normal.rawValue
            let carry = rate / (1 - rate) / 1000          // seconds: points per second to points
            let bounds = cardArea.bounds.insetBy(dx: card.bounds.width / 2, dy: card.bounds.height / 2)
            let target = CGPoint(x: min(max(card.center.x + velocity.x * carry * 0.2, bounds.minX), bounds.maxX),
                                 y: min(max(card.center.y + velocity.y * carry * 0.2, bounds.minY), bounds.maxY))
            let distance = hypot(target.x - card.center.x, target.y - card.center.y)
            let speed = hypot(velocity.x, velocity.y)
            UIKitSampleLog.log("card released")
            UIView.animate(springDuration: 0.6, bounce: 0.1, initialSpringVelocity: distance > 1 ? speed / distance : 0, delay: 0,
                           options: [.allowUserInteraction], animations: {
                self.card.center = target
            }, completion: { [weak self] finished in
                guard let self, finished else { return }
                UIKitSampleLog.log("card settled \(Int(self.card.frame.minX)),\(Int(self.card.frame.minY))")
            })
        default:
            break
        }
    }

    /// Takes the keyboard.
    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        view.becomeFirstResponder()
        UIKitSampleLog.log("main appeared")
    }

    /// Says so.
    public override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        UIKitSampleLog.log("main disappeared")
    }
}
