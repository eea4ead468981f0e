// `import QuartzCore` gives Core Graphics (and Foundation) too, as on Apple platforms.
@_exported import CoreGraphics
// …and Core Image, whose filters layers take (`filters`, `compositingFilter`), as macOS's QuartzCore does.
@_exported import CoreImage
