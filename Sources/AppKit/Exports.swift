// `import AppKit` gives Foundation, Core Graphics, Quartz Core and Core Text too, as on macOS,
// and the types AppKit shares with UIKit (paragraph styles, string drawing).
@_exported import Foundation
@_exported import CoreGraphics
@_exported import QuartzCore
@_exported import CoreText
@_exported import ViewSupport
