// Calls two convenience initializers of QuartzCore's CALayer with a class known only at run time
// as their `self`. Swift calls a non-`required` initializer through a class value only from its
// own compiled code, so this file passes the class in the register Swift's calling convention
// uses for `self` (clang's `swift_context`, LLVM's swiftself: r13 on x86_64, x20 on arm64).
// The initializers' own `self.init(layer:)` / `self.init()` then dispatch to that class's
// overrides. A misspelt attribute would silently pass the class in a plain register (and make
// plain CALayers), hence the error below; `LayerMakingTests` checks the classes made.
#pragma clang diagnostic error "-Wunknown-attributes"
#include "CLayerAllocation.h"

#define SWIFTCALL __attribute__((swiftcall))
#define SWIFT_SELF __attribute__((swift_context))

// CALayer.__allocating_init(__laminaCopying:): (@owned CALayer, @thick CALayer.Type) -> @owned CALayer
extern void *QuartzCore_CALayer_makeCopy(void *model, const void *SWIFT_SELF metatype) SWIFTCALL
    __asm__("$s10QuartzCore7CALayerC15__laminaCopyingA2C_tcfC");
// CALayer.__allocating_init(__laminaFresh:): (@thick CALayer.Type) -> @owned CALayer
extern void *QuartzCore_CALayer_makeFresh(const void *SWIFT_SELF metatype) SWIFTCALL
    __asm__("$s10QuartzCore7CALayerC13__laminaFreshACyt_tcfC");

void *LaminaLayerMakeCopy(void *model, const void *metatype) {
    return QuartzCore_CALayer_makeCopy(model, metatype);
}

void *LaminaLayerMakeFresh(const void *metatype) {
    return QuartzCore_CALayer_makeFresh(metatype);
}
