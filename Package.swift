// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Lamina",
    products: [
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        .library(name: "ImageIO", targets: ["ImageIO"]),
        .executable(name: "lamina-showcase", targets: ["lamina-showcase"]),
    ],
    targets: [
        // C libraries: module maps only, each with its pkg-config name and Debian provider.
        .systemLibrary(name: "CCairo", pkgConfig: "pangocairo",
                       providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg",
                       providers: [.apt(["libturbojpeg0-dev"])]),

        .target(name: "CoreGraphics", dependencies: ["CCairo", "CPNG", "CTurboJPEG"]),
        .target(name: "ImageIO", dependencies: ["CoreGraphics"]),
        .executableTarget(name: "lamina-showcase", dependencies: ["CoreGraphics", "ImageIO"]),

        .testTarget(name: "CoreGraphicsTests", dependencies: ["CoreGraphics", "ImageIO"],
                    resources: [.copy("__Snapshots__")]),
        .testTarget(name: "ImageIOTests", dependencies: ["ImageIO"]),
    ],
    swiftLanguageModes: [.v6]
)
