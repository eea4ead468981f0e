// Calls a convenience initializer of UIKit's UIResponder with a class known only at run time as
// its `self`, as CLayerAllocation does for CALayer: Swift calls a non-`required` initializer
// through a class value only from its own compiled code, so this passes the class in the
// register Swift's calling convention uses for `self` (clang's `swift_context`). The
// initializer's `self.init()` then dispatches to that class's override. `UIApplicationTests`
// checks the class made.
#pragma clang diagnostic error "-Wunknown-attributes"
#include "CResponderAllocation.h"

#define SWIFTCALL __attribute__((swiftcall))
#define SWIFT_SELF __attribute__((swift_context))

// UIResponder.__allocating_init(__laminaFresh:): (@thick UIResponder.Type) -> @owned UIResponder
extern void *UIKit_UIResponder_makeFresh(const void *SWIFT_SELF metatype) SWIFTCALL
    __asm__("$s5UIKit11UIResponderC13__laminaFreshACyt_tcfC");

void *LaminaResponderMakeFresh(const void *metatype) {
    return UIKit_UIResponder_makeFresh(metatype);
}
