import GalleryDemos
import LaminaHost

/// `lamina-bench scroll`: the gallery's scrolling list (`ScrollingListDemo`: 1000 rounded cards
/// with an icon and a text image in a rounded `masksToBounds` container, scrolled by animating
/// `bounds.origin.y`) at 1280×720, or filling `--size`. Prints as `AnimatedSceneSuite` says.
enum ScrollSuite {
    @MainActor
    static func run(_ options: SuiteOptions) -> Int32 {
        AnimatedSceneSuite.run("scroll", options) { ScrollingListDemo(size: options.geometry.size) }
    }
}
