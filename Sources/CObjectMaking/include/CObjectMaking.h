#ifndef C_OBJECT_MAKING_H
#define C_OBJECT_MAKING_H
// Making an NSObject of a class known only at run time, through that class's own init() (what
// Objective-C's `[[cls alloc] init]` does). See ViewSupport's `NSObject+Making.swift`.
//
// metatype: the class's metadata; result: +1.
void *_Nonnull LaminaMakeObject(const void *_Nonnull metatype);
#endif
