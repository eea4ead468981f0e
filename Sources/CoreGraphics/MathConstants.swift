// The C math constants that `import CoreGraphics` (and so `import QuartzCore`) brings on Apple
// platforms through Darwin's <math.h> but Glibc does not: Swift imports Darwin's float-literal
// macros as `Float` variables. (M_PI, M_PI_2, FLT_MAX, DBL_MAX and the like come from Glibc.)

/// The largest finite `Float`, 0x1.fffffep+127 (Darwin's `MAXFLOAT`). `repeatCount = HUGE`
/// repeats an animation forever.
public var MAXFLOAT: Float { Float.greatestFiniteMagnitude }

/// Darwin's `HUGE`: the same value as `MAXFLOAT`.
public var HUGE: Float { MAXFLOAT }
