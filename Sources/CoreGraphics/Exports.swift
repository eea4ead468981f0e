// `import CoreGraphics` gives Foundation too, as on Apple platforms: Foundation already owns
// CGFloat, CGPoint, CGSize, CGRect and CGVector on Linux.
@_exported import Foundation
