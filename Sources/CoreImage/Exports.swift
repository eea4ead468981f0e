// `import CoreImage` gives Core Graphics (and Foundation) too, as on Apple platforms.
@_exported import CoreGraphics
