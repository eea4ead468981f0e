// `import UIKit` gives Foundation, Core Graphics, Quartz Core and Core Text too, as on iOS.
@_exported import Foundation
@_exported import CoreGraphics
@_exported import QuartzCore
@_exported import CoreText
