// `import LaminaHost` gives QuartzCore, CoreGraphics and Foundation too.
@_exported import QuartzCore
