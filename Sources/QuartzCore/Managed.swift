/// A custom layer property that behaves as an `@NSManaged` one does on Apple platforms (Swift on
/// Linux has no `@NSManaged`): one line per property,
///
///     final class ProgressLayer: CALayer {
///         @Managed var progress: CGFloat = 0
///         override class func needsDisplay(forKey key: String) -> Bool {
///             key == "progress" || super.needsDisplay(forKey: key)
///         }
///     }
///
/// Key-value coding finds it by its name (`setValue(_:forKey: "progress")`, key paths,
/// animations of `"progress"`), presentation copies carry it, and setting it — directly or
/// through `setValue(_:forKey:)` — reports a change as Apple's properties do: the layer redraws
/// when `needsDisplay(forKey:)` says so, and `action(forKey:)` runs (an implicit animation when
/// it returns one). Without an initial value it starts at zero or nil, as `@NSManaged` ones do
/// (`@Managed var progress: CGFloat`). A weak reference to another object is `@WeakManaged`
/// (Swift lets no property wrapper be `weak`).
///
/// Use it in `CALayer` subclasses only. The older recipe — a plain property listed in
/// `keyValueProperties` — keeps working; such a property reports changes made through
/// `setValue(_:forKey:)`.
@propertyWrapper
public struct Managed<Value> {
    /// The value lives in a box, so that key-value coding can reach it by name through the
    /// layer's mirror and write it.
    let box: ManagedBox<Value>

    /// A property starting at `wrappedValue`.
    public init(wrappedValue: Value) {
        box = ManagedBox(wrappedValue)
    }

    /// A property without an initial value starts at its type's zero, as an `@NSManaged` one
    /// does on Apple platforms: 0, `.zero`, false, the identity transform.
    public init() where Value: ManagedZero {
        box = ManagedBox(Value.managedZero)
    }

    /// An optional property without an initial value starts at nil, as an `@NSManaged` one does.
    public init<Wrapped>() where Value == Wrapped? {
        box = ManagedBox(nil)
    }

    /// Reads and writes go through the layer, so that writes report changes.
    public static subscript<Layer: CALayer>(
        _enclosingInstance layer: Layer,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Layer, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Layer, Managed<Value>>
    ) -> Value {
        get { layer[keyPath: storageKeyPath].box.value }
        set {
            let box = layer[keyPath: storageKeyPath].box
            let old = box.value
            box.value = newValue
            layer.managedPropertyDidChange(box, from: old)
        }
    }

    /// Not used: the layer's subscript above reads and writes. (A wrapper with an enclosing-
    /// instance subscript must still declare it.)
    @available(*, unavailable, message: "@Managed is for properties of CALayer subclasses")
    public var wrappedValue: Value {
        get { fatalError("@Managed is for properties of CALayer subclasses") }
        set { fatalError("@Managed is for properties of CALayer subclasses") }
    }
}

/// What a layer's mirror sees of a `Managed` property, whatever its value type.
protocol ManagedStorage {
    var anyBox: AnyManagedBox { get }
}

extension Managed: ManagedStorage {
    var anyBox: AnyManagedBox { box }
}

/// A managed property's value, readable and writable without knowing its type.
class AnyManagedBox {
    /// The property's key, learned from the layer's mirror the first time it is needed.
    var key: String?
    var anyValue: Any? { nil }
    /// Writes a key-value-coding value (converted with `Boxing`); false when it does not fit.
    func setAny(_ value: Any?) -> Bool { false }
    /// Takes the value of a box of the same type.
    func copyValue(from other: AnyManagedBox) {}
}

final class ManagedBox<Value>: AnyManagedBox {
    var value: Value

    init(_ value: Value) { self.value = value }

    override var anyValue: Any? { Boxing.box(value) }

    override func setAny(_ newValue: Any?) -> Bool {
        if let v: Value = Boxing.unbox(newValue) { value = v; return true }
        if newValue == nil, let none = (Optional<Any>.none as Any) as? Value { value = none; return true }
        return false
    }

    override func copyValue(from other: AnyManagedBox) {
        if let other = other as? ManagedBox<Value> { value = other.value }
    }
}

extension CALayer {
    /// The layer's managed properties by key, found through its mirror (and its superclasses')
    /// once per layer.
    var managedProperties: [String: AnyManagedBox] {
        if let found = managedPropertyCache { return found }
        var found: [String: AnyManagedBox] = [:]
        var mirror: Mirror? = Mirror(reflecting: self)
        while let current = mirror, current.subjectType != CALayer.self {
            for child in current.children {
                guard let label = child.label, label.hasPrefix("_"), let storage = child.value as? ManagedStorage else { continue }
                let key = String(label.dropFirst())
                storage.anyBox.key = key
                found[key] = storage.anyBox
            }
            mirror = current.superclassMirror
        }
        managedPropertyCache = found
        return found
    }

    /// A managed property was set: report it under its key.
    func managedPropertyDidChange(_ box: AnyManagedBox, from oldValue: Any?) {
        if box.key == nil { _ = managedProperties }
        guard let key = box.key else { return }
        didChange(key, from: oldValue)
    }

    /// Copies every managed property's value from `other` (for `init(layer:)`).
    /// The source's table comes first: it is a model layer's, found once, while this copy is new
    /// and its mirror costs a walk of every stored property. A copy of a class without managed
    /// properties (nearly every presentation copy) learns that it has none from the source.
    func copyManagedProperties(from other: CALayer) {
        let theirs = other.managedProperties
        if theirs.isEmpty, type(of: other) == type(of: self) {
            managedPropertyCache = [:]
            return
        }
        let mine = managedProperties
        guard !mine.isEmpty else { return }
        for (key, box) in theirs { mine[key]?.copyValue(from: box) }
    }
}

/// A type whose `@Managed` properties may leave out their initial value: they start at
/// `managedZero`, as Apple's dynamic properties start at zero.
public protocol ManagedZero {
    /// The value a `@Managed` property of this type starts at.
    static var managedZero: Self { get }
}

extension CGFloat: ManagedZero { public static var managedZero: CGFloat { 0 } }
extension Double: ManagedZero { public static var managedZero: Double { 0 } }
extension Float: ManagedZero { public static var managedZero: Float { 0 } }
extension Int: ManagedZero { public static var managedZero: Int { 0 } }
extension UInt32: ManagedZero { public static var managedZero: UInt32 { 0 } }
extension Bool: ManagedZero { public static var managedZero: Bool { false } }
extension CGPoint: ManagedZero { public static var managedZero: CGPoint { .zero } }
extension CGSize: ManagedZero { public static var managedZero: CGSize { .zero } }
extension CGRect: ManagedZero { public static var managedZero: CGRect { .zero } }
extension CGVector: ManagedZero { public static var managedZero: CGVector { .zero } }
extension CGAffineTransform: ManagedZero { public static var managedZero: CGAffineTransform { .identity } }
extension CATransform3D: ManagedZero { public static var managedZero: CATransform3D { CATransform3DIdentity } }

/// A custom layer property holding a weak reference to another object, as an `@NSManaged weak`
/// one does on Apple platforms: key-value coding reaches it by name, presentation copies carry
/// it, setting it reports a change. Starts at nil.
///
///     final class LinkedLayer: CALayer {
///         @WeakManaged var partner: CALayer?
///     }
@propertyWrapper
public struct WeakManaged<Object: AnyObject> {
    let box: WeakManagedBox<Object>

    /// A property starting at nil.
    public init() { box = WeakManagedBox() }

    /// A property starting at `wrappedValue` (held weakly).
    public init(wrappedValue: Object?) {
        box = WeakManagedBox()
        box.object = wrappedValue
    }

    /// Reads and writes go through the layer, so that writes report changes.
    public static subscript<Layer: CALayer>(
        _enclosingInstance layer: Layer,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Layer, Object?>,
        storage storageKeyPath: ReferenceWritableKeyPath<Layer, WeakManaged<Object>>
    ) -> Object? {
        get { layer[keyPath: storageKeyPath].box.object }
        set {
            let box = layer[keyPath: storageKeyPath].box
            let old = box.object
            box.object = newValue
            layer.managedPropertyDidChange(box, from: old)
        }
    }

    /// Not used: the layer's subscript above reads and writes.
    @available(*, unavailable, message: "@WeakManaged is for properties of CALayer subclasses")
    public var wrappedValue: Object? {
        get { fatalError("@WeakManaged is for properties of CALayer subclasses") }
        set { fatalError("@WeakManaged is for properties of CALayer subclasses") }
    }
}

extension WeakManaged: ManagedStorage {
    var anyBox: AnyManagedBox { box }
}

final class WeakManagedBox<Object: AnyObject>: AnyManagedBox {
    weak var object: Object?

    override var anyValue: Any? { object }

    override func setAny(_ newValue: Any?) -> Bool {
        if newValue == nil { object = nil; return true }
        guard let object = newValue as? Object else { return false }
        self.object = object
        return true
    }

    override func copyValue(from other: AnyManagedBox) {
        if let other = other as? WeakManagedBox<Object> { object = other.object }
    }
}
