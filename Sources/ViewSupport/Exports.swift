// The modules every file of the shared view support draws on (and its frameworks re-export).
@_exported import Foundation
@_exported import CoreGraphics
@_exported import QuartzCore
@_exported import CoreText
