// The C math constants that `import CoreGraphics` (and so `import QuartzCore`) brings on Apple
// platforms through Darwin's <math.h> but Glibc does not: Swift imports Darwin's float-literal
// macros as `Float` variables. (M_PI, M_PI_2, FLT_MAX, DBL_MAX and the like come from Glibc.)

/// The largest finite `Float`, 0x1.fffffep+127 (Darwin's `MAXFLOAT`). `repeatCount = HUGE`
/// repeats an animation forever.
public var MAXFLOAT: Float { Float.greatestFiniteMagnitude }

/// Darwin's `HUGE`: the same value as `MAXFLOAT`.
public var HUGE: Float { MAXFLOAT }

// Darwin's <sys/time.h>/<dispatch/time.h> time units, which Swift imports as `UInt64` variables
// (`DispatchTime.now() + Double(n) / Double(NSEC_PER_SEC)` is common animation code); Glibc and
// Linux's Dispatch have none of them.

/// Nanoseconds in a second: 1,000,000,000.
public var NSEC_PER_SEC: UInt64 { 1_000_000_000 }

/// Nanoseconds in a millisecond: 1,000,000.
public var NSEC_PER_MSEC: UInt64 { 1_000_000 }

/// Microseconds in a second: 1,000,000.
public var USEC_PER_SEC: UInt64 { 1_000_000 }

/// Nanoseconds in a microsecond: 1,000.
public var NSEC_PER_USEC: UInt64 { 1_000 }
