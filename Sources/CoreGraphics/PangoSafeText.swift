import CCairo

/// Text made safe for Pango (and the fribidi and HarfBuzz beneath it) before it gets there.
/// Every replacement is one UTF-16 unit for one, so Core Text's indices (UTF-16 offsets into
/// the caller's string) hold for the text Pango sees.
package enum PangoSafeText {
    /// How deep explicit bidi embeddings, overrides and isolates may nest in what Pango gets;
    /// openers past it become zero-width spaces. Unicode's bidi algorithm stops at level 125,
    /// and fribidi 1.0.8 (Debian 12's) crashes on its way past that: 20,000 controls mixed with
    /// letters segfaulted inside `pango_itemize_with_base_dir`, and so did random mixes of a
    /// few hundred. Each opener raises the level by at most 2, so 60 keep below 125, where
    /// fribidi's overflow handling is never reached (in 300 random 20,000-character mixes, 82
    /// crashed fribidi as they were, none so nested; at a depth of 120, 121 still did).
    package static let maximumBidiDepth = 60

    /// `text` as Pango may take it, and why it was changed (nothing when it was not):
    ///
    /// - NUL (U+0000) becomes U+200B (zero-width space): Pango reads its text as C strings in
    ///   places and aborted on its assertion `state->run_end != state->run_start` at an embedded
    ///   NUL. Core Text draws nothing for a NUL; neither does a zero-width space.
    /// - Explicit bidi openers nested past `maximumBidiDepth` become U+200B, which the bidi
    ///   algorithm passes over.
    /// - A PDI (U+2069) that closes no isolate becomes U+200B. The bidi algorithm leaves an
    ///   unmatched PDI a neutral that changes nothing, but fribidi 1.0.8 segfaults on PDIs left
    ///   over in a paragraph after isolates were cut off by a paragraph separator: 23 RLIs, a
    ///   letter, U+0085 and 30 PDIs crash it (the text fuzz target found it after 336,673
    ///   executions; in 3,000 random mixes of runs of bidi controls, letters and separators, 14
    ///   crashed fribidi before this rule and none after).
    package static func sanitize(_ text: String) -> (text: String, changes: [String]) {
        // Most text holds neither: one pass over its bytes (NUL is byte 0, every control starts with 0xE2).
        guard text.utf8.contains(where: { $0 == 0 || $0 == 0xE2 }) else { return (text, []) }
        var scalars = String.UnicodeScalarView()
        var nuls = 0, replaced = 0, unmatched = 0
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
                if let isolate = open.lastIndex(of: true) {
                    open.removeSubrange(isolate...)
                    scalars.append(scalar)
                } else {
                    unmatched += 1
                    scalars.append(zeroWidthSpace)
                }
            case 0x0A, 0x0D, 0x2029, 0x1C...0x1E, 0x85:
                open.removeAll()        // each paragraph is resolved on its own
                scalars.append(scalar)
            default:
                scalars.append(scalar)
            }
        }
        guard nuls > 0 || replaced > 0 || unmatched > 0 else { return (text, []) }
        var changes: [String] = []
        if nuls > 0 { changes.append("\(nuls) NUL characters taken as zero-width spaces (Pango cannot take NULs)") }
        if replaced > 0 {
            changes.append("\(replaced) bidi controls nested past \(maximumBidiDepth) levels ignored (fribidi cannot take them)")
        }
        if unmatched > 0 {
            changes.append("\(unmatched) PDI controls that close no isolate ignored (fribidi cannot take them)")
        }
        return (String(scalars), changes)
    }

    private static let zeroWidthSpace: Unicode.Scalar = "\u{200B}"

    /// Adds to `list` what keeps Pango from breaking a wrapped line inside a grapheme cluster
    /// of `text` (its UTF-8 bytes, as the layout gets them): `allow_breaks` false over each
    /// cluster of more than one code point (breaks at its edges stay).
    ///
    /// Pango 1.50.12 (Debian 12's) offers line breaks that are not character breaks — after a
    /// space a mark extends ("a\u{5D0} \u{301}b"), before an emoji modifier on a letter
    /// ("Z\u{1F3FB}\u{903}") — and finds none at all in a paragraph that starts with marks and
    /// joiners ("\u{94D}\u{200C}\u{1F3FB}\u{903}"). Where a line narrower than the cluster
    /// must then be broken by force, it aborts the process on its assertion `result ==
    /// BREAK_SOME_FIT || result == BREAK_EMPTY_FIT` in `process_line` (the text fuzz target
    /// found it; of 3,000 random short texts of such characters in widths of 1–20,000 Pango
    /// units, 49 aborted; of 40,000 laid out through Core Text with this rule, none). Unicode's
    /// rules never break inside a cluster, so this changes
    /// no correct line. Every cluster of more than one code point but CR LF holds one of U+0300
    /// or above, so text without a byte of 0xCC or more is passed over unread.
    package static func forbidBreaksInsideClusters(of text: UnsafeBufferPointer<CChar>, in list: OpaquePointer) {
        guard text.contains(where: { UInt8(bitPattern: $0) >= 0xCC }) else { return }
        var offset = 0
        for cluster in String(decoding: UnsafeRawBufferPointer(text), as: UTF8.self) {
            let bytes = cluster.utf8.count
            defer { offset += bytes }
            guard cluster.unicodeScalars.count > 1, let keep = pango_attr_allow_breaks_new(0) else { continue }
            keep.pointee.start_index = UInt32(offset)
            keep.pointee.end_index = UInt32(offset + bytes)
            pango_attr_list_insert(list, keep)
        }
    }
}
