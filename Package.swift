// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Lamina",
    products: [
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        .library(name: "ImageIO", targets: ["ImageIO"]),
        .library(name: "CoreText", targets: ["CoreText"]),
        .library(name: "CoreImage", targets: ["CoreImage"]),
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        .library(name: "UIKit", targets: ["UIKit"]),
        .library(name: "AppKit", targets: ["AppKit"]),
        .library(name: "LaminaTesting", targets: ["LaminaTesting"]),
        .library(name: "LaminaHost", targets: ["LaminaHost"]),
        .executable(name: "lamina-showcase", targets: ["lamina-showcase"]),
        .executable(name: "lamina-bench", targets: ["lamina-bench"]),
        .executable(name: "lamina-gallery", targets: ["lamina-gallery"]),
        .executable(name: "lamina-snap", targets: ["lamina-snap"]),
        .executable(name: "lamina-fuzz", targets: ["lamina-fuzz"]),
    ],
    targets: [
        // C libraries: module maps only, each with its pkg-config name and Debian provider.
        .systemLibrary(name: "CCairo", pkgConfig: "pangocairo",
                       providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "libharfbuzz-dev", "libfontconfig-dev", "libfreetype-dev"])]),
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1",
                       providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(name: "CX11", pkgConfig: "x11",
                       providers: [.apt(["libx11-dev", "libxext-dev", "libxtst-dev", "libxrandr-dev", "libxcursor-dev", "libxfixes-dev", "libxpresent-dev", "libxi-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg",
                       providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp",
                       providers: [.apt(["libwebp-dev"])]),

        // Lamina's own SIMD pixel kernels, where pixman is measurably slow.
        .target(name: "CLaminaKernels"),

        .target(name: "CoreGraphics", dependencies: ["CCairo", "CPixman", "CPNG", "CTurboJPEG", "CWebP"]),
        .target(name: "ImageIO", dependencies: ["CoreGraphics"]),
        // Core Text on Pango (layout, shaping through HarfBuzz, fallback through fontconfig).
        .target(name: "CoreText", dependencies: ["CoreGraphics", "CCairo"]),
        // Core Image's filters on the CPU (premultiplied BGRA kernels of our own).
        .target(name: "CoreImage", dependencies: ["CoreGraphics", "CLaminaKernels"]),
        // Makes layers of a class known only at run time through its own initializers (see
        // QuartzCore's CALayer+Making.swift).
        .target(name: "CLayerAllocation"),
        .target(name: "QuartzCore", dependencies: ["CoreGraphics", "CoreImage", "CoreText", "CPixman", "CLaminaKernels", "CLayerAllocation"]),
        // UIKit's views on Core Animation: `import UIKit` gives Foundation, CoreGraphics,
        // QuartzCore and CoreText too, as on iOS.
        // What UIKit and AppKit share (internal, re-exported by both): the graphics context
        // stack, string drawing, paragraph styles, the view animations' actions and value math,
        // and making an object of a class known only at run time (an app delegate for `@main`).
        .target(name: "ViewSupport", dependencies: ["QuartzCore", "CoreText", "CoreGraphics", "CObjectMaking"]),
        // UIKit apps run in LaminaHost's windows: a `UIWindow` is shown through a `Window` and
        // takes its input from it.
        .target(name: "UIKit", dependencies: ["ViewSupport", "QuartzCore", "CoreText", "CoreGraphics", "ImageIO", "LaminaHost"]),
        // AppKit's layer-backed views on Core Animation: `import AppKit` gives Foundation,
        // CoreGraphics, QuartzCore and CoreText too, as on macOS.
        .target(name: "AppKit", dependencies: ["ViewSupport", "QuartzCore", "CoreText", "CoreGraphics", "ImageIO", "LaminaHost"]),
        // Makes an object of a class known only at run time through its own init() (see
        // ViewSupport's NSObject+Making.swift), for `@main` and `UIApplicationMain`.
        .target(name: "CObjectMaking"),
        .target(name: "LaminaTesting", dependencies: ["QuartzCore", "ImageIO"]),
        // The Linux windowing shim: the only module that includes Xlib.
        .target(name: "LaminaHost", dependencies: ["QuartzCore", "CX11"]),
        // The Core Graphics showcase: scenes shared by `lamina-showcase` and the golden tests.
        .target(name: "CoreGraphicsShowcase", dependencies: ["CoreGraphics", "CoreText"]),
        .executableTarget(name: "lamina-showcase", dependencies: ["CoreGraphicsShowcase", "ImageIO"]),
        .executableTarget(name: "lamina-bench", dependencies: ["QuartzCore", "CoreText", "ImageIO", "GalleryDemos", "CLaminaKernels", "CPixman", "UIKit"]),
        // The gallery's demos: shared by lamina-gallery, lamina-snap and the golden tests.
        .target(name: "GalleryDemos", dependencies: ["LaminaHost", "CoreText", "ImageIO", "UIKit", "AppKit"]),
        .executableTarget(name: "lamina-gallery", dependencies: ["GalleryDemos"]),
        // A Mac app written as one is without a nib (`@main` on its NSApplicationDelegate).
        .executableTarget(name: "lamina-appkit-sample", dependencies: ["AppKit"]),
        // An iOS app written as one is without a storyboard (`@main` on its UIApplicationDelegate).
        .executableTarget(name: "lamina-uikit-sample", dependencies: ["UIKit", "GalleryDemos"]),
        .executableTarget(name: "lamina-snap", dependencies: ["GalleryDemos", "LaminaTesting"]),
        // Fuzzing: the scenarios (replayed by the unit tests over the committed corpus) and the
        // libFuzzer entry point that scripts/fuzz builds with -sanitize=fuzzer.
        .target(name: "LaminaFuzzing", dependencies: ["QuartzCore", "ImageIO", "CoreText", "CoreImage"]),
        .executableTarget(name: "lamina-fuzz", dependencies: ["LaminaFuzzing"]),

        .testTarget(name: "CoreGraphicsTests", dependencies: ["CoreGraphics", "ImageIO", "CoreGraphicsShowcase", "LaminaTesting"],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "QuartzCoreTests", dependencies: ["QuartzCore", "ImageIO", "LaminaTesting", "CLaminaKernels", "CPixman"], exclude: ["__Snapshots__"]),
        .testTarget(name: "LaminaHostTests", dependencies: ["LaminaHost", "LaminaTesting", "CX11", "GalleryDemos", "AppKit"],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "ImageIOTests", dependencies: ["ImageIO", "LaminaFuzzing"], exclude: ["Fixtures"]),
        // Animation code written as iOS libraries write it (AppleStyle/, `import QuartzCore` in
        // place of `import UIKit`), and its frames at fixed media times.
        .testTarget(name: "CompatibilityTests", dependencies: ["QuartzCore", "CoreText"]),
        // Tests written as iOS tests are (`import UIKit` only), with goldens of views' frames.
        .testTarget(name: "UIKitTests", dependencies: ["UIKit", "LaminaTesting"], exclude: ["__Snapshots__"]),
        // Tests written as macOS tests are (`import AppKit` only): views, the guide's listings, goldens.
        .testTarget(name: "AppKitTests", dependencies: ["AppKit", "LaminaTesting"], exclude: ["__Snapshots__"]),
        .testTarget(name: "CoreImageTests", dependencies: ["CoreImage", "CLaminaKernels"]),
        // lamina-bench's options (the benchmarks themselves are release programs, never unit tests).
        .testTarget(name: "LaminaBenchTests", dependencies: ["lamina-bench"]),
        .testTarget(name: "CoreTextTests", dependencies: ["CoreText", "ImageIO", "LaminaTesting", "CCairo"],
                    exclude: ["__Snapshots__", "Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
