import LaminaHost
/// One CI job's share of a run (`--shard I/N`): frame k of the whole run, counted over demos ×
/// times in the order given, belongs to shard k mod N + 1. The split depends only on the frame
/// list, so N jobs started with 1/N … N/N make every frame exactly once, and neighbouring frames
/// (often of one demo) spread over the jobs.
struct Shard: Equatable {
    /// 1-based.
    let index: Int
    let count: Int

    /// The whole run.
    static let whole = Shard(index: 1, count: 1)

    init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses "I/N"; nil unless 1 ≤ I ≤ N.
    init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              count >= 1, (1...count).contains(index) else { return nil }
        self.init(index: index, count: count)
    }

    /// The elements of `all` in this shard, in their order.
    func select<T>(_ all: [T]) -> [T] {
        all.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}
