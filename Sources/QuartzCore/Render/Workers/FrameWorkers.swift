import CLaminaKernels
import Dispatch
import Foundation
import Glibc
import Synchronization

/// The threads that share a frame's work with the render thread: placing a thousand changed
/// sublayers, rasterizing animated shapes, compositing the bands. A frame hands them work two or
/// three times a few hundred microseconds apart, and a thread woken from sleep for each hand-over
/// started 20–80 µs late on a two-core VM and cost both cores the scheduler's time (2–3 % of
/// the stress frame's CPU went to waking and sleeping). So each helper is woken once, when the frame
/// starts (`wake()`, while the render thread evaluates its animations), waits for its work by
/// watching memory for a little while (`lingering`), and sleeps only when none comes.
///
/// One per compositor (no process-wide pool): its helper threads start on first use and end
/// with it.
package final class FrameWorkers: @unchecked Sendable {
    /// Threads that take part in `perform`: the caller and the helpers.
    let threads: Int
    /// How long a woken or finished helper watches for work before it sleeps: longer than the gap
    /// between a frame's hand-overs (its items listed and its bands measured, about 0.1 ms at
    /// 1000 moving tiles), short enough that an idle window's helpers are asleep at once.
    static let lingering: Duration = .microseconds(300)
    /// `lingering` in seconds.
    static var lingeringSeconds: Double {
        Double(lingering.components.seconds) + Double(lingering.components.attoseconds) / 1e18
    }
    /// How long a caller watches for a helper to finish its iterations before it sleeps until
    /// told: the threads mostly end within 0.1 ms of each other (the stress frame's bands), and
    /// a sleep costs a wake-up's delay; a helper descheduled mid-job is then not waited for by
    /// spinning.
    static let patience: Duration = .microseconds(300)

    private var helpers: [Helper] = []
    /// The helpers' states, for tests: each lives as long as its thread.
    var helperStates: [AnyObject] { helpers }
    /// The work in hand, read by a helper once it has taken its offer (see `Helper.mailbox`).
    private var job: Job?
    /// The next of the job's iterations to run.
    private let next = Atomic<Int>(0)
    /// Whether a `perform` is running.
    private let busy = Atomic<Bool>(false)
    private var generation = 0
    /// How many calls of `perform` have handed work to the helpers so far.
    private(set) var handOvers = 0
    /// Whether the last call of `perform` that handed work over left the helpers watching for
    /// more (its `moreComing`); for tests.
    private(set) var lastLeftWatching = false

    /// `threads` includes the caller: 1 or fewer means the caller does all the work alone.
    init(threads: Int) {
        self.threads = max(threads, 1)
    }

    deinit {
        for helper in helpers { helper.stop() }
    }

    /// The CPUs this process may run on, at least one: those of its affinity mask (`taskset`, a
    /// container's CPU set), no more than its cgroup's CPU quota allows. Foundation's
    /// `ProcessInfo.activeProcessorCount` counts the quota but not the mask (two under
    /// `taskset -c 0` on two cores), the mask alone every CPU of a host a container may use.
    package static var usableCores: Int { max(1, min(Int(lamina_usable_cpus()), ProcessInfo.processInfo.activeProcessorCount)) }

    /// Asks sleeping helpers to get ready for work that comes soon (the frame is starting): they
    /// wake while the caller does what comes first, and watch for the work for `lingering`.
    func wake() {
        guard threads > 1 else { return }
        startHelpers()
        for helper in helpers { helper.rouse() }
    }

    /// Runs `work` on the first helper while the caller goes on (the next frame's evaluation,
    /// while this one is composited), before any work `perform` offers it meanwhile; false, and
    /// `work` is not run, when there is no helper or the last work handed aside has not begun.
    /// Whoever waits for its result learns of it through `work` itself. Work that has not begun
    /// when the owner goes is dropped unrun (nothing is left to wait for it).
    func startAside(_ work: @escaping @Sendable () -> Void) -> Bool {
        guard threads > 1 else { return false }
        startHelpers()
        return helpers[0].hand(work)
    }

    /// Calls `body` once for each of `0..<iterations`, on the caller and the helpers at once (as
    /// `DispatchQueue.concurrentPerform` does), and returns when all calls have returned. A
    /// helper that has not begun by the time the caller has run out of iterations is left out.
    /// `moreComing` (the default): the helpers watch for the next work for `lingering` afterwards;
    /// false (a frame's last hand-over, when no frame follows at once), they sleep at once. A
    /// call made while another runs (from one of its iterations) runs its iterations on its own
    /// thread, one after another.
    func perform(_ iterations: Int, moreComing: Bool = true, _ body: (Int) -> Void) {
        perform(iterations, moreComing: moreComing) { k, _ in body(k) }
    }

    /// As `perform(_:moreComing:_:)`, each call also told which thread runs it: 0 the caller,
    /// 1 and up a helper, the same helper under the same number in every frame. Work split by
    /// thread (`ThreadSegments`) then finds what that thread touched last frame in its core's
    /// cache. Only a hint: a call made while another runs, or with one thread, is told 0.
    func perform(_ iterations: Int, moreComing: Bool = true, _ body: (_ iteration: Int, _ thread: Int) -> Void) {
        // One job at a time: a second would take the first's offers and counter from under it.
        guard threads > 1, iterations > 1, !busy.exchange(true, ordering: .acquiring) else {
            for k in 0..<iterations { body(k, 0) }
            return
        }
        defer { busy.store(false, ordering: .releasing) }
        startHelpers()
        withoutActuallyEscaping(body) { body in
            generation += 1
            handOvers += 1
            lastLeftWatching = moreComing
            job = Job(body: body, iterations: iterations, moreComing: moreComing)
            next.store(0, ordering: .relaxed)
            // The offers publish the job (a helper reads it after taking one, acquiring).
            for helper in helpers { helper.offer(generation) }
            run(job!, on: 0)
            // A helper that has not taken its offer is withdrawn, so it never reads this job once
            // the call has returned (all of them first: one waited for meanwhile would leave the
            // others time to take theirs); one that took it is running iterations: wait for it.
            for helper in helpers { helper.withdraw(generation) }
            for helper in helpers { helper.waitIfTaken(generation) }
            job = nil
        }
    }

    private func run(_ job: Job, on thread: Int) {
        while true {
            let k = next.add(1, ordering: .relaxed).oldValue
            guard k < job.iterations else { return }
            job.body(k, thread)
        }
    }

    private func startHelpers() {
        guard helpers.isEmpty else { return }
        helpers = (1..<threads).map { _ in Helper() }
        for (i, helper) in helpers.enumerated() {
            helper.start { [unowned self] in
                let job = self.job!
                self.run(job, on: i + 1)
                return job.moreComing
            }
        }
    }

    private struct Job {
        let body: (_ iteration: Int, _ thread: Int) -> Void
        let iterations: Int
        let moreComing: Bool
    }
}

/// One helper thread and how the caller talks to it.
private final class Helper: @unchecked Sendable {
    /// The last offer: `2g` for generation g's job offered, `2g + 1` once the helper took it, 0
    /// when withdrawn; -1 asks the thread to end.
    let mailbox = Atomic<Int>(0)
    /// The last generation the helper finished.
    let finished = Atomic<Int>(0)
    /// Whether the thread is asleep (or about to be) on `bell`; whoever clears it rings the bell.
    let sleeping = Atomic<Bool>(false)
    /// Whether the caller waits (or is about to) on `doneBell` for the job in hand to finish;
    /// whoever clears it rings.
    private let callerWaits = Atomic<Bool>(false)
    private let doneBell = DispatchSemaphore(value: 0)
    /// Set by `rouse()`: watch for work again, from now.
    let roused = Atomic<Bool>(false)
    /// Work handed aside (`FrameWorkers.startAside`), while `hasAside` is set.
    private let aside = Mutex<(@Sendable () -> Void)?>(nil)
    private let hasAside = Atomic<Bool>(false)
    private let bell = DispatchSemaphore(value: 0)

    /// `work` runs the job just taken and tells whether more comes soon.
    func start(running work: @escaping @Sendable () -> Bool) {
        let thread = Thread { [self] in loop(work) }
        thread.name = "lamina.render.helper"
        thread.start()
    }

    func offer(_ generation: Int) {
        mailbox.store(2 * generation, ordering: .sequentiallyConsistent)
        ring()
    }

    /// Takes back the offer of `generation` if the helper has not taken it. The mailbox then
    /// holds 0, or `2 * generation + 1` when the helper took it (only the next offer changes it).
    func withdraw(_ generation: Int) {
        _ = mailbox.compareExchange(expected: 2 * generation, desired: 0, ordering: .acquiringAndReleasing)
    }

    /// When the helper took the job of `generation` (after `withdraw`), waits until it has
    /// finished: watching for a moment (it mostly ends within a band), then asleep (a helper
    /// descheduled mid-job, another process on its core, may take milliseconds).
    func waitIfTaken(_ generation: Int) {
        guard mailbox.load(ordering: .acquiring) == 2 * generation + 1 else { return }
        let since = ContinuousClock.now
        var spins = 0
        while finished.load(ordering: .acquiring) != generation {
            lamina_spin_pause()
            spins += 1
            guard spins & 63 == 0, ContinuousClock.now - since > FrameWorkers.patience else { continue }
            callerWaits.store(true, ordering: .sequentiallyConsistent)
            if finished.load(ordering: .sequentiallyConsistent) == generation {
                // Done meanwhile: unless the helper saw the flag first, no ring comes.
                if !callerWaits.exchange(false, ordering: .sequentiallyConsistent) { doneBell.wait() }
                return
            }
            doneBell.wait()
            return
        }
    }

    /// Hands `work` to this helper, to run before its next offer; false while the last is waiting.
    func hand(_ work: @escaping @Sendable () -> Void) -> Bool {
        let handed = aside.withLock { waiting in
            guard waiting == nil else { return false }
            waiting = work
            return true
        }
        guard handed else { return false }
        hasAside.store(true, ordering: .sequentiallyConsistent)
        ring()
        return true
    }

    func rouse() {
        roused.store(true, ordering: .sequentiallyConsistent)
        ring()
    }

    func stop() {
        mailbox.store(-1, ordering: .sequentiallyConsistent)
        ring()
    }

    private func ring() {
        if sleeping.exchange(false, ordering: .sequentiallyConsistent) { bell.signal() }
    }

    private func loop(_ work: () -> Bool) {
        var watchingSince = ContinuousClock.now
        while true {
            let m = mailbox.load(ordering: .acquiring)
            if m < 0 { return }
            if hasAside.load(ordering: .acquiring) {
                // Cleared before the work is taken: work handed after the take sets it again.
                hasAside.store(false, ordering: .sequentiallyConsistent)
                let work = aside.withLock { $0.take() }
                work?()
                // No watch of its own: the helper watches on only if it was watching already.
                continue
            }
            if m > 0, m & 1 == 0,
               mailbox.compareExchange(expected: m, desired: m + 1, ordering: .acquiringAndReleasing).exchanged {
                let moreComing = work()
                finished.store(m / 2, ordering: .sequentiallyConsistent)
                if callerWaits.exchange(false, ordering: .sequentiallyConsistent) { doneBell.signal() }
                // With nothing more coming, the watch is over at once.
                watchingSince = moreComing ? .now : .now - FrameWorkers.lingering
                continue
            }
            if roused.exchange(false, ordering: .relaxed) { watchingSince = .now }
            // Watch for a while, then sleep until rung.
            var spins = 0
            while spins < 64, mailbox.load(ordering: .relaxed) == m, !roused.load(ordering: .relaxed),
                  !hasAside.load(ordering: .relaxed) {
                lamina_spin_pause()
                spins += 1
            }
            guard spins == 64, ContinuousClock.now - watchingSince > FrameWorkers.lingering else { continue }
            sleeping.store(true, ordering: .sequentiallyConsistent)
            // Anything that came after the last look is seen here, or its sender saw `sleeping`
            // set and rings the bell.
            if mailbox.load(ordering: .sequentiallyConsistent) != m || roused.load(ordering: .sequentiallyConsistent)
                || hasAside.load(ordering: .sequentiallyConsistent) {
                if sleeping.exchange(false, ordering: .acquiringAndReleasing) { continue }
                bell.wait()             // the sender cleared it first: take its ring
                continue
            }
            bell.wait()
            // Rung: for an offer (taken at once), work aside (after which it sleeps again), or to
            // watch (`roused` starts the watch).
            watchingSince = .now - FrameWorkers.lingering
        }
    }
}
