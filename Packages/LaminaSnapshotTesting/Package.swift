// swift-tools-version:6.0
// LaminaSnapshotTesting: pointfreeco's swift-snapshot-testing for Lamina's layers and UIKit's
// and AppKit's views, so that `assertSnapshot(of: layer, as: .image)` and `assertSnapshot(of: view, as: .image)`
// run on Linux as they do on iOS. A package of its own, beside Lamina's, so that only the projects
// that use it fetch and build the library (see the README's "Snapshot tests with
// swift-snapshot-testing").
import PackageDescription

let package = Package(
    name: "LaminaSnapshotTesting",
    products: [
        .library(name: "LaminaSnapshotTesting", targets: ["LaminaSnapshotTesting"]),
    ],
    dependencies: [
        .package(name: "Lamina", path: "../.."),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        .target(name: "LaminaSnapshotTesting", dependencies: [
            .product(name: "QuartzCore", package: "Lamina"),
            .product(name: "ImageIO", package: "Lamina"),
            .product(name: "UIKit", package: "Lamina"),
            .product(name: "AppKit", package: "Lamina"),
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),
        .testTarget(name: "LaminaSnapshotTestingTests", dependencies: [
            "LaminaSnapshotTesting",
            .product(name: "ImageIO", package: "Lamina"),
            .product(name: "UIKit", package: "Lamina"),
            .product(name: "AppKit", package: "Lamina"),
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)
