import QuartzCore

extension Window {
    /// Prints the window's layer tree — each layer's class, name, frame, key properties and
    /// running animations, and where animations move it the presentation values at `mediaTime`
    /// (defaults to now) — to standard output, as indented text or (`json`) JSON, and returns it.
    /// Call it from a debugger or a key handler to see what a tree does; see `LayerTreeDump`.
    @discardableResult
    public func dumpLayerTree(at mediaTime: CFTimeInterval = CACurrentMediaTime(), json: Bool = false) -> String {
        guard let layer = contentView?.layer else {
            print("(the window has no content view)")
            return ""
        }
        let dump = LayerTreeDump(layer, at: mediaTime)
        let text = json ? dump.json : dump.text
        print(text)
        fflush(nil)             // seen now even when standard output is a file or a pipe (buffered)
        return text
    }
}
