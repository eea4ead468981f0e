import CoreGraphics

/// How a paragraph's lines align.
public enum CTTextAlignment: UInt8, Sendable {
    /// Flush left.
    case left = 0
    /// Flush right.
    case right = 1
    /// Centered.
    case center = 2
    /// Both edges flush, except the paragraph's last line.
    case justified = 3
    /// Left for left-to-right paragraphs, right for right-to-left ones (the default).
    case natural = 4
}

/// How a paragraph's lines break or end when they do not fit.
public enum CTLineBreakMode: UInt8, Sendable {
    /// Wrap at word boundaries (a word wider than the line breaks between characters). The default.
    case byWordWrapping = 0
    /// Wrap between any two characters.
    case byCharWrapping = 1
    /// One line per paragraph, cut at the frame's edge.
    case byClipping = 2
    /// One line per paragraph, "…" replacing its start.
    case byTruncatingHead = 3
    /// One line per paragraph, "…" replacing its end.
    case byTruncatingTail = 4
    /// One line per paragraph, "…" replacing its middle.
    case byTruncatingMiddle = 5
}

/// The base writing direction of a paragraph.
public enum CTWritingDirection: Int8, Sendable {
    /// From the first strong character (the default).
    case natural = -1
    /// Left to right.
    case leftToRight = 0
    /// Right to left.
    case rightToLeft = 1
}

/// Which paragraph setting a `CTParagraphStyleSetting` holds, and its value's type.
public enum CTParagraphStyleSpecifier: UInt32, Sendable {
    /// `CTTextAlignment`. Defaults to `.natural`.
    case alignment = 0
    /// `CGFloat`: the first line's indent from the leading edge. Defaults to 0.
    case firstLineHeadIndent = 1
    /// `CGFloat`: the other lines' indent from the leading edge. Defaults to 0.
    case headIndent = 2
    /// `CGFloat`: positive, the line width from the leading edge; zero or negative, an inset
    /// from the trailing edge. Defaults to 0.
    case tailIndent = 3
    /// Tab stops (not supported: tabs advance to multiples of `defaultTabInterval`).
    case tabStops = 4
    /// `CGFloat`. Defaults to 0 (the font's tab width).
    case defaultTabInterval = 5
    /// `CTLineBreakMode`. Defaults to `.byWordWrapping`.
    case lineBreakMode = 6
    /// `CGFloat`: line heights are multiplied by it. Defaults to 0 (no change).
    case lineHeightMultiple = 7
    /// `CGFloat`: lines are no taller. Defaults to 0 (no limit).
    case maximumLineHeight = 8
    /// `CGFloat`: lines are no shorter. Defaults to 0.
    case minimumLineHeight = 9
    /// `CGFloat`: space between lines (deprecated by Apple for the two below). Defaults to 0.
    case lineSpacing = 10
    /// `CGFloat`: space after the paragraph. Defaults to 0.
    case paragraphSpacing = 11
    /// `CGFloat`: space before the paragraph. Defaults to 0.
    case paragraphSpacingBefore = 12
    /// `CTWritingDirection`. Defaults to `.natural`.
    case baseWritingDirection = 13
    /// `CGFloat`: the most space between lines. Defaults to no limit.
    case maximumLineSpacing = 14
    /// `CGFloat`: the least space between lines. Defaults to 0.
    case minimumLineSpacing = 15
    /// `CGFloat`: added to the space between lines. Defaults to 0.
    case lineSpacingAdjustment = 16
    /// Line bounds options (not supported).
    case lineBoundsOptions = 17
}

/// One setting for `CTParagraphStyleCreate`: which one, and a pointer to its value.
public struct CTParagraphStyleSetting {
    /// Which setting.
    public var spec: CTParagraphStyleSpecifier
    /// The size of the value in bytes.
    public var valueSize: Int
    /// The value, of the type `spec` names.
    public var value: UnsafeRawPointer

    /// A setting; `value` must point to `valueSize` bytes of the type `spec` names.
    public init(spec: CTParagraphStyleSpecifier, valueSize: Int, value: UnsafeRawPointer) {
        self.spec = spec
        self.valueSize = valueSize
        self.value = value
    }
}

/// A paragraph's alignment, line breaking, indents and spacing
/// (`kCTParagraphStyleAttributeName`). Immutable. An `NSObject` (equal only to itself, as
/// before) so that Foundation stores it unboxed in attributed strings; see `CFObjectHeader`.
public final class CTParagraphStyle: NSObject, @unchecked Sendable {
    // First stored property: Core Foundation reads it as the CF info word.
    private let cfHeader = CFObjectHeader()
    var alignment = CTTextAlignment.natural
    var lineBreakMode = CTLineBreakMode.byWordWrapping
    var baseWritingDirection = CTWritingDirection.natural
    var firstLineHeadIndent: CGFloat = 0
    var headIndent: CGFloat = 0
    var tailIndent: CGFloat = 0
    var defaultTabInterval: CGFloat = 0
    var lineHeightMultiple: CGFloat = 0
    var maximumLineHeight: CGFloat = 0
    var minimumLineHeight: CGFloat = 0
    var lineSpacing: CGFloat = 0
    var paragraphSpacing: CGFloat = 0
    var paragraphSpacingBefore: CGFloat = 0
    var maximumLineSpacing: CGFloat = .greatestFiniteMagnitude
    var minimumLineSpacing: CGFloat = 0
    var lineSpacingAdjustment: CGFloat = 0

    override init() { super.init() }

    /// Every setting at its default.
    static let standard = CTParagraphStyle()

    /// The extra space between this line and the next, from the spacing settings.
    var interLineSpacing: CGFloat {
        min(max(lineSpacing + lineSpacingAdjustment, minimumLineSpacing), maximumLineSpacing)
    }
}

/// A paragraph style from settings; settings with a value of the wrong size are ignored with a
/// message, as are unknown specifiers.
public func CTParagraphStyleCreate(_ settings: UnsafePointer<CTParagraphStyleSetting>?, _ settingCount: Int) -> CTParagraphStyle {
    let style = CTParagraphStyle()
    guard let settings else { return style }
    for setting in UnsafeBufferPointer(start: settings, count: max(settingCount, 0)) {
        func float(_ keyPath: ReferenceWritableKeyPath<CTParagraphStyle, CGFloat>, limit: CGFloat = .greatestFiniteMagnitude) {
            guard setting.valueSize == MemoryLayout<CGFloat>.size else { return wrongSize(setting) }
            let v = setting.value.loadUnaligned(as: CGFloat.self)
            guard v.isFinite else {
                return CGDiagnostics.log("CTParagraphStyleCreate", "setting \(setting.spec.rawValue) is \(v), not a finite number; ignored.")
            }
            if abs(v) > limit {
                CGDiagnostics.log("CTParagraphStyleCreate", "setting \(setting.spec.rawValue) is \(v); clamped to ±\(limit).")
            }
            style[keyPath: keyPath] = min(max(v, -limit), limit)
        }
        switch setting.spec {
        case .alignment:
            guard setting.valueSize == 1 else { wrongSize(setting); continue }
            style.alignment = CTTextAlignment(rawValue: setting.value.load(as: UInt8.self)) ?? .natural
        case .lineBreakMode:
            guard setting.valueSize == 1 else { wrongSize(setting); continue }
            style.lineBreakMode = CTLineBreakMode(rawValue: setting.value.load(as: UInt8.self)) ?? .byWordWrapping
        case .baseWritingDirection:
            guard setting.valueSize == 1 else { wrongSize(setting); continue }
            style.baseWritingDirection = CTWritingDirection(rawValue: setting.value.load(as: Int8.self)) ?? .natural
        // Indents reach Pango as 32-bit Pango units (1/1024 point): held to the width a frame
        // lays out in at most (10⁶ points), as a ±10⁹ indent trapped in the conversion.
        case .firstLineHeadIndent: float(\.firstLineHeadIndent, limit: PangoUnits.maximumLength)
        case .headIndent: float(\.headIndent, limit: PangoUnits.maximumLength)
        case .tailIndent: float(\.tailIndent, limit: PangoUnits.maximumLength)
        case .defaultTabInterval: float(\.defaultTabInterval)
        case .lineHeightMultiple: float(\.lineHeightMultiple)
        case .maximumLineHeight: float(\.maximumLineHeight)
        case .minimumLineHeight: float(\.minimumLineHeight)
        case .lineSpacing: float(\.lineSpacing)
        case .paragraphSpacing: float(\.paragraphSpacing)
        case .paragraphSpacingBefore: float(\.paragraphSpacingBefore)
        case .maximumLineSpacing: float(\.maximumLineSpacing)
        case .minimumLineSpacing: float(\.minimumLineSpacing)
        case .lineSpacingAdjustment: float(\.lineSpacingAdjustment)
        case .tabStops, .lineBoundsOptions: break
        }
    }
    return style
}

private func wrongSize(_ setting: CTParagraphStyleSetting) {
    CGDiagnostics.log("CTParagraphStyleCreate", "setting \(setting.spec) has a value of \(setting.valueSize) bytes; ignored.")
}

/// Reads one setting into `valueBuffer` (`valueBufferSize` bytes). False for settings this
/// style cannot report or a buffer of the wrong size.
public func CTParagraphStyleGetValueForSpecifier(_ paragraphStyle: CTParagraphStyle, _ spec: CTParagraphStyleSpecifier,
                                                 _ valueBufferSize: Int, _ valueBuffer: UnsafeMutableRawPointer) -> Bool {
    func byte(_ v: UInt8) -> Bool {
        guard valueBufferSize == 1 else { return false }
        valueBuffer.storeBytes(of: v, as: UInt8.self)
        return true
    }
    func float(_ v: CGFloat) -> Bool {
        guard valueBufferSize == MemoryLayout<CGFloat>.size else { return false }
        valueBuffer.storeBytes(of: v, toByteOffset: 0, as: CGFloat.self)
        return true
    }
    let s = paragraphStyle
    switch spec {
    case .alignment: return byte(s.alignment.rawValue)
    case .lineBreakMode: return byte(s.lineBreakMode.rawValue)
    case .baseWritingDirection: return byte(UInt8(bitPattern: s.baseWritingDirection.rawValue))
    case .firstLineHeadIndent: return float(s.firstLineHeadIndent)
    case .headIndent: return float(s.headIndent)
    case .tailIndent: return float(s.tailIndent)
    case .defaultTabInterval: return float(s.defaultTabInterval)
    case .lineHeightMultiple: return float(s.lineHeightMultiple)
    case .maximumLineHeight: return float(s.maximumLineHeight)
    case .minimumLineHeight: return float(s.minimumLineHeight)
    case .lineSpacing: return float(s.lineSpacing)
    case .paragraphSpacing: return float(s.paragraphSpacing)
    case .paragraphSpacingBefore: return float(s.paragraphSpacingBefore)
    case .maximumLineSpacing: return float(s.maximumLineSpacing)
    case .minimumLineSpacing: return float(s.minimumLineSpacing)
    case .lineSpacingAdjustment: return float(s.lineSpacingAdjustment)
    case .tabStops, .lineBoundsOptions: return false
    }
}
