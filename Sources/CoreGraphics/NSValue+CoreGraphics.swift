// NSValue boxes for Core Graphics structures, with Apple's spellings (`NSValue(cgPoint:)`,
// `.cgPointValue`, …), and bridging between the structures and `NSValue`, as Apple's Foundation
// overlay has it: `boxed as? CGPoint` unboxes an `NSValue`, and `point as? NSValue` boxes a
// point. With the bridge, every place that accepts a `CGPoint` accepts `NSValue(cgPoint:)`.
//
// Points, sizes and rectangles use Foundation's own boxes (their `objCType` is Apple's:
// "{CGPoint=dd}"…). Foundation on Linux cannot box other structures by their type encoding
// (it stops on "{"), so vectors and affine transforms are boxed as arrays of their `CGFloat`
// fields ("[2d]", "[6d]"): the same bytes Apple stores, under an array's encoding.

extension NSValue {
    /// A box holding `point` (UIKit's `valueWithCGPoint:`).
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    /// The boxed point; `.zero` when the box holds something else.
    public var cgPointValue: CGPoint { CGPoint._unboxed(from: self) ?? .zero }

    /// A box holding `size`.
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    /// The boxed size; `.zero` when the box holds something else.
    public var cgSizeValue: CGSize { CGSize._unboxed(from: self) ?? .zero }

    /// A box holding `rect`.
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    /// The boxed rectangle; `.zero` when the box holds something else.
    public var cgRectValue: CGRect { CGRect._unboxed(from: self) ?? .zero }

    /// A box holding `vector` (encoded "[2d]").
    public convenience init(cgVector vector: CGVector) {
        var fields = [vector.dx, vector.dy]
        self.init(bytes: &fields, objCType: StructureBox.vectorEncoding)
    }
    /// The boxed vector; `.zero` when the box holds something else.
    public var cgVectorValue: CGVector { CGVector._unboxed(from: self) ?? .zero }

    /// A box holding `transform` (encoded "[6d]").
    public convenience init(cgAffineTransform transform: CGAffineTransform) {
        var fields = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]
        self.init(bytes: &fields, objCType: StructureBox.affineEncoding)
    }
    /// The boxed transform; the identity when the box holds something else.
    public var cgAffineTransformValue: CGAffineTransform { CGAffineTransform._unboxed(from: self) ?? .identity }
}

/// Reading structures out of `NSValue` boxes, for this module's boxes and QuartzCore's.
package enum StructureBox {
    package static let vectorEncoding = "[2d]"
    package static let affineEncoding = "[6d]"
    package static let transform3DEncoding = "[16d]"

    /// The box's type encoding.
    package static func encoding(of value: NSValue) -> String {
        // NSNumber is an NSValue on Linux: never a structure.
        if value is NSNumber { return "" }
        return String(cString: value.objCType)
    }

    /// The `count` `CGFloat` fields of a box whose encoding is `encoding`; nil for other boxes.
    package static func fields(of value: NSValue, encoding: String, count: Int) -> [CGFloat]? {
        guard Self.encoding(of: value) == encoding else { return nil }
        var fields = [CGFloat](repeating: 0, count: count)
        fields.withUnsafeMutableBytes { value.getValue($0.baseAddress!) }
        return fields
    }
}

// The bridges: `_ObjectiveCBridgeable` is the protocol the Swift runtime consults for `as?`
// between a value type and a class on every platform (String and NSString use it on Linux too).

/// A structure that bridges to `NSValue`: how it is boxed and read back; the bridging itself is
/// written once, below. (Public because the bridges are; not meant for other types.)
public protocol _NSValueBridgeable: _ObjectiveCBridgeable where _ObjectiveCType == NSValue {
    /// The structure in `value`; nil when the box holds something else.
    static func _unboxed(from value: NSValue) -> Self?
    /// A box holding the structure.
    var _boxed: NSValue { get }
    /// What a missing box reads as (Apple's zero value).
    static var _emptyValue: Self { get }
}

extension _NSValueBridgeable {
    /// Boxes the structure.
    public func _bridgeToObjectiveC() -> NSValue { _boxed }

    /// Unboxes `source`, leaving `result` nil when it holds something else.
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout Self?) { result = _unboxed(from: source) }

    /// Unboxes `source`; false when it holds something else.
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout Self?) -> Bool {
        result = _unboxed(from: source)
        return result != nil
    }

    /// Unboxes `source`, or gives the empty value.
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> Self {
        source.flatMap(_unboxed) ?? _emptyValue
    }
}

extension CGPoint: @retroactive _ObjectiveCBridgeable, _NSValueBridgeable {
    /// The point in a point box.
    public static func _unboxed(from value: NSValue) -> CGPoint? {
        StructureBox.encoding(of: value).hasPrefix("{CGPoint=") ? value.pointValue : nil
    }
    /// `NSValue(cgPoint:)`.
    public var _boxed: NSValue { NSValue(cgPoint: self) }
    /// `.zero`.
    public static var _emptyValue: CGPoint { .zero }
}

extension CGSize: @retroactive _ObjectiveCBridgeable, _NSValueBridgeable {
    /// The size in a size box.
    public static func _unboxed(from value: NSValue) -> CGSize? {
        StructureBox.encoding(of: value).hasPrefix("{CGSize=") ? value.sizeValue : nil
    }
    /// `NSValue(cgSize:)`.
    public var _boxed: NSValue { NSValue(cgSize: self) }
    /// `.zero`.
    public static var _emptyValue: CGSize { .zero }
}

extension CGRect: @retroactive _ObjectiveCBridgeable, _NSValueBridgeable {
    /// The rectangle in a rectangle box.
    public static func _unboxed(from value: NSValue) -> CGRect? {
        StructureBox.encoding(of: value).hasPrefix("{CGRect=") ? value.rectValue : nil
    }
    /// `NSValue(cgRect:)`.
    public var _boxed: NSValue { NSValue(cgRect: self) }
    /// `.zero`.
    public static var _emptyValue: CGRect { .zero }
}

extension CGVector: _NSValueBridgeable {
    /// The vector in a "[2d]" box.
    public static func _unboxed(from value: NSValue) -> CGVector? {
        StructureBox.fields(of: value, encoding: StructureBox.vectorEncoding, count: 2).map { CGVector(dx: $0[0], dy: $0[1]) }
    }
    /// `NSValue(cgVector:)`.
    public var _boxed: NSValue { NSValue(cgVector: self) }
    /// `.zero`.
    public static var _emptyValue: CGVector { .zero }
}

extension CGAffineTransform: _NSValueBridgeable {
    /// The transform in a "[6d]" box.
    public static func _unboxed(from value: NSValue) -> CGAffineTransform? {
        StructureBox.fields(of: value, encoding: StructureBox.affineEncoding, count: 6)
            .map { CGAffineTransform(a: $0[0], b: $0[1], c: $0[2], d: $0[3], tx: $0[4], ty: $0[5]) }
    }
    /// `NSValue(cgAffineTransform:)`.
    public var _boxed: NSValue { NSValue(cgAffineTransform: self) }
    /// The identity.
    public static var _emptyValue: CGAffineTransform { .identity }
}
