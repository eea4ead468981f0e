import Dispatch
import LaminaHost
import Synchronization

/// Judges frames — compare, encode, write — on worker threads while the main thread renders the
/// next ones (layers belong to the main thread; a frame, once rendered, is an immutable image),
/// and gathers the results of frames judged elsewhere (`RenderProcess`). Results come back in
/// the order of the run's frames, whatever order they were finished in, so progress, reports and
/// the exit status are the same as judging one frame at a time.
@MainActor
final class FramePipeline {
    private let judge: FrameJudge
    private let queue = DispatchQueue(label: "lamina-snap.judge", attributes: .concurrent)
    private let group = DispatchGroup()
    /// One per frame being judged: bounds the frames held in memory (1.2 MB each at 640×480).
    private let slots: DispatchSemaphore
    /// Where finished frames wait for their turn.
    let inbox = FrameInbox()
    /// How many frames are expected (a render process adds its frames as it is given them),
    /// and how many of them have been handed on.
    var total: Int
    private var delivered = 0

    /// `total`: the frames of the run, numbered 0..<total; `workers`: how many of them are
    /// judged at once here (the CPUs this process may use).
    init(judge: FrameJudge, total: Int, workers: Int = Options.defaultJobs) {
        self.judge = judge
        self.total = total
        slots = DispatchSemaphore(value: max(1, workers))
    }

    /// Hands rendered frame `number` to a worker; waits first while every worker is busy.
    func submit(_ image: CGImage, number: Int, demo: String, time: Double, renderSeconds: Double) {
        slots.wait()
        let (judge, inbox, slots) = (self.judge, self.inbox, self.slots)
        queue.async(group: group) {
            let result: Result<FrameResult, SnapError>
            do throws(SnapError) {
                result = .success(try judge.judge(image, demo: demo, time: time, renderSeconds: renderSeconds))
            } catch {
                result = .failure(error)
            }
            inbox.put(result, number: number)
            slots.signal()
        }
    }

    /// Hands `body` the results that follow those already delivered, in order, as far as they
    /// are finished (`waitForAll`: every one, waiting for those still being made); throws the
    /// error of a frame that could not be made or judged, at its turn.
    func deliver(waitForAll: Bool = false, to body: (FrameResult) -> Void) throws(SnapError) {
        while delivered < total {
            guard let next = inbox.take(delivered, waiting: waitForAll) else { return }
            delivered += 1
            body(try next.get())
        }
    }

    /// `deliver` for a render process, which passes failures on with their frame numbers
    /// instead of stopping at them.
    func deliverAll(waitForAll: Bool = false, to body: (Int, Result<FrameResult, SnapError>) -> Void) {
        while delivered < total {
            guard let next = inbox.take(delivered, waiting: waitForAll) else { return }
            delivered += 1
            body(delivered - 1, next)
        }
    }

    /// Waits until no worker here is judging: before the run ends on an error, so that no frame
    /// is written after the reports.
    func waitForAll() { group.wait() }
}

/// Finished frames by number, put by any thread and taken in order by the main thread.
final class FrameInbox: Sendable {
    private let results = Mutex<[Int: Result<FrameResult, SnapError>]>([:])
    /// Signalled once per result put.
    private let arrivals = DispatchSemaphore(value: 0)

    func put(_ result: Result<FrameResult, SnapError>, number: Int) {
        results.withLock { $0[number] = result }
        arrivals.signal()
    }

    /// Frame `number`'s result, removed; nil when it is not finished and `waiting` is false.
    func take(_ number: Int, waiting: Bool) -> Result<FrameResult, SnapError>? {
        while true {
            if let result = results.withLock({ $0.removeValue(forKey: number) }) { return result }
            guard waiting else { return nil }
            arrivals.wait()
        }
    }
}
