internal import CObjectMaking

/// Making an object of a class known only at run time through the class's own `init()`, as
/// Objective-C's `[[cls alloc] init]` does: what `@main` on an app delegate and
/// `UIApplicationMain` need (on iOS and macOS the runtime, or the main nib, makes the delegate).
/// Swift calls an initializer through a class value only when it is `required`, and
/// `NSObject.init()` is not (a `required init()` on UIResponder would also reject the view and
/// view-controller subclasses iOS code declares with `init(frame:)` and `init?(coder:)` only), so
/// a C shim (`CObjectMaking`) calls the compiled entry point of the convenience initializer
/// below with the run-time class as `self`: Swift allocates that class, and `self.init()`
/// dispatches to its override (see QuartzCore's `CALayer+Making.swift`, which does the same for
/// layers). UIKit and AppKit share it.
extension NSObject {
    /// Called only by `LaminaMakeObject`, with the class to make as `self`.
    @usableFromInline @inline(never)
    internal convenience init(__laminaMaking: ()) { self.init() }

    /// A new object of `cls`, made by its `init()`.
    package static func makeObject(ofClass cls: NSObject.Type) -> NSObject {
        let made = LaminaMakeObject(unsafeBitCast(cls, to: UnsafeRawPointer.self))
        return Unmanaged<NSObject>.fromOpaque(made).takeRetainedValue()
    }
}
