import UIKit

/// The `views layout` tree: a root stacking 100 rows, each flowing 99 cells, all placed in
/// `layoutSubviews` from their superview's bounds — 10,001 views, as a screen of a list is built.
enum ViewTree {
    static let rows = 100, cellsPerRow = 99

    /// A root of `size` with its rows and cells, not yet laid out.
    @MainActor
    static func make(size: CGSize) -> Stack {
        let root = Stack(frame: CGRect(origin: .zero, size: size))
        for r in 0..<rows {
            let row = Row()
            for c in 0..<cellsPerRow {
                let cell = UIView()
                cell.backgroundColor = (r + c) % 2 == 0 ? .systemBlue : .systemTeal
                row.addSubview(cell)
            }
            root.addSubview(row)
        }
        return root
    }

    /// The views in `view`'s hierarchy, itself included.
    @MainActor
    static func count(_ view: UIView) -> Int {
        view.subviews.reduce(1) { $0 + count($1) }
    }

    /// Stacks its subviews top to bottom, sharing its height.
    final class Stack: UIView {
        override func layoutSubviews() {
            super.layoutSubviews()
            let rows = subviews, height = bounds.height / CGFloat(max(rows.count, 1))
            for (i, row) in rows.enumerated() {
                row.frame = CGRect(x: 0, y: CGFloat(i) * height, width: bounds.width, height: height)
            }
        }
    }

    /// Flows its subviews left to right, sharing its width, a point apart.
    final class Row: UIView {
        /// The rows laid out since it was last reset.
        static var laidOut = 0

        override func layoutSubviews() {
            super.layoutSubviews()
            Row.laidOut += 1
            let cells = subviews, width = bounds.width / CGFloat(max(cells.count, 1))
            for (i, cell) in cells.enumerated() {
                cell.frame = CGRect(x: CGFloat(i) * width + 0.5, y: 0.5, width: max(width - 1, 0), height: max(bounds.height - 1, 0))
            }
        }
    }
}
