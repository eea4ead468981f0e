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
    public var cgPointValue: CGPoint { CGPoint.unboxed(from: self) ?? .zero }

    /// A box holding `size`.
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    /// The boxed size; `.zero` when the box holds something else.
    public var cgSizeValue: CGSize { CGSize.unboxed(from: self) ?? .zero }

    /// A box holding `rect`.
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    /// The boxed rectangle; `.zero` when the box holds something else.
    public var cgRectValue: CGRect { CGRect.unboxed(from: self) ?? .zero }

    /// A box holding `vector` (encoded "[2d]").
    public convenience init(cgVector vector: CGVector) {
        var fields = [vector.dx, vector.dy]
        self.init(bytes: &fields, objCType: StructureBox.vectorEncoding)
    }
    /// The boxed vector; `.zero` when the box holds something else.
    public var cgVectorValue: CGVector { CGVector.unboxed(from: self) ?? .zero }

    /// A box holding `transform` (encoded "[6d]").
    public convenience init(cgAffineTransform transform: CGAffineTransform) {
        var fields = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]
        self.init(bytes: &fields, objCType: StructureBox.affineEncoding)
    }
    /// The boxed transform; the identity when the box holds something else.
    public var cgAffineTransformValue: CGAffineTransform { CGAffineTransform.unboxed(from: self) ?? .identity }
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

extension CGPoint: @retroactive _ObjectiveCBridgeable {
    static func unboxed(from value: NSValue) -> CGPoint? {
        StructureBox.encoding(of: value).hasPrefix("{CGPoint=") ? value.pointValue : nil
    }
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgPoint: self) }
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGPoint?) { result = unboxed(from: source) }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGPoint?) -> Bool {
        result = unboxed(from: source)
        return result != nil
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGPoint { source.flatMap(unboxed) ?? .zero }
}

extension CGSize: @retroactive _ObjectiveCBridgeable {
    static func unboxed(from value: NSValue) -> CGSize? {
        StructureBox.encoding(of: value).hasPrefix("{CGSize=") ? value.sizeValue : nil
    }
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgSize: self) }
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGSize?) { result = unboxed(from: source) }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGSize?) -> Bool {
        result = unboxed(from: source)
        return result != nil
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGSize { source.flatMap(unboxed) ?? .zero }
}

extension CGRect: @retroactive _ObjectiveCBridgeable {
    static func unboxed(from value: NSValue) -> CGRect? {
        StructureBox.encoding(of: value).hasPrefix("{CGRect=") ? value.rectValue : nil
    }
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgRect: self) }
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) { result = unboxed(from: source) }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) -> Bool {
        result = unboxed(from: source)
        return result != nil
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGRect { source.flatMap(unboxed) ?? .zero }
}

extension CGVector: _ObjectiveCBridgeable {
    static func unboxed(from value: NSValue) -> CGVector? {
        StructureBox.fields(of: value, encoding: StructureBox.vectorEncoding, count: 2).map { CGVector(dx: $0[0], dy: $0[1]) }
    }
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgVector: self) }
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGVector?) { result = unboxed(from: source) }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGVector?) -> Bool {
        result = unboxed(from: source)
        return result != nil
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGVector { source.flatMap(unboxed) ?? .zero }
}

extension CGAffineTransform: _ObjectiveCBridgeable {
    static func unboxed(from value: NSValue) -> CGAffineTransform? {
        StructureBox.fields(of: value, encoding: StructureBox.affineEncoding, count: 6)
            .map { CGAffineTransform(a: $0[0], b: $0[1], c: $0[2], d: $0[3], tx: $0[4], ty: $0[5]) }
    }
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgAffineTransform: self) }
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGAffineTransform?) { result = unboxed(from: source) }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGAffineTransform?) -> Bool {
        result = unboxed(from: source)
        return result != nil
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGAffineTransform {
        source.flatMap(unboxed) ?? .identity
    }
}
