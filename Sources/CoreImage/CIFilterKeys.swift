// Core Image's string constants, spelled as Apple's Swift declarations spell them (global
// `let`s of type String).

/// The key of a filter's input image.
public let kCIInputImageKey = "inputImage"
/// The key of a blend or compositing filter's background image.
public let kCIInputBackgroundImageKey = "inputBackgroundImage"
/// The key of a filter's radius (blurs, bloom, vignette).
public let kCIInputRadiusKey = "inputRadius"
/// The key of a filter's angle, in radians.
public let kCIInputAngleKey = "inputAngle"
/// The key of a filter's intensity.
public let kCIInputIntensityKey = "inputIntensity"
/// The key of a filter's saturation.
public let kCIInputSaturationKey = "inputSaturation"
/// The key of a filter's brightness.
public let kCIInputBrightnessKey = "inputBrightness"
/// The key of a filter's contrast.
public let kCIInputContrastKey = "inputContrast"
/// The key of an exposure filter's EV.
public let kCIInputEVKey = "inputEV"
/// The key of a filter's color.
public let kCIInputColorKey = "inputColor"
/// The key of a filter's center.
public let kCIInputCenterKey = "inputCenter"
/// The key of a filter's scale.
public let kCIInputScaleKey = "inputScale"
/// The key of a filter's amount.
public let kCIInputAmountKey = "inputAmount"
/// The key of a filter's extent.
public let kCIInputExtentKey = "inputExtent"
/// The key of a filter's output image.
public let kCIOutputImageKey = "outputImage"

/// The attribute naming the filter.
public let kCIAttributeFilterName = "CIAttributeFilterName"
/// The attribute giving the filter's display name.
public let kCIAttributeFilterDisplayName = "CIAttributeFilterDisplayName"
/// The attribute listing the filter's categories.
public let kCIAttributeFilterCategories = "CIAttributeFilterCategories"
/// The attribute giving the filter's description.
public let kCIAttributeDescription = "CIAttributeDescription"
/// An input's class name ("NSNumber", "CIVector", "CIColor", "CIImage").
public let kCIAttributeClass = "CIAttributeClass"
/// An input's type (`kCIAttributeType…`).
public let kCIAttributeType = "CIAttributeType"
/// An input's smallest value.
public let kCIAttributeMin = "CIAttributeMin"
/// An input's largest value.
public let kCIAttributeMax = "CIAttributeMax"
/// The smallest value a slider should offer.
public let kCIAttributeSliderMin = "CIAttributeSliderMin"
/// The largest value a slider should offer.
public let kCIAttributeSliderMax = "CIAttributeSliderMax"
/// An input's default value.
public let kCIAttributeDefault = "CIAttributeDefault"
/// The value at which an input has no effect.
public let kCIAttributeIdentity = "CIAttributeIdentity"
/// An input's display name.
public let kCIAttributeDisplayName = "CIAttributeDisplayName"

/// A plain number.
public let kCIAttributeTypeScalar = "CIAttributeTypeScalar"
/// A distance in pixels.
public let kCIAttributeTypeDistance = "CIAttributeTypeDistance"
/// An angle in radians.
public let kCIAttributeTypeAngle = "CIAttributeTypeAngle"
/// A position (x, y).
public let kCIAttributeTypePosition = "CIAttributeTypePosition"
/// An offset (x, y).
public let kCIAttributeTypeOffset = "CIAttributeTypeOffset"
/// An opaque color.
public let kCIAttributeTypeOpaqueColor = "CIAttributeTypeOpaqueColor"
/// A color.
public let kCIAttributeTypeColor = "CIAttributeTypeColor"
/// An image.
public let kCIAttributeTypeImage = "CIAttributeTypeImage"

/// Blurs.
public let kCICategoryBlur = "CICategoryBlur"
/// Filters that adjust colors.
public let kCICategoryColorAdjustment = "CICategoryColorAdjustment"
/// Filters that change colors for an effect.
public let kCICategoryColorEffect = "CICategoryColorEffect"
/// Blend modes and compositing operators.
public let kCICategoryCompositeOperation = "CICategoryCompositeOperation"
/// Stylizing filters.
public let kCICategoryStylize = "CICategoryStylize"
/// Filters for still images.
public let kCICategoryStillImage = "CICategoryStillImage"
/// Filters for video.
public let kCICategoryVideo = "CICategoryVideo"
/// Filters Core Image provides.
public let kCICategoryBuiltIn = "CICategoryBuiltIn"
/// Filters for interlaced images.
public let kCICategoryInterlaced = "CICategoryInterlaced"
/// Filters for images with non-square pixels.
public let kCICategoryNonSquarePixels = "CICategoryNonSquarePixels"
/// Filters for high dynamic range images.
public let kCICategoryHighDynamicRange = "CICategoryHighDynamicRange"
