import CX11

extension Cursor {
    /// The glyph in X's core cursor font (cursorfont.h), for servers and machines without a theme.
    var coreGlyph: UInt32 {
        switch self {
        case .arrow: return 68          // XC_left_ptr
        case .pointingHand: return 60   // XC_hand2
        case .iBeam: return 152         // XC_xterm
        case .crosshair: return 34      // XC_crosshair
        case .resizeLeftRight: return 108 // XC_sb_h_double_arrow
        case .resizeUpDown: return 116  // XC_sb_v_double_arrow
        case .openHand: return 58       // XC_hand1
        case .closedHand: return 52     // XC_fleur
        case .hidden: return 68
        }
    }
}

/// X cursors by shape, made once per connection for its lifetime (`X11Display.cursors`, main
/// thread only).
@MainActor
enum CursorCache {
    /// The X cursor for `cursor`, named after it (XFixes) so that tools can tell which it is.
    static func xCursor(_ cursor: Cursor, on x: X11Display) -> UInt {
        if let id = x.cursors[cursor] { return id }
        let id = load(cursor, on: x)
        if id != 0, x.offersXFixes { XFixesSetCursorName(x.display, id, cursor.rawValue) }
        x.cursors[cursor] = id
        return id
    }

    private static func load(_ cursor: Cursor, on x: X11Display) -> UInt {
        if cursor == .hidden {
            // A cursor of one transparent pixel.
            var foreground = XColor(), background = XColor()
            let blank = XCreatePixmap(x.display, x.root, 1, 1, 1)
            defer { XFreePixmap(x.display, blank) }
            let gc = XCreateGC(x.display, blank, 0, nil)
            XSetForeground(x.display, gc, 0)
            XFillRectangle(x.display, blank, gc, 0, 0, 1, 1)
            XFreeGC(x.display, gc)
            return XCreatePixmapCursor(x.display, blank, blank, &foreground, &background, 0, 0)
        }
        for name in [cursor.rawValue] + cursor.legacyNames {
            let id = XcursorLibraryLoadCursor(x.display, name)
            if id != 0 { return id }
        }
        return XCreateFontCursor(x.display, cursor.coreGlyph)
    }
}
