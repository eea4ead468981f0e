import Foundation

/// Shapes' paths made lately (`LayerShape`), shared by every thread that draws for one renderer: a frame draws most shapes again,
/// and building rounded corners (arcs to curves) cost more than filling them.
final class PathCache: @unchecked Sendable {
    private var paths: [LayerShape.Key: CGPath] = [:]
    private let lock = NSLock()
    /// Past this many shapes the cache starts over.
    private let capacity = 1024

    func path(for key: LayerShape.Key, make: () -> CGPath) -> CGPath {
        lock.lock()
        if let path = paths[key] { lock.unlock(); return path }
        lock.unlock()
        let path = make()
        lock.lock()
        if paths.count >= capacity { paths.removeAll(keepingCapacity: true) }
        paths[key] = path
        lock.unlock()
        return path
    }
}
