import CCairo
import Glibc

/// Lamina's one text engine: Pango (itemizing, bidi, line breaking) over HarfBuzz (shaping) and
/// fontconfig (fonts and fallback). Core Text and `TextLayout` both lay out through the contexts
/// made here, so the same string in the same font gives the same glyphs and advances in both.
package enum PangoEngine {
    /// A new Pango context on this thread's font map (Pango's font maps are per thread). Free it
    /// with `g_object_unref`.
    ///
    /// - Parameter gridFitted: false (Core Text): no hinting, unrounded glyph positions, so
    ///   advances are the font's design advances at any scale, as Apple's are. True
    ///   (`TextLayout`): the target surface's hinting and whole-pixel positions, which
    ///   `TextLayout` has always drawn with (its goldens hold it), for crisp UI labels.
    package static func makeContext(gridFitted: Bool = false) -> OpaquePointer {
        let fontMap = pango_cairo_font_map_get_default()!
        refreshIfFontsChanged(fontMap)
        let context = pango_font_map_create_context(fontMap)!
        if gridFitted { return context }
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        return context
    }

    /// Tells this thread's font map to read fontconfig again when fonts were registered since
    /// it last did (Pango keeps what it found; each thread has a map of its own).
    private static func refreshIfFontsChanged(_ fontMap: UnsafeMutablePointer<PangoFontMap>) {
        let generation = FontRegistry.generation
        guard generation != 0 else { return }
        let key = "LaminaPangoFontGeneration"
        let dictionary = Thread.current.threadDictionary
        guard (dictionary[key] as? UInt64) != generation else { return }
        dictionary[key] = generation
        pango_fc_font_map_config_changed(OpaquePointer(fontMap))
    }

    /// How many different font sizes one thread's font map is asked for before its caches are
    /// emptied (see `noteFontSize(_:)`).
    package static let sizesBeforeCacheClear = 256

    /// Counts `size` (points) among the sizes this thread's font map has been asked for, and
    /// empties the map's caches once they pass `sizesBeforeCacheClear`. Pango keeps every font
    /// it made, one per size, for as long as its font map lives (a C probe: 36 KB for each new
    /// size, 730 MB after 20,000 sizes; the text fuzz target ran out of memory that way), and a
    /// font size animated frame by frame asks for a new size every frame. Layouts made before
    /// keep their fonts (Pango counts references) and are laid out again when next used.
    package static func noteFontSize(_ size: CGFloat) {
        let ledger = SizeLedger.current
        guard ledger.sizes.insert(Double(size)).inserted, ledger.sizes.count > sizesBeforeCacheClear else { return }
        ledger.sizes.removeAll(keepingCapacity: true)
        pango_fc_font_map_cache_clear(OpaquePointer(pango_cairo_font_map_get_default()))
        ledger.clears += 1
    }

    /// How often this thread's font map caches were emptied (for tests).
    package static var fontCacheClears: Int { SizeLedger.current.clears }

    /// The font sizes a thread's font map has made fonts for since its caches were last emptied.
    private final class SizeLedger {
        var sizes = Set<Double>()
        var clears = 0

        static var current: SizeLedger {
            let dictionary = Thread.current.threadDictionary
            if let ledger = dictionary[key] as? SizeLedger { return ledger }
            let ledger = SizeLedger()
            dictionary[key] = ledger
            return ledger
        }

        private static let key = "LaminaPangoFontSizes"
    }

    /// A Pango description that fontconfig resolves to `match` at `size` points (absolute size:
    /// one point is one user-space unit, as in Core Text). Free it with `pango_font_description_free`.
    package static func fontDescription(for match: FontMatch, size: CGFloat) -> OpaquePointer {
        noteFontSize(size)
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, match.family)
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(FcWeightToOpenType(Int32(match.weight)))))
        pango_font_description_set_style(description, match.slant == 0 ? PANGO_STYLE_NORMAL : match.slant >= 110 ? PANGO_STYLE_OBLIQUE : PANGO_STYLE_ITALIC)
        pango_font_description_set_absolute_size(description, Double(size) * Double(PANGO_SCALE))
        return description
    }

    /// Whether Pango's font is face `index` of `file` (compared without making Swift strings:
    /// every run of every line asks).
    package static func font(_ font: UnsafeMutablePointer<PangoFont>, isFile file: String, index: Int32) -> Bool {
        guard let pattern = pango_fc_font_get_pattern(UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self)) else { return false }
        var value: UnsafeMutablePointer<FcChar8>?
        var faceIndex: Int32 = 0
        guard FcPatternGetString(pattern, FC_FILE, 0, &value) == FcResultMatch, let value else { return false }
        _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &faceIndex)
        return faceIndex == index && file.withCString { strcmp($0, UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self)) == 0 }
    }

    /// The fontconfig face of a font Pango chose (the requested one or a fallback).
    package static func match(of font: UnsafeMutablePointer<PangoFont>) -> FontMatch? {
        guard let pattern = pango_fc_font_get_pattern(UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self)) else { return nil }
        return FontMatch(pattern: pattern)
    }
}
