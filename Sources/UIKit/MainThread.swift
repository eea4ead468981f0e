import Foundation
import Glibc

/// Whether the current thread is the main thread, cheaply. A view's layer asks its delegate on
/// every property change and layout (`action(for:forKey:)`, `layoutSublayers(of:)`), and
/// Foundation's `Thread.isMainThread` costs two system calls on Linux (getpid, gettid): 8 % of
/// building and laying out 10,000 views. The main thread's id is taken the first time this is
/// asked on it (views are made there); asked first elsewhere, Foundation answers every time.
enum MainThread {
    private static let id: pthread_t? = Thread.isMainThread ? pthread_self() : nil

    static var isCurrent: Bool {
        if let id { return pthread_equal(id, pthread_self()) != 0 }
        return Thread.isMainThread
    }
}
