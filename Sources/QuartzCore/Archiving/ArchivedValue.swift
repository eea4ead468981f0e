import CoreGraphics
import Foundation

/// A value of a layer, an animation or an emitter cell as a keyed archive holds it, and back.
///
/// What `NSKeyedArchiver` takes as it is stays so: numbers, strings, and the archivable Core
/// Animation objects (layers, animations, emitter cells, timing and value functions), arrays and
/// dictionaries of them. Structures and Core Graphics objects become small tagged dictionaries
/// (`"$type"` and the numbers or bytes that make them again): points, sizes, rectangles,
/// vectors, affine and 3D transforms, colors (their color space's name and components), paths
/// (their elements) and images (PNG). nil is archived too, as a tag, so that a property set to
/// nil over a default (a shape's `fillColor`) reads back nil. Anything else (a delegate, a
/// filter object) is not archivable: `object(for:)` gives nil.
enum ArchivedValue {
    /// The classes a decoder may make for these values (the secure-coding allow list).
    static let classes: [AnyClass] = [NSNumber.self, NSString.self, NSArray.self, NSDictionary.self, NSData.self,
                                      CALayer.self, CAAnimation.self, CAEmitterCell.self, CAMediaTimingFunction.self,
                                      CAValueFunction.self]

    /// `value` as an archive holds it; nil when it cannot be archived.
    static func object(for value: Any?) -> NSObject? {
        guard let value else { return tagged("nil", numbers: []) }
        switch value {
        case let v as NSNumber: return v
        case let v as String: return NSString(string: v)
        case let v as CALayer: return v
        case let v as CAAnimation: return v
        case let v as CAEmitterCell: return v
        case let v as CAMediaTimingFunction: return v
        case let v as CAValueFunction: return v
        case let v as CGPoint: return tagged("CGPoint", numbers: [v.x, v.y])
        case let v as CGSize: return tagged("CGSize", numbers: [v.width, v.height])
        case let v as CGRect: return tagged("CGRect", numbers: [v.origin.x, v.origin.y, v.size.width, v.size.height])
        case let v as CGVector: return tagged("CGVector", numbers: [v.dx, v.dy])
        case let v as CGAffineTransform: return tagged("CGAffineTransform", numbers: [v.a, v.b, v.c, v.d, v.tx, v.ty])
        case let v as CATransform3D:
            return tagged("CATransform3D", numbers: [v.m11, v.m12, v.m13, v.m14, v.m21, v.m22, v.m23, v.m24,
                                                     v.m31, v.m32, v.m33, v.m34, v.m41, v.m42, v.m43, v.m44])
        case let v as CGColor:
            guard let components = v.components else { return nil }
            let tag = tagged("CGColor", numbers: components)
            if let name = v.colorSpace?.name { tag["space"] = name }
            return tag
        case let v as CGPath: return tagged("CGPath", numbers: elements(of: v))
        case let v as CGImage:
            guard let png = PNGCodec.encode(v) else { return nil }
            let tag = tagged("CGImage", numbers: [])
            tag["data"] = NSData(data: png)
            return tag
        case let v as [Any]:
            let items = v.map(object(for:))
            guard !items.contains(where: { $0 == nil }) else { return nil }
            return NSArray(array: items.compactMap { $0 })
        case let v as [AnyHashable: Any]:
            let archived = NSMutableDictionary()
            for (key, item) in v {
                guard let key = key as? String, let item = object(for: item) else { return nil }
                archived[NSString(string: key)] = item
            }
            return archived
        default:
            return nil
        }
    }

    /// The value `object` (from an archive) stands for; nil for what is not one of ours.
    static func value(from object: Any?) -> Any? {
        switch object {
        case let v as NSDictionary:
            guard let type = v["$type"] as? String ?? (v["$type"] as? NSString).map({ $0 as String }) else {
                var values: [String: Any] = [:]
                for (key, item) in v {
                    guard let key = key as? String ?? (key as? NSString).map({ $0 as String }) else { continue }
                    values[key] = value(from: item)
                }
                return values
            }
            return tagged(type, v)
        case let v as NSArray: return v.map { value(from: $0) as Any }
        case let v as NSString: return v as String
        default: return object
        }
    }

    /// Whether `object` is the archived form of nil.
    static func isNil(_ object: Any?) -> Bool {
        ((object as? NSDictionary)?["$type"] as? String) == "nil"
    }

    // MARK: Tags

    private static func tagged(_ type: String, numbers: [CGFloat]) -> NSMutableDictionary {
        let tag = NSMutableDictionary()
        tag["$type"] = NSString(string: type)
        tag["values"] = NSArray(array: numbers.map { NSNumber(value: Double($0)) })
        return tag
    }

    private static func tagged(_ type: String, _ tag: NSDictionary) -> Any? {
        let n = ((tag["values"] as? NSArray) ?? []).compactMap { ($0 as? NSNumber).map { CGFloat($0.doubleValue) } }
        func needs(_ count: Int) -> Bool { n.count == count }
        switch type {
        case "CGPoint" where needs(2): return CGPoint(x: n[0], y: n[1])
        case "CGSize" where needs(2): return CGSize(width: n[0], height: n[1])
        case "CGRect" where needs(4): return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
        case "CGVector" where needs(2): return CGVector(dx: n[0], dy: n[1])
        case "CGAffineTransform" where needs(6): return CGAffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
        case "CATransform3D" where needs(16):
            return CATransform3D(m11: n[0], m12: n[1], m13: n[2], m14: n[3], m21: n[4], m22: n[5], m23: n[6], m24: n[7],
                                 m31: n[8], m32: n[9], m33: n[10], m34: n[11], m41: n[12], m42: n[13], m43: n[14], m44: n[15])
        case "CGColor":
            let name = (tag["space"] as? NSString) ?? (tag["space"] as? String).map { NSString(string: $0) }
            let space = name.flatMap { CGColorSpace(name: $0) } ?? (n.count == 2 ? CGColorSpaceCreateDeviceGray() : CGColorSpaceCreateDeviceRGB())
            guard n.count == space.numberOfComponents + 1 else { return nil }
            return n.withUnsafeBufferPointer { CGColor(colorSpace: space, components: $0.baseAddress!) }
        case "CGPath": return path(from: n)
        case "CGImage":
            guard let data = tag["data"] as? NSData ?? (tag["data"] as? Data).map({ NSData(data: $0) }) else { return nil }
            return PNGCodec.decode(Data(referencing: data))
        default: return nil
        }
    }

    // MARK: Paths

    /// A path's elements as numbers: each element's type, then its points' coordinates.
    private static func elements(of path: CGPath) -> [CGFloat] {
        var numbers: [CGFloat] = []
        path.applyWithBlock { element in
            let type = element.pointee.type
            numbers.append(CGFloat(type.rawValue))
            for i in 0..<pointCount(type) {
                numbers.append(element.pointee.points[i].x)
                numbers.append(element.pointee.points[i].y)
            }
        }
        return numbers
    }

    private static func path(from numbers: [CGFloat]) -> CGPath? {
        let path = CGMutablePath()
        var i = 0
        func point() -> CGPoint? {
            guard i + 1 < numbers.count else { return nil }
            defer { i += 2 }
            return CGPoint(x: numbers[i], y: numbers[i + 1])
        }
        while i < numbers.count {
            guard let type = CGPathElementType(rawValue: Int32(exactly: numbers[i]) ?? -1) else { return nil }
            i += 1
            switch type {
            case .moveToPoint: guard let p = point() else { return nil }; path.move(to: p)
            case .addLineToPoint: guard let p = point() else { return nil }; path.addLine(to: p)
            case .addQuadCurveToPoint:
                guard let c = point(), let p = point() else { return nil }
                path.addQuadCurve(to: p, control: c)
            case .addCurveToPoint:
                guard let c1 = point(), let c2 = point(), let p = point() else { return nil }
                path.addCurve(to: p, control1: c1, control2: c2)
            case .closeSubpath: path.closeSubpath()
            @unknown default: return nil
            }
        }
        return path
    }

    private static func pointCount(_ type: CGPathElementType) -> Int {
        switch type {
        case .moveToPoint, .addLineToPoint: return 1
        case .addQuadCurveToPoint: return 2
        case .addCurveToPoint: return 3
        default: return 0
        }
    }
}

extension ArchivedValue {
    /// Writes the values of `keys` (read through `value`) into `coder`, with the list of the
    /// keys written, so that `decode` finds them again. Values that cannot be archived are left
    /// out, with one message naming their keys.
    static func encode(_ keys: [String], of value: (String) -> Any?, into coder: NSCoder, owner: String) {
        var written: [String] = [], left: [String] = []
        for key in keys {
            guard let object = object(for: value(key)) else { left.append(key); continue }
            coder.encode(object, forKey: key)
            written.append(key)
        }
        coder.encode(NSArray(array: written.map { NSString(string: $0) }), forKey: keysKey)
        if !left.isEmpty {
            CGDiagnostics.log("\(owner).encode(with:)", "\(left.sorted().joined(separator: ", ")) cannot be archived; left out.")
        }
    }

    /// Hands every value `encode` wrote into `coder` to `set`, in the order written.
    static func decode(from coder: NSCoder, into set: (_ key: String, _ value: Any?) -> Void) {
        guard coder.containsValue(forKey: keysKey),
              let keys = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: keysKey) as? NSArray else { return }
        for item in keys {
            guard let key = (item as? String) ?? (item as? NSString).map({ $0 as String }), coder.containsValue(forKey: key) else { continue }
            let object = coder.decodeObject(of: classes, forKey: key)
            set(key, isNil(object) ? nil : value(from: object))
        }
    }

    /// Where the list of archived keys is kept.
    private static let keysKey = "$laminaKeys"
}
