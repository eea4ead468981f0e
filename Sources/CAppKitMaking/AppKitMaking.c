// Calls a convenience initializer of Foundation's NSObject, declared in AppKit, with a class known
// only at run time as its `self`. Swift calls a non-`required` initializer through a class value
// only from its own compiled code, so this file passes the class in the register Swift's calling
// convention uses for `self` (clang's `swift_context`), as QuartzCore's CLayerAllocation does;
// the initializer's `self.init()` then dispatches to that class's override.
#pragma clang diagnostic error "-Wunknown-attributes"
#include "CAppKitMaking.h"

#define SWIFTCALL __attribute__((swiftcall))
#define SWIFT_SELF __attribute__((swift_context))

// NSObject.__allocating_init(__laminaMaking:) in AppKit: (@thick NSObject.Type) -> @owned NSObject
extern void *AppKit_NSObject_make(const void *SWIFT_SELF metatype) SWIFTCALL
    __asm__("$s10Foundation8NSObjectC6AppKitE14__laminaMakingACyt_tcfC");

void *LaminaAppKitMakeObject(const void *metatype) {
    return AppKit_NSObject_make(metatype);
}
