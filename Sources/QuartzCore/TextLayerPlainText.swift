import CoreText

/// A text layer's plain string as attributed text, made once per font, size and color and
/// reused: each draw replaces its characters (they take the attributes of the ones replaced)
/// and lays it out in place, its attributes handed to Core Text read once. Building a new
/// attributed string per draw bridged its attribute dictionary and made the font again, and
/// reading a run's attributes back out of Foundation cost as much again: together about half
/// of drawing a short label (`lamina-bench labels`).
///
/// Locked: `draw(in:)` may be called on any thread, and the attributed string is changed in place.
final class TextLayerPlainText: @unchecked Sendable {
    private let lock = NSLock()
    private var text: NSMutableAttributedString?
    private var attributes: CTUniformAttributes?

    /// Forgets the attributes (the font, its size or the color changed).
    func invalidate() {
        lock.lock()
        text = nil
        attributes = nil
        lock.unlock()
    }

    /// Runs `body` with `plain` in the layer's attributes (`attributes` makes them when they
    /// changed), and those attributes, which every character has. The text is only valid inside
    /// `body`: it is changed again by the next draw.
    func with<Result>(_ plain: String, attributes make: () -> [NSAttributedString.Key: Any],
                      _ body: (NSAttributedString, CTUniformAttributes?) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        // An empty string keeps no attributes: made afresh (it draws nothing).
        guard !plain.isEmpty else { return body(NSAttributedString(string: "", attributes: make()), nil) }
        if let text, let attributes {
            text.replaceCharacters(in: NSRange(location: 0, length: text.length), with: plain)
            return body(text, attributes)
        }
        let made = make()
        let text = NSMutableAttributedString(string: plain, attributes: made)
        let attributes = CTUniformAttributes(made)
        (self.text, self.attributes) = (text, attributes)
        return body(text, attributes)
    }
}
