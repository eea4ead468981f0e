/// An object that manages a view hierarchy for your UIKit app.
///
/// The view is made on first use of `view` (`loadView()`, then `viewDidLoad()`). The
/// appearance callbacks come in UIKit's order when the view enters or leaves a visible window —
/// as a window's `rootViewController`, a child's view added to its parent's, or a presentation:
/// `viewWillAppear(_:)` before the view is in the window, `viewDidAppear(_:)` once it is (after
/// the transition's animation when presented), and `viewWillDisappear(_:)`/`viewDidDisappear(_:)`
/// likewise. A container forwards them to its children (`shouldAutomaticallyForwardAppearanceMethods`).
/// The view's layout pass is bracketed by `viewWillLayoutSubviews()` and `viewDidLayoutSubviews()`.
///
/// `present(_:animated:completion:)` shows another view controller over this one, full screen
/// with a vertical cover by default; the presenting view controller's view leaves the window
/// once the presented one covers it, and comes back when it is dismissed.
@MainActor
open class UIViewController: UIResponder {
    /// The states of the view's appearance.
    enum Appearance { case disappeared, appearing, appeared, disappearing }

    var storedView: UIView?
    var appearance: Appearance = .disappeared
    var appearanceAnimated = false
    /// A transition (a presentation) ends this view controller's appearance change, not the
    /// window move of its view.
    var appearanceHeld = false
    var storedChildren: [UIViewController] = []
    weak var storedParent: UIViewController?
    var storedPresented: UIViewController?
    weak var storedPresenting: UIViewController?
    /// Where the presenting view controller's view was before a full-screen presentation took
    /// it out of the window.
    var coveredViewPlace: (superview: UIView, index: Int)?

    /// Creates a view controller. Lamina has no nib files: `nibName` and `bundle` are kept and
    /// `loadView()` makes a plain view.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
    }

    /// Creates a view controller from an unarchiver (Lamina has no storyboards: a plain one).
    public required init?(coder: NSCoder) {
        nibName = nil
        nibBundle = nil
        super.init()
    }

    /// Creates a view controller with no nib.
    public override convenience init() { self.init(nibName: nil, bundle: nil) }

    /// The name of the view controller's nib file, if one was specified.
    open private(set) var nibName: String?
    /// The view controller's nib bundle, if it exists.
    open private(set) var nibBundle: Bundle?

    /// A localized string that represents the view this controller manages. Defaults to nil.
    open var title: String?

    /// The preferred size for the view controller's view. Defaults to zero.
    open var preferredContentSize: CGSize = .zero

    // MARK: - The view

    /// The view that the controller manages: loaded (`loadView()`, `viewDidLoad()`) the first
    /// time it is asked for. Setting it replaces the view (nil: loaded again on next use).
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return storedView
        }
        set {
            if let old = storedView, old.owningViewController === self { old.owningViewController = nil }
            storedView = newValue
            newValue?.owningViewController = self
        }
    }

    /// The view controller's view, or nil if the view is not yet loaded.
    open var viewIfLoaded: UIView? { storedView }

    /// A Boolean value indicating whether the view is currently loaded into memory.
    open var isViewLoaded: Bool { storedView != nil }

    /// Loads the view controller's view if it has not yet been loaded.
    open func loadViewIfNeeded() {
        guard storedView == nil else { return }
        loadView()
        if storedView == nil {
            CGDiagnostics.log("UIViewController.loadView", "\(type(of: self)).loadView() set no view; a plain view is used.")
            view = UIView(frame: UIScreen.main.bounds)
        }
        viewDidLoad()
    }

    /// Creates the view that the controller manages. The default makes a plain `UIView` the
    /// size of the main screen; override it to make your own (without calling `super`), and
    /// set `view`.
    open func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
    }

    /// Called after the controller's view is loaded into memory. Does nothing by default.
    open func viewDidLoad() {}

    // MARK: - Appearance

    /// Notifies the view controller that its view is about to be added to a view hierarchy.
    /// Does nothing by default.
    open func viewWillAppear(_ animated: Bool) {}
    /// Notifies the view controller that its view was added to a view hierarchy. Does nothing by default.
    open func viewDidAppear(_ animated: Bool) {}
    /// Notifies the view controller that its view is about to be removed from a view
    /// hierarchy. Does nothing by default.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Notifies the view controller that its view was removed from a view hierarchy. Does
    /// nothing by default.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Called to notify the view controller that its view is about to lay out its subviews.
    /// Does nothing by default.
    open func viewWillLayoutSubviews() {}
    /// Called to notify the view controller that its view has just laid out its subviews. Does
    /// nothing by default.
    open func viewDidLayoutSubviews() {}

    /// Whether appearance callbacks are forwarded to child view controllers (whose views are in
    /// this one's). Defaults to true.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// Tells a child controller its appearance is about to change: `viewWillAppear(_:)` or
    /// `viewWillDisappear(_:)`, forwarded to its children. Calls that change nothing are ignored.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        if isAppearing {
            guard appearance == .disappeared || appearance == .disappearing else { return }
            appearance = .appearing
            appearanceAnimated = animated
            viewWillAppear(animated)
        } else {
            guard appearance == .appeared || appearance == .appearing else { return }
            appearance = .disappearing
            appearanceAnimated = animated
            viewWillDisappear(animated)
        }
        for child in forwardedChildren { child.beginAppearanceTransition(isAppearing, animated: animated) }
    }

    /// Tells a child controller its appearance has changed: `viewDidAppear(_:)` or
    /// `viewDidDisappear(_:)`, forwarded to its children.
    open func endAppearanceTransition() {
        switch appearance {
        case .appearing:
            appearance = .appeared
            viewDidAppear(appearanceAnimated)
        case .disappearing:
            appearance = .disappeared
            viewDidDisappear(appearanceAnimated)
        default:
            return
        }
        for child in forwardedChildren { child.endAppearanceTransition() }
    }

    /// The children whose views are in this view controller's view, when it forwards appearance.
    private var forwardedChildren: [UIViewController] {
        guard shouldAutomaticallyForwardAppearanceMethods, let view = storedView else { return [] }
        return storedChildren.filter { $0.storedView?.isDescendant(of: view) == true }
    }

    /// Whether this view controller or a parent is in a transition that ends its appearance change.
    private var isAppearanceHeld: Bool {
        var controller: UIViewController? = self
        while let current = controller {
            if current.appearanceHeld { return true }
            controller = current.storedParent
        }
        return false
    }

    /// The view is about to enter (true) or leave a visible window.
    func viewWillChangeVisibility(_ visible: Bool) {
        if visible, appearance == .disappeared { beginAppearanceTransition(true, animated: false) }
        if !visible, appearance == .appeared, !isAppearanceHeld { beginAppearanceTransition(false, animated: false) }
    }

    /// The view entered (true) or left a visible window.
    func viewDidChangeVisibility(_ visible: Bool) {
        guard !isAppearanceHeld else { return }
        if (visible && appearance == .appearing) || (!visible && appearance == .disappearing) { endAppearanceTransition() }
    }

    // MARK: - Containment

    /// The parent view controller of the recipient.
    open var parent: UIViewController? { storedParent }

    /// An array of the view controllers that are children of the current view controller.
    open var children: [UIViewController] { storedChildren }

    /// Adds the specified view controller as a child: calls its `willMove(toParent:)` with this
    /// one first (removing it from a previous parent). Call its `didMove(toParent:)` once its
    /// view is in place.
    open func addChild(_ childController: UIViewController) {
        guard childController !== self, childController.storedParent !== self else { return }
        if childController.storedParent != nil { childController.removeFromParent() }
        childController.movingToParent = true
        childController.willMove(toParent: self)
        storedChildren.append(childController)
        childController.storedParent = self
    }

    /// Removes the view controller from its parent, and calls its `didMove(toParent: nil)`.
    /// Call `willMove(toParent: nil)` before, and remove its view from the hierarchy.
    open func removeFromParent() {
        guard let parent = storedParent else { return }
        movingFromParent = true
        parent.storedChildren.removeAll { $0 === self }
        storedParent = nil
        didMove(toParent: nil)
    }

    /// Called just before the view controller is added or removed from a container view
    /// controller. Does nothing by default (removals mark `isMovingFromParent`).
    open func willMove(toParent parent: UIViewController?) {
        if parent == nil { movingFromParent = true }
    }

    /// Called after the view controller is added or removed from a container view controller.
    /// Ends `isMovingToParent`/`isMovingFromParent`.
    open func didMove(toParent parent: UIViewController?) {
        movingToParent = false
        movingFromParent = false
    }

    var movingToParent = false
    var movingFromParent = false

    /// A Boolean value indicating whether the view controller is being moved to a parent view
    /// controller (between `addChild(_:)` and `didMove(toParent:)`).
    open var isMovingToParent: Bool { movingToParent }
    /// A Boolean value indicating whether the view controller is being removed from a parent
    /// view controller (between `willMove(toParent: nil)` and `didMove(toParent: nil)`).
    open var isMovingFromParent: Bool { movingFromParent }

    // MARK: - Presentation

    /// The presentation style for modal view controllers. Defaults to `.automatic` (full screen
    /// in Lamina).
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    /// The transition style to use when presenting the view controller. Defaults to `.coverVertical`.
    open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    /// A Boolean value indicating whether the view controller's view is covered when another
    /// view controller is presented over it. Defaults to false (Lamina presents over the window).
    open var definesPresentationContext = false
    /// A Boolean value indicating whether the view controller enforces a modal behavior.
    /// Defaults to false (Lamina has no interactive dismissal).
    open var isModalInPresentation = false

    /// The view controller that is presented by this view controller, or one of its ancestors.
    open var presentedViewController: UIViewController? {
        storedPresented ?? storedParent?.presentedViewController
    }

    /// The view controller that presented this view controller (or one of its ancestors).
    open var presentingViewController: UIViewController? {
        storedPresenting ?? storedParent?.presentingViewController
    }

    /// A Boolean value indicating whether the view controller is being presented.
    open private(set) var isBeingPresented = false
    /// A Boolean value indicating whether the view controller is being dismissed.
    open private(set) var isBeingDismissed = false

    /// The duration of the modal transitions, in seconds.
    static let modalTransitionDuration: TimeInterval = 0.5

    /// Presents a view controller modally, over the window this one's view is in: its view
    /// slides up from the bottom (`.coverVertical`) or fades in (`.crossDissolve`) over half a
    /// second, and `completion` runs after `viewDidAppear(_:)`. The callbacks come in this
    /// order: the presented one's `viewDidLoad()`, this one's `viewWillDisappear(_:)`, the
    /// presented one's `viewWillAppear(_:)`, then after the transition this one's
    /// `viewDidDisappear(_:)` and the presented one's `viewDidAppear(_:)` (for the
    /// `.overFullScreen` and `.overCurrentContext` styles this one stays and hears nothing).
    /// The presentation is made by the root of this one's parents; one already presenting, or
    /// not in a window, presents nothing (as UIKit warns).
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        var presenter = self
        while let parent = presenter.storedParent { presenter = parent }
        guard presenter.storedPresented == nil else {
            CGDiagnostics.log("UIViewController.present", "\(type(of: presenter)) is already presenting \(type(of: presenter.storedPresented!)); ignored.")
            return
        }
        guard viewControllerToPresent.storedPresenting == nil, viewControllerToPresent.storedParent == nil,
              viewControllerToPresent !== presenter else {
            CGDiagnostics.log("UIViewController.present", "\(type(of: viewControllerToPresent)) is already presented or a child; ignored.")
            return
        }
        guard let window = presenter.storedView?.window else {
            CGDiagnostics.log("UIViewController.present", "\(type(of: presenter))'s view is not in the window hierarchy; nothing presented.")
            return
        }
        let presented = viewControllerToPresent
        presenter.storedPresented = presented
        presented.storedPresenting = presenter
        presented.isBeingPresented = true
        let presentedView: UIView = presented.view
        let covers = presented.coversPresenter
        let animated = flag && UIView.areAnimationsEnabled
        presenter.appearanceHeld = true
        presented.appearanceHeld = true
        if covers { presenter.beginAppearanceTransition(false, animated: animated) }
        presented.beginAppearanceTransition(true, animated: animated)
        presentedView.frame = window.bounds
        presentedView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let finish = {
            if covers, let covered = presenter.storedView, let superview = covered.superview {
                presenter.coveredViewPlace = (superview, superview.subviews.firstIndex { $0 === covered } ?? 0)
                covered.removeFromSuperview()
            }
            presenter.appearanceHeld = false
            presented.appearanceHeld = false
            presented.isBeingPresented = false
            if covers { presenter.endAppearanceTransition() }
            presented.endAppearanceTransition()
            completion?()
        }
        guard animated else {
            UIView.performWithoutAnimation { window.addSubview(presentedView) }
            finish()
            return
        }
        let style = presented.modalTransitionStyle
        UIView.performWithoutAnimation {
            if style == .crossDissolve { presentedView.alpha = 0 } else { presentedView.frame.origin.y = window.bounds.height }
            window.addSubview(presentedView)
        }
        UIView.animate(withDuration: Self.modalTransitionDuration, delay: 0, options: [.curveEaseInOut], animations: {
            if style == .crossDissolve { presentedView.alpha = 1 } else { presentedView.frame.origin.y = 0 }
        }, completion: { _ in finish() })
    }

    /// Dismisses the view controller that was presented modally by this one (called on the
    /// presented view controller, its presenter dismisses it), with the reverse of its
    /// transition; `completion` runs after the callbacks: the presented one's
    /// `viewWillDisappear(_:)`, the presenter's `viewWillAppear(_:)`, after the transition the
    /// presented one's `viewDidDisappear(_:)` and the presenter's `viewDidAppear(_:)`. View
    /// controllers presented by the presented one go with it.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        var presenter = self
        while let parent = presenter.storedParent { presenter = parent }
        if presenter.storedPresented == nil, let presenting = presenter.storedPresenting { presenter = presenting }
        guard let presented = presenter.storedPresented else {
            completion?()
            return
        }
        // Those presented over the presented one go first, at once.
        var stacked: [UIViewController] = []
        var top = presented.storedPresented
        while let current = top { stacked.append(current); top = current.storedPresented }
        let covers = presented.coversPresenter
        let animated = flag && UIView.areAnimationsEnabled
        presented.isBeingDismissed = true
        presenter.appearanceHeld = true
        presented.appearanceHeld = true
        for controller in stacked.reversed() {
            controller.storedView?.removeFromSuperview()
            controller.storedPresenting?.storedPresented = nil
            controller.storedPresenting = nil
        }
        presented.beginAppearanceTransition(false, animated: animated)
        if covers { presenter.beginAppearanceTransition(true, animated: animated) }
        if covers, let place = presenter.coveredViewPlace, let covered = presenter.storedView {
            UIView.performWithoutAnimation {
                place.superview.insertSubview(covered, at: min(place.index, place.superview.subviews.count))
            }
            presenter.coveredViewPlace = nil
        }
        let presentedView = presented.storedView
        let finish = {
            presentedView?.removeFromSuperview()
            presenter.storedPresented = nil
            presented.storedPresenting = nil
            presenter.appearanceHeld = false
            presented.appearanceHeld = false
            presented.isBeingDismissed = false
            presented.endAppearanceTransition()
            if covers { presenter.endAppearanceTransition() }
            completion?()
        }
        guard animated, let presentedView, let window = presentedView.window else {
            finish()
            return
        }
        let style = presented.modalTransitionStyle
        UIView.animate(withDuration: Self.modalTransitionDuration, delay: 0, options: [.curveEaseInOut], animations: {
            if style == .crossDissolve { presentedView.alpha = 0 } else { presentedView.frame.origin.y = window.bounds.height }
        }, completion: { _ in finish() })
    }

    /// Whether presenting this view controller takes the presenter's view out of the window.
    var coversPresenter: Bool {
        modalPresentationStyle != .overFullScreen && modalPresentationStyle != .overCurrentContext
    }

    // MARK: - Responder chain

    /// The next responder: the presenting view controller when presented, else the view's
    /// superview (the window for a window's root view controller; while a presentation covers
    /// the view, where it was), else the parent.
    open override var next: UIResponder? {
        if let storedPresenting { return storedPresenting }
        return storedView?.superview ?? coveredViewPlace?.superview ?? storedParent
    }
}
