/// The word a Core Foundation object keeps after its class and reference count, for the Lamina
/// classes that stand for Apple's CF types and go into Foundation collections as values
/// (`CGColor`, `CTFont`, `CTParagraphStyle`: attributed strings' attribute values). Such a class
/// is an `NSObject` (so Foundation stores it as itself, not in a `__SwiftValue` box) and declares
/// this as its first stored property.
///
/// Why: swift-corelibs-foundation's Core Foundation reads the third word of any object it is
/// handed as that object's CF info word, and takes bits 8...17 as its CF type ID. A Swift object
/// it does not know has no such word: in a `__SwiftValue` box it reads the box's payload, a heap
/// address. When two values' addresses both have those bits clear (about one draw in a thousand
/// per value, far more often with the run-to-run heap layout of a long test process), `CFEqual`
/// takes both for the "not a type" class and calls its `equal`, which is `__HALT`: the process
/// dies in `CFAttributedStringSetAttribute` (an attribute replaced over an existing one) or in
/// `CFRunArrayInsert` (adjacent runs compared when text is appended). With this word the type
/// ID is never 0, so Core Foundation hands the comparison (and hashing) to `isEqual(_:)` and
/// `hash`, as it does for Foundation's own classes.
package struct CFObjectHeader: Sendable {
    /// Type ID 1 (`CFType`, never an object's real class, so CF always dispatches to Swift) in
    /// bits 8...17, and bit 7 ("system default allocator") so `CFGetAllocator` never reads
    /// before the object.
    let info: UInt64 = 1 << 8 | 1 << 7

    package init() {}
}
