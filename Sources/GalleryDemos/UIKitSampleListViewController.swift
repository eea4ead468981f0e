import UIKit

/// The UIKit sample's second screen, presented over the first: a scroll view of 200 rows and
/// a Done button that dismisses it.
final class UIKitSampleListViewController: UIViewController, UIScrollViewDelegate {
    private let scrollView = UIScrollView()
    static let rowHeight: CGFloat = 44
    static let rowCount = 200

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        let header = UILabel(frame: CGRect(x: 20, y: 10, width: 300, height: 40))
        header.text = "A long list"
        header.font = .boldSystemFont(ofSize: 22)
        let done = UIButton(type: .system)
        done.setTitle("Done", for: .normal)
        done.titleLabel?.font = .boldSystemFont(ofSize: 17)
        done.frame = CGRect(x: 380, y: 10, width: 80, height: 40)
        done.addAction(UIAction { [unowned self] _ in
            dismiss(animated: true) { UIKitSampleLog.log("list dismissed") }
        }, for: .touchUpInside)

        scrollView.frame = CGRect(x: 0, y: 60, width: view.bounds.width, height: view.bounds.height - 60)
        scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scrollView.contentSize = CGSize(width: view.bounds.width, height: Self.rowHeight * CGFloat(Self.rowCount))
        scrollView.delegate = self
        for row in 0..<Self.rowCount {
            let label = UILabel(frame: CGRect(x: 20, y: CGFloat(row) * Self.rowHeight, width: view.bounds.width - 40, height: Self.rowHeight))
            label.text = "Row \(row + 1)"
            label.autoresizingMask = [.flexibleWidth]
            let separator = UIView(frame: CGRect(x: 0, y: Self.rowHeight - 0.5, width: label.bounds.width, height: 0.5))
            separator.backgroundColor = .separator
            separator.autoresizingMask = [.flexibleWidth]
            label.addSubview(separator)
            scrollView.addSubview(label)
        }
        for subview in [header, done, scrollView] { view.addSubview(subview) }
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        UIKitSampleLog.log("list appeared")
    }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        if !decelerate { UIKitSampleLog.log("list stopped at \(Int(scrollView.contentOffset.y))") }
    }

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        UIKitSampleLog.log("list decelerated to \(Int(scrollView.contentOffset.y))")
    }
}
