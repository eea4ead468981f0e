internal import CLayerAllocation

/// Making a layer of a class known only at run time — a presentation copy of any layer, a
/// host's `layerClass`, a class's defaults — through that class's own initializers, as
/// Objective-C's `[[cls alloc] initWithLayer:model]` does on Apple platforms.
///
/// Swift calls an initializer through a class value only when it is `required`, and any
/// `required` initializer besides `init?(coder:)` would reject subclasses Apple's compiler
/// accepts (one that declares `init(frame:)`, `required init?(coder:)` and
/// `override init(layer:)` inherits no convenience initializers and would have to write it). So
/// the two initializers below are not `required`, and a C shim (`CLayerAllocation`) calls their
/// compiled entry points with the run-time class as `self`: Swift allocates an instance of that
/// class, and their `self.init(layer:)` / `self.init()` dispatch to its overrides. Every class
/// gets its own `init(layer:)` run, stored properties' initial values included; a class that
/// has no `init(layer:)` of its own and cannot inherit one traps with Swift's "use of
/// unimplemented initializer", as Apple's crashes there.
extension CALayer {
    /// Called only by `LaminaLayerMakeCopy`, with the class to make as `self`.
    @usableFromInline @inline(never)
    internal convenience init(__laminaCopying model: CALayer) { self.init(layer: model) }

    /// Called only by `LaminaLayerMakeFresh`, with the class to make as `self`.
    @usableFromInline @inline(never)
    internal convenience init(__laminaFresh: ()) { self.init() }

    /// A copy of `model` of its own class, made by that class's `init(layer:)`.
    static func makeCopy(of model: CALayer) -> CALayer {
        let metatype = unsafeBitCast(type(of: model) as CALayer.Type, to: UnsafeRawPointer.self)
        let made = LaminaLayerMakeCopy(Unmanaged.passRetained(model).toOpaque(), metatype)
        return Unmanaged<CALayer>.fromOpaque(made).takeRetainedValue()
    }

    /// A new layer of class `layerClass`, made by its `init()` (a class without one traps, as on
    /// Apple platforms). For hosts and view layers that hold a `layerClass`.
    package static func makeLayer(ofClass layerClass: CALayer.Type) -> CALayer {
        let made = LaminaLayerMakeFresh(unsafeBitCast(layerClass, to: UnsafeRawPointer.self))
        return Unmanaged<CALayer>.fromOpaque(made).takeRetainedValue()
    }

    /// The nearest of QuartzCore's own classes at or above `cls`: a class whose instances Lamina
    /// may make freely (every one has `init()`), to read defaults from.
    static func builtInClass(of cls: CALayer.Type) -> CALayer.Type {
        var current: AnyClass = cls
        while !String(reflecting: current).hasPrefix("QuartzCore."), let parent = _getSuperclass(current) {
            current = parent
        }
        return current as? CALayer.Type ?? CALayer.self
    }
}
