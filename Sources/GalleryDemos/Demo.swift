import LaminaHost

/// One gallery demo: a name, a line of description, and a view that builds its layers.
public struct Demo: Sendable {
    public let name: String
    /// What the demo shows, in one line: `lamina-gallery --list` prints it beside the name.
    public let summary: String
    public let make: @MainActor @Sendable () -> HostingView
}

/// The demos, in the order the arrow keys walk through them (shared by `lamina-gallery`,
/// `lamina-snap` and the golden tests).
public let demos: [Demo] = [
    Demo(name: "geometry", summary: "anchor points, transforms, sublayer perspective", make: GeometryDemo.init),
    Demo(name: "chevrons", summary: "a gradient masked by a double chevron, its locations animating forever", make: ChevronsDemo.init),
    Demo(name: "shimmer", summary: "a shimmering label: a moving gradient masked by text", make: ShimmerDemo.init),
    Demo(name: "cards", summary: "rounded cards with shadows; click one for a spring", make: CardsDemo.init),
    Demo(name: "styles", summary: "borders, radii, shadows, opacity, masks and all twelve contents gravities", make: StyleBoardDemo.init),
    Demo(name: "interaction", summary: "drag layers, hover highlights, implicit animations, a hit-test readout", make: InteractionDemo.init),
    Demo(name: "motion", summary: "springs, keyframes along a path, keyframed colors, push transitions", make: MotionDemo.init),
    Demo(name: "lab", summary: "the interaction lab: drag and fling, hover, pinch (Ctrl+scroll), rotate (Shift+drag), the hit-test chain live", make: InteractionLabDemo.init),
    Demo(name: "layout", summary: "constraints and autoresizing: resize the window", make: LayoutDemo.init),
    Demo(name: "scroll", summary: "a 1000-row list of cards scrolling inside a rounded clip", make: { ScrollingListDemo() }),
    Demo(name: "spinners", summary: "activity indicators made of shape layers: strokes, dashes and paths animating", make: SpinnersDemo.init),
    Demo(name: "labels", summary: "text layers: a typewriter, a justified paragraph, truncation, alignment, attributed strings", make: LabelsDemo.init),
    Demo(name: "text", summary: "Core Text in draw(in:): a gauge's labels, a framesetter paragraph, badges in three scripts", make: TextDemo.init),
    Demo(name: "tiles", summary: "a 16384-point map in a CATiledLayer: scroll to zoom, drag to pan, tiles drawn on background threads",
         make: TiledMapDemo.init),
    Demo(name: "filters", summary: "Core Image filters: a frosted-glass panel to drag over moving tiles, a board of blend modes", make: FiltersDemo.init),
    Demo(name: "stress", summary: "1000 rotating, sliding, fading tiles (the Qt Quick peer's scene) with a frame rate", make: { StressDemo(count: 1000) }),
    Demo(name: "cube", summary: "a cube of transform layers turning in perspective, a small one orbiting it", make: CubeDemo.init),
    Demo(name: "emitters", summary: "particles: confetti spinning down, a fire of added glows with sparks trailing embers", make: EmitterDemo.init),
    Demo(name: "replicators", summary: "activity indicators from replicator layers: a dot loader, a pulse halo, bouncing bars, a colored fan", make: ReplicatorDemo.init),
    Demo(name: "uikit", summary: "UIKit's views as an iOS developer writes them: a card of labels, an image view, a drawn ring, a pulsing badge", make: UIKitDemo.init),
    Demo(name: "uikit-app", summary: "a UIKit app: view controllers, a presented list in a scroll view, buttons, a switch, a slider, taps, a long press, a card to fling",
         make: UIKitAppDemo.init),
    Demo(name: "appkit", summary: "AppKit's layer-backed views as a Mac developer writes them: layer hosting, makeBackingLayer, updateLayer with an image, draw(_:), a pulse",
         make: AppKitDemo.init),
]

/// A demo view: switches demos with the arrow keys, prints its layer tree with t (see
/// `Window.dumpLayerTree`), and quits with q or Escape.
@MainActor
open class DemoView: HostingView {
    public var onSwitch: ((Int) -> Void)?

    open override func keyDown(with event: KeyEvent) {
        switch (event.characters, event.keyCode) {
        case ("q", _), ("\u{1b}", _): Application.shared.terminate()
        case (_, 114), ("n", _): onSwitch?(1)       // right arrow
        case (_, 113), ("p", _): onSwitch?(-1)      // left arrow
        case ("t", _): window?.dumpLayerTree()
        default: break
        }
    }

    public static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }
}
