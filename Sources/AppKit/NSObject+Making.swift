internal import CAppKitMaking

/// Making an object of a class known only at run time through the class's own `init()`, as
/// Objective-C's `[[cls alloc] init]` does (what `@main` on an app delegate needs: on macOS the
/// main nib makes it). Swift calls an initializer through a class value only when it is
/// `required`, and `NSObject.init()` is not, so a C shim (`CAppKitMaking`) calls the compiled
/// entry point of the convenience initializer below with the run-time class as `self`: Swift
/// allocates that class, and `self.init()` dispatches to its override (see QuartzCore's
/// `CALayer+Making.swift`, which does the same for layers).
extension NSObject {
    /// Called only by `LaminaAppKitMakeObject`, with the class to make as `self`.
    @usableFromInline @inline(never)
    internal convenience init(__laminaMaking: ()) { self.init() }

    /// A new object of `cls`, made by its `init()`.
    static func makeObject(ofClass cls: NSObject.Type) -> NSObject {
        let made = LaminaAppKitMakeObject(unsafeBitCast(cls, to: UnsafeRawPointer.self))
        return Unmanaged<NSObject>.fromOpaque(made).takeRetainedValue()
    }
}
