import Glibc

/// Keeps freed buffers of a megabyte or more in this process. Every frame allocates and frees
/// several (the rendered image, the decoded golden); glibc gave such blocks back to the kernel
/// when freed and faulted fresh zeroed pages in for the next: about a fifth of a run's CPU time
/// (page faults of a gallery run 39,700 before, 28,000 after). lamina-snap's own process setting,
/// made once at start. (malloc.h is not in Swift's Glibc module, so mallopt is looked up;
/// M_MMAP_THRESHOLD is −3, M_TRIM_THRESHOLD −1.)
func keepFreedBuffers() {
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") else { return }
    let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
    _ = mallopt(-3, 32 << 20)       // blocks up to 32 MB come from the heap, not from mmap
    _ = mallopt(-1, 1 << 30)        // and the heap is trimmed only when over 1 GB at its top is free
}
