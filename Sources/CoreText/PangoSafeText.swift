/// Text made safe for Pango (and the fribidi and HarfBuzz beneath it) before it gets there.
/// Every replacement is one UTF-16 unit for one, so Core Text's indices (UTF-16 offsets into
/// the caller's string) hold for the text Pango sees.
enum PangoSafeText {
    /// How deep explicit bidi embeddings, overrides and isolates may nest in what Pango gets;
    /// openers past it become zero-width spaces. Unicode's bidi algorithm stops at level 125,
    /// and fribidi 1.0.8 (Debian 12's) crashes on its way past that: 20,000 controls mixed with
    /// letters segfaulted inside `pango_itemize_with_base_dir`, and so did random mixes of a
    /// few hundred. Each opener raises the level by at most 2, so 60 keep below 125, where
    /// fribidi's overflow handling is never reached (in 300 random 20,000-character mixes, 82
    /// crashed fribidi as they were, none so nested; at a depth of 120, 121 still did).
    static let maximumBidiDepth = 60

    /// `text` as Pango may take it, and why it was changed (nothing when it was not):
    ///
    /// - NUL (U+0000) becomes U+200B (zero-width space): Pango reads its text as C strings in
    ///   places and aborted on its assertion `state->run_end != state->run_start` at an embedded
    ///   NUL. Core Text draws nothing for a NUL; neither does a zero-width space.
    /// - Explicit bidi openers nested past `maximumBidiDepth` become U+200B, which the bidi
    ///   algorithm passes over.
    /// - A space (U+0020) that a combining mark, joiner or variation selector extends becomes a
    ///   no-break space (U+00A0), the base Unicode recommends for a mark shown on its own; it
    ///   looks the same. Pango 1.50.12 (Debian 12's) breaks a line between such a space and its
    ///   mark, inside one cluster, and where the two sit at different bidi levels ("a\u{5D0}
    ///   \u{301}b", or any text with an RLE, RLI or ALM before them) its forced break in a
    ///   line narrower than a glyph aborts the process on the assertion `result ==
    ///   BREAK_SOME_FIT || result == BREAK_EMPTY_FIT` in `process_line` (a C probe: every such
    ///   pair crashed at a 1-point width, none with U+00A0 or with no mark). The line break
    ///   before the mark is lost; text has no reason to break there. Not reported: nothing is
    ///   wrong with the caller's text.
    static func sanitize(_ text: String) -> (text: String, changes: [String]) {
        // Most text holds none of these: one pass over its bytes (NUL is byte 0, every bidi
        // control starts with 0xE2, every extending character's first byte is 0xCC or above).
        var previous: UInt8 = 0
        let suspect = text.utf8.contains { byte in
            defer { previous = byte }
            return byte == 0 || byte == 0xE2 || (previous == 0x20 && byte >= 0xCC)
        }
        guard suspect else { return (text, []) }
        var scalars: [Unicode.Scalar] = []
        var joinedSpaces = 0
        var nuls = 0, replaced = 0
        // The bidi algorithm's stack of open controls, simulated over the text Pango gets: true
        // for an isolate. A PDF closes an embedding or override, a PDI its isolate and all
        // within it; unmatched ones change nothing.
        var open: [Bool] = []
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0:
                nuls += 1
                scalars.append(zeroWidthSpace)
            case 0x202A, 0x202B, 0x202D, 0x202E, 0x2066...0x2068:
                if open.count >= maximumBidiDepth {
                    replaced += 1
                    scalars.append(zeroWidthSpace)
                } else {
                    open.append(scalar.value >= 0x2066)
                    scalars.append(scalar)
                }
            case 0x202C:
                if open.last == false { open.removeLast() }
                scalars.append(scalar)
            case 0x2069:
                if let isolate = open.lastIndex(of: true) { open.removeSubrange(isolate...) }
                scalars.append(scalar)
            case 0x0A, 0x0D, 0x2029, 0x1C...0x1E, 0x85:
                open.removeAll()        // each paragraph is resolved on its own
                scalars.append(scalar)
            default:
                if scalars.last == " ", extendsItsBase(scalar) {
                    scalars[scalars.count - 1] = "\u{A0}"
                    joinedSpaces += 1
                }
                scalars.append(scalar)
            }
        }
        guard nuls > 0 || replaced > 0 || joinedSpaces > 0 else { return (text, []) }
        var changes: [String] = []
        if nuls > 0 { changes.append("\(nuls) NUL characters taken as zero-width spaces (Pango cannot take NULs)") }
        if replaced > 0 {
            changes.append("\(replaced) bidi controls nested past \(maximumBidiDepth) levels ignored (fribidi cannot take them)")
        }
        var safe = String.UnicodeScalarView()
        safe.append(contentsOf: scalars)
        return (String(safe), changes)
    }

    /// Whether `scalar` belongs to the cluster of the character before it (Unicode's
    /// Grapheme_Extend, which holds nonspacing and enclosing marks and variation selectors,
    /// and the zero-width joiner).
    static func extendsItsBase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x200D || scalar.properties.isGraphemeExtend
    }

    private static let zeroWidthSpace: Unicode.Scalar = "\u{200B}"
}
