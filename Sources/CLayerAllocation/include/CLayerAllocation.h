#ifndef C_LAYER_ALLOCATION_H
#define C_LAYER_ALLOCATION_H
// Making a CALayer of a class known only at run time, through that class's own initializers
// (what Objective-C's `[[cls alloc] initWithLayer:model]` does on Apple platforms). See
// `CALayer+Making.swift` for why and how.
//
// model: +1 (consumed); metatype: the class's metadata; result: +1.
void *_Nonnull LaminaLayerMakeCopy(void *_Nonnull model, const void *_Nonnull metatype);
// metatype: the class's metadata; result: +1.
void *_Nonnull LaminaLayerMakeFresh(const void *_Nonnull metatype);
#endif
