import LaminaHost
extension String {
    /// The text made safe inside HTML or XML content and double-quoted attributes (line breaks
    /// kept as character references, so attribute values keep them too).
    var markupEscaped: String {
        replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "\n", with: "&#10;")
    }
}
