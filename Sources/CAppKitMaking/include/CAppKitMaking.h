#ifndef C_APPKIT_MAKING_H
#define C_APPKIT_MAKING_H
// Making an NSObject of a class known only at run time, through that class's own init() (what
// Objective-C's `[[cls alloc] init]` does). See AppKit's `NSObject+Making.swift`.
//
// metatype: the class's metadata; result: +1.
void *_Nonnull LaminaAppKitMakeObject(const void *_Nonnull metatype);
#endif
