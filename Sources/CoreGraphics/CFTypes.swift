// Core Foundation names that Apple code spells, mapped to the Foundation classes they bridge to on
// Apple platforms. With these, `[c1, c2] as CFArray` and `"public.png" as CFString` compile here.

public typealias CFArray = NSArray
public typealias CFMutableArray = NSMutableArray
public typealias CFString = NSString
public typealias CFData = NSData
public typealias CFMutableData = NSMutableData
public typealias CFURL = NSURL
public typealias CFDictionary = NSDictionary
public typealias CFMutableDictionary = NSMutableDictionary
public typealias CFNumber = NSNumber
public typealias CFTypeRef = AnyObject
public typealias CFIndex = Int
/// Core Foundation's error, toll-free bridged to `NSError` as on Apple platforms.
public typealias CFError = NSError
public typealias CFTimeInterval = TimeInterval
/// Core Text takes attributed strings by this name.
public typealias CFAttributedString = NSAttributedString
/// A mutable attributed string, in Core Foundation's spelling.
public typealias CFMutableAttributedString = NSMutableAttributedString
/// A set, in Core Foundation's spelling.
public typealias CFSet = NSSet

/// A range of items (UTF-16 code units in a string) in Core Foundation's spelling. A zero
/// length means "to the end" where Core Text functions take a range.
public struct CFRange: Hashable, Sendable {
    /// The first item's index. Defaults to 0.
    public var location: CFIndex
    /// How many items. Defaults to 0.
    public var length: CFIndex

    /// The empty range at 0.
    public init() { location = 0; length = 0 }
    /// A range of `length` items from `location`.
    public init(location: CFIndex, length: CFIndex) {
        self.location = location
        self.length = length
    }
}

/// `CFRange(location: loc, length: len)`.
public func CFRangeMake(_ loc: CFIndex, _ len: CFIndex) -> CFRange {
    CFRange(location: loc, length: len)
}

/// A UTF-16 code unit, in Core Foundation's spelling.
public typealias UniChar = UInt16

/// The number of values in `theArray`.
public func CFArrayGetCount(_ theArray: CFArray!) -> CFIndex { theArray?.count ?? 0 }

/// The value at `idx` of `theArray`, as Core Foundation hands it out: an unretained pointer to
/// the object (Apple code turns it back with `unsafeBitCast(_:to:)`). Nil for an index out of
/// range (where Core Foundation's behaviour is undefined).
public func CFArrayGetValueAtIndex(_ theArray: CFArray!, _ idx: CFIndex) -> UnsafeRawPointer! {
    guard let theArray, idx >= 0, idx < theArray.count else { return nil }
    return UnsafeRawPointer(Unmanaged.passUnretained(theArray.object(at: idx) as AnyObject).toOpaque())
}
