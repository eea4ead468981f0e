/// Which targets the last frames were composited into, and what each frame changed. A window
/// draws into two buffers by turns (the server reads one while the next frame is drawn into the
/// other), so a buffer lacks its own frame's changes and those of the frame drawn into the other.
struct TargetHistory {
    /// A target: its pixels' address and size.
    struct Target: Equatable {
        var data: UnsafeMutableRawPointer
        var width: Int, height: Int
    }

    /// Frames remembered; a target last drawn earlier than this is composited whole.
    static let depth = 2

    /// The last frames, oldest first: the target and the rectangles that frame changed.
    private var frames: [(target: Target, changes: [DeviceRect])] = []

    /// The target the last frame was composited into: it holds the latest picture whole.
    var latest: Target? { frames.last?.target }

    /// What `target` lacks of the last frames' changes; nil when it holds no frame remembered here.
    func missing(in target: Target) -> [DeviceRect]? {
        guard let last = frames.lastIndex(where: { $0.target == target }) else { return nil }
        return frames[(last + 1)...].flatMap(\.changes)
    }

    /// A frame composited into `target` that changed `changes`.
    mutating func record(_ target: Target, changes: [DeviceRect]) {
        frames.append((target, changes))
        if frames.count > Self.depth { frames.removeFirst(frames.count - Self.depth) }
    }

    /// Forgets every target (something else drew into them).
    mutating func forget() { frames.removeAll() }
}
