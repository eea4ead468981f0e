extension UIView {
    /// Options for configuring keyframe-based animations.
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        /// The options' bits.
        public let rawValue: UInt
        /// Options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The option to lay out subviews at commit time so that they animate along with their
        /// parent.
        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        /// The option that allows the user to interact with views while they are being animated.
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        /// The option to start an animation from the current setting of an in-flight animation.
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        /// The option to repeat an animation indefinitely.
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        /// The option to run an animation backward and forward (combined with `repeat`).
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        /// The option to force an animation to use the original duration value specified when
        /// the animation was submitted.
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        /// The option to not inherit the animation type or any options.
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)
        /// The option to use a simple linear calculation when interpolating between keyframe
        /// values. The default.
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        /// The option to not interpolate between keyframe values, but rather to jump directly
        /// to each new keyframe value.
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        /// The option to compute intermediate keyframe values using a simple pacing algorithm.
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        /// The option to compute intermediate frames using a default Catmull-Rom spline that
        /// passes through the keyframe values.
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        /// The option to compute intermediate frames using the cubic scheme while ignoring the
        /// timing properties of the animation.
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)
    }
}
