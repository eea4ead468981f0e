#ifndef C_RESPONDER_ALLOCATION_H
#define C_RESPONDER_ALLOCATION_H
// Making a UIResponder of a class known only at run time through that class's own `init()`
// (what UIApplicationMain does with the delegate's class on iOS). See
// `UIResponder+Making.swift` for why and how.
//
// metatype: the class's metadata; result: +1.
void *_Nonnull LaminaResponderMakeFresh(const void *_Nonnull metatype);
#endif
