extension UIView {
    /// Options for animating views using block objects.
    public struct AnimationOptions: OptionSet, Sendable {
        /// The options' bits.
        public let rawValue: UInt
        /// Options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Lay out subviews at commit time so that they are animated along with their parent.
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// Allow the user to interact with views while they are being animated.
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Start the animation from the current setting associated with an already in-flight
        /// animation.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeat the animation indefinitely.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Run the animation backwards and forwards (must be combined with the repeat option).
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// Force the animation to use the original duration value specified when the animation
        /// was submitted.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// Force the animation to use the original curve value specified when the animation was
        /// submitted.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// Animate the views by changing the property values dynamically and redrawing the view.
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// Hide or show views during a view transition instead of removing or adding them.
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// The option to not inherit the animation type or any options.
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

        /// Specify an ease-in ease-out curve, which causes the animation to begin slowly,
        /// accelerate through the middle of its duration, and then slow again before
        /// completing. The default.
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// An ease-in curve causes the animation to begin slowly, and then speed up as it
        /// progresses.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// An ease-out curve causes the animation to begin quickly, and then slow as it completes.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// A linear animation curve causes an animation to occur evenly over its duration.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        /// No transition is specified.
        public static let transitionNone = AnimationOptions(rawValue: 0 << 20)
        /// A transition that flips a view around its vertical axis from left to right.
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        /// A transition that flips a view around its vertical axis from right to left.
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        /// A transition that curls a view up from the bottom (a push from the bottom in Lamina).
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        /// A transition that curls a view down from the top (a push from the top in Lamina).
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        /// A transition that dissolves from one view to the next.
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        /// A transition that flips a view around its horizontal axis from top to bottom.
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        /// A transition that flips a view around its horizontal axis from bottom to top.
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

        /// The default frame rate.
        public static let preferredFramesPerSecondDefault = AnimationOptions(rawValue: 0 << 24)
        /// A frame rate of 60 frames per second.
        public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
        /// A frame rate of 30 frames per second.
        public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)

        /// The curve bits' timing function.
        var timingFunction: CAMediaTimingFunction {
            switch rawValue & (3 << 16) {
            case 1 << 16: return CAMediaTimingFunction(name: .easeIn)
            case 2 << 16: return CAMediaTimingFunction(name: .easeOut)
            case 3 << 16: return CAMediaTimingFunction(name: .linear)
            default: return CAMediaTimingFunction(name: .easeInEaseOut)
            }
        }

        /// The transition bits (0 for none).
        var transition: UInt { (rawValue >> 20) & 7 }
    }
}
