import CCairo

/// How drawn pixels combine with the pixels already there. R is the result, S the source,
/// D the destination, all premultiplied.
public enum CGBlendMode: Int32, Sendable, CaseIterable {
    case normal = 0
    case multiply
    case screen
    case overlay
    case darken
    case lighten
    case colorDodge
    case colorBurn
    case softLight
    case hardLight
    case difference
    case exclusion
    case hue
    case saturation
    case color
    case luminosity
    /// R = 0
    case clear
    /// R = S
    case copy
    /// R = S·Da
    case sourceIn
    /// R = S·(1 − Da)
    case sourceOut
    /// R = S·Da + D·(1 − Sa)
    case sourceAtop
    /// R = S·(1 − Da) + D
    case destinationOver
    /// R = D·Sa
    case destinationIn
    /// R = D·(1 − Sa)
    case destinationOut
    /// R = S·(1 − Da) + D·Sa
    case destinationAtop
    /// R = S·(1 − Da) + D·(1 − Sa)
    case xor
    /// R = max(0, 1 − ((1 − D) + (1 − S))), generalized to alpha as Ra = Sa + Da − Sa·Da,
    /// Rc = max(0, Ra − (Da − Dc) − (Sa − Sc)). cairo has no such operator: Lamina's own kernel.
    case plusDarker
    /// R = min(1, S + D)
    case plusLighter

    /// The cairo operator, nil for plus-darker.
    var cairoOperator: cairo_operator_t? {
        switch self {
        case .normal: return CAIRO_OPERATOR_OVER
        case .multiply: return CAIRO_OPERATOR_MULTIPLY
        case .screen: return CAIRO_OPERATOR_SCREEN
        case .overlay: return CAIRO_OPERATOR_OVERLAY
        case .darken: return CAIRO_OPERATOR_DARKEN
        case .lighten: return CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: return CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: return CAIRO_OPERATOR_COLOR_BURN
        case .softLight: return CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: return CAIRO_OPERATOR_HARD_LIGHT
        case .difference: return CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: return CAIRO_OPERATOR_EXCLUSION
        case .hue: return CAIRO_OPERATOR_HSL_HUE
        case .saturation: return CAIRO_OPERATOR_HSL_SATURATION
        case .color: return CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: return CAIRO_OPERATOR_HSL_LUMINOSITY
        case .clear: return CAIRO_OPERATOR_CLEAR
        case .copy: return CAIRO_OPERATOR_SOURCE
        case .sourceIn: return CAIRO_OPERATOR_IN
        case .sourceOut: return CAIRO_OPERATOR_OUT
        case .sourceAtop: return CAIRO_OPERATOR_ATOP
        case .destinationOver: return CAIRO_OPERATOR_DEST_OVER
        case .destinationIn: return CAIRO_OPERATOR_DEST_IN
        case .destinationOut: return CAIRO_OPERATOR_DEST_OUT
        case .destinationAtop: return CAIRO_OPERATOR_DEST_ATOP
        case .xor: return CAIRO_OPERATOR_XOR
        case .plusDarker: return nil
        case .plusLighter: return CAIRO_OPERATOR_ADD
        }
    }

    /// Modes whose result differs from D where the source is transparent. Core Graphics applies
    /// them only inside the drawn shape, so Lamina clips to the shape before compositing.
    var needsShapeClip: Bool {
        [.clear, .copy, .sourceIn, .sourceOut, .destinationIn, .destinationAtop].contains(self)
    }
}
