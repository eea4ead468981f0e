// Calls a convenience initializer of Foundation's NSObject, declared in ViewSupport, with a class
// known only at run time as its `self`. Swift calls a non-`required` initializer through a class
// value only from its own compiled code, so this file passes the class in the register Swift's
// calling convention uses for `self` (clang's `swift_context`), as QuartzCore's CLayerAllocation
// does; the initializer's `self.init()` then dispatches to that class's override. A misspelt
// attribute would silently pass the class in a plain register, hence the error below;
// `UIApplicationTests` and `NSApplicationTests` check the classes made.
#pragma clang diagnostic error "-Wunknown-attributes"
#include "CObjectMaking.h"

#define SWIFTCALL __attribute__((swiftcall))
#define SWIFT_SELF __attribute__((swift_context))

// NSObject.__allocating_init(__laminaMaking:) in ViewSupport: (@thick NSObject.Type) -> @owned NSObject
extern void *ViewSupport_NSObject_make(const void *SWIFT_SELF metatype) SWIFTCALL
    __asm__("$s10Foundation8NSObjectC11ViewSupportE14__laminaMakingACyt_tcfC");

void *LaminaMakeObject(const void *metatype) {
    return ViewSupport_NSObject_make(metatype);
}
