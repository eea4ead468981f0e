import CLaminaKernels

/// A set of CPUs a thread may run on (its affinity mask, what `taskset` sets for a process).
struct CPUSet {
    let cpus: [Int]

    init(_ cpus: [Int]) { self.cpus = cpus }

    /// The CPUs the calling thread may run on now; nil when the kernel does not say.
    static func ofThisThread() -> CPUSet? {
        var cpus = [Int32](repeating: 0, count: 1024)
        let count = lamina_thread_cpus(&cpus, Int32(cpus.count))
        return count < 0 ? nil : CPUSet(cpus.prefix(Int(count)).map(Int.init))
    }

    /// Lets the calling thread run only on these CPUs; false when the kernel refuses.
    func pinThisThread() -> Bool {
        lamina_pin_thread(cpus.map(Int32.init), Int32(cpus.count)) == 0
    }
}
