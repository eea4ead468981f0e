// A test file imports LaminaSnapshotTesting and has the library's API and Lamina's layers, as an
// iOS test has them from SnapshotTesting and UIKit.
@_exported import SnapshotTesting
@_exported import QuartzCore
