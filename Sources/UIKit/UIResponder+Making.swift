internal import CResponderAllocation

/// Making a responder of a class known only at run time — the app delegate that `@main` or
/// `UIApplicationMain` names — through that class's own `init()`, as Objective-C's
/// `[[cls alloc] init]` does on iOS.
///
/// Swift calls an initializer through a class value only when it is `required`, and a
/// `required init()` on UIResponder would reject the view and view-controller subclasses iOS
/// code declares (with `init(model:)` and `init?(coder:)` only). So a C shim
/// (`CResponderAllocation`) calls the entry point of the initializer below with the run-time
/// class as `self`, whose `self.init()` then runs that class's own `init()`.
extension UIResponder {
    /// Called only by `LaminaResponderMakeFresh`, with the class to make as `self`.
    @usableFromInline @inline(never)
    internal convenience init(__laminaFresh: ()) { self.init() }

    /// A new responder of class `responderClass`, made by its `init()`.
    static func makeResponder(ofClass responderClass: UIResponder.Type) -> UIResponder {
        let made = LaminaResponderMakeFresh(unsafeBitCast(responderClass, to: UnsafeRawPointer.self))
        return Unmanaged<UIResponder>.fromOpaque(made).takeRetainedValue()
    }
}
