// The CGGeometry functions that Apple's Swift overlay keeps as methods on the Foundation
// structures: `equalTo(_:)` and the dictionary representations (`CGPointCreateDictionaryRepresentation`
// and friends), with Core Graphics' keys "X", "Y", "Width" and "Height".

extension CGPoint {
    /// Whether both points are equal (`CGPointEqualToPoint`).
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }

    /// The point as a dictionary with the keys "X" and "Y".
    public var dictionaryRepresentation: CFDictionary {
        ["X": NSNumber(value: Double(x)), "Y": NSNumber(value: Double(y))] as NSDictionary
    }

    /// A point from a dictionary made by `dictionaryRepresentation`; nil when a key is missing or
    /// not a number.
    public init?(dictionaryRepresentation dict: CFDictionary) {
        guard let x = GeometryDictionary.number(dict, "X"), let y = GeometryDictionary.number(dict, "Y") else { return nil }
        self.init(x: x, y: y)
    }
}

extension CGSize {
    /// Whether both sizes are equal (`CGSizeEqualToSize`).
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }

    /// The size as a dictionary with the keys "Width" and "Height".
    public var dictionaryRepresentation: CFDictionary {
        ["Width": NSNumber(value: Double(width)), "Height": NSNumber(value: Double(height))] as NSDictionary
    }

    /// A size from a dictionary made by `dictionaryRepresentation`; nil when a key is missing.
    public init?(dictionaryRepresentation dict: CFDictionary) {
        guard let w = GeometryDictionary.number(dict, "Width"), let h = GeometryDictionary.number(dict, "Height") else { return nil }
        self.init(width: w, height: h)
    }
}

extension CGRect {
    /// Whether both rectangles have equal origins and sizes (`CGRectEqualToRect`; two null
    /// rectangles are equal).
    public func equalTo(_ rect2: CGRect) -> Bool {
        if isNull || rect2.isNull { return isNull && rect2.isNull }
        return standardized == rect2.standardized
    }

    /// The rectangle as a dictionary with the keys "X", "Y", "Width" and "Height".
    public var dictionaryRepresentation: CFDictionary {
        ["X": NSNumber(value: Double(origin.x)), "Y": NSNumber(value: Double(origin.y)),
         "Width": NSNumber(value: Double(size.width)), "Height": NSNumber(value: Double(size.height))] as NSDictionary
    }

    /// A rectangle from a dictionary made by `dictionaryRepresentation`; nil when a key is missing.
    public init?(dictionaryRepresentation dict: CFDictionary) {
        guard let x = GeometryDictionary.number(dict, "X"), let y = GeometryDictionary.number(dict, "Y"),
              let w = GeometryDictionary.number(dict, "Width"), let h = GeometryDictionary.number(dict, "Height")
        else { return nil }
        self.init(x: x, y: y, width: w, height: h)
    }
}

/// Reading the dictionaries back.
private enum GeometryDictionary {
    static func number(_ dict: CFDictionary, _ key: String) -> CGFloat? {
        switch dict[key] {
        case let n as NSNumber: return CGFloat(n.doubleValue)
        case let d as Double: return CGFloat(d)
        case let f as CGFloat: return f
        case let i as Int: return CGFloat(i)
        default: return nil
        }
    }
}
