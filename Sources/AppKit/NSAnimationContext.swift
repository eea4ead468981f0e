/// An animation context, which contains information about environment and state during
/// animation: the duration and timing of the changes made through `animator()` proxies (and,
/// with `allowsImplicitAnimation`, made directly) inside `runAnimationGroup(_:completionHandler:)`.
///
/// Outside a group, the current context has a duration of 0.25 seconds: `view.animator()`
/// animates with it.
@MainActor
open class NSAnimationContext: NSObject {
    /// The duration, in seconds, of the animations the context makes. Defaults to 0.25.
    open var duration: TimeInterval = 0.25 {
        didSet { if isOpen { CATransaction.setAnimationDuration(duration) } }
    }

    /// The timing function of the animations. Defaults to nil (Core Animation's linear pacing).
    open var timingFunction: CAMediaTimingFunction? {
        didSet { if isOpen { CATransaction.setAnimationTimingFunction(timingFunction) } }
    }

    /// Whether changes made directly to views (not through `animator()`) and to their layers
    /// animate with the context's timing. Defaults to false.
    open var allowsImplicitAnimation = false

    /// Run when every animation the group started has finished (or was removed); set it
    /// inside the group. Defaults to nil.
    open var completionHandler: (@Sendable () -> Void)? {
        didSet { if isOpen { CATransaction.setCompletionBlock(completionHandler) } }
    }

    /// Whether the context is a group that is open (its changes are being made).
    private var isOpen = false

    /// Creates a context with the default duration (0.25 seconds).
    public override init() { super.init() }

    /// The current animation context: the innermost open group's, else one for changes made
    /// outside groups.
    open class var current: NSAnimationContext { groups.last ?? outside }

    /// Runs `changes` in a new group, then `completionHandler` (on the main thread) once the
    /// animations the group started have all finished.
    open class func runAnimationGroup(_ changes: (NSAnimationContext) -> Void, completionHandler: (@Sendable () -> Void)? = nil) {
        beginGrouping()
        let context = current
        if let completionHandler { context.completionHandler = completionHandler }
        changes(context)
        endGrouping()
    }

    /// Runs `changes` in a new group.
    open class func runAnimationGroup(_ changes: (NSAnimationContext) -> Void) {
        runAnimationGroup(changes, completionHandler: nil)
    }

    /// Opens a new group, which becomes the current context, with the enclosing context's
    /// duration and timing.
    open class func beginGrouping() {
        let enclosing = current
        CATransaction.begin()
        let context = NSAnimationContext()
        context.isOpen = true
        context.duration = enclosing.duration
        context.timingFunction = enclosing.timingFunction
        context.allowsImplicitAnimation = enclosing.allowsImplicitAnimation && groups.last != nil
        groups.append(context)
    }

    /// Closes the current group; its animations start.
    open class func endGrouping() {
        guard let context = groups.popLast() else {
            CGDiagnostics.log("NSAnimationContext.endGrouping", "called without beginGrouping; ignored.")
            return
        }
        context.isOpen = false
        CATransaction.commit()
    }

    static var groups: [NSAnimationContext] = []
    static let outside = NSAnimationContext()

    /// Whether changes made now animate implicitly: inside a group with a duration that allows it.
    static var allowsImplicitAnimationNow: Bool {
        guard let group = groups.last else { return false }
        return group.allowsImplicitAnimation && group.duration > 0
    }

    /// The context `view`'s next change animates with: the current one after `animator()`, or
    /// inside a group that allows implicit animation; nil when the change does not animate.
    static func animatingContext(for view: NSView) -> NSAnimationContext? {
        let context = current
        guard context.duration > 0, view.animatorArmed || allowsImplicitAnimationNow else { return nil }
        return context
    }
}
