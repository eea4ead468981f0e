/// A description of a layer tree for people and tools (Lamina's own; Apple has no public
/// equivalent): each layer's class, name, frame, the properties that differ from their defaults,
/// its running animations, and — where animations move it — its presentation values at a given
/// media time. As indented text (`text`) or JSON (`json`, which decodes back into `Node`).
///
///     print(LayerTreeDump(root).text)                       // now
///     print(LayerTreeDump(root, at: begin + 0.5).json)      // half a second in
public struct LayerTreeDump: Sendable {
    /// The root layer's description, with its sublayers (and mask) inside.
    public let root: Node
    /// The media time at which presentation values were evaluated.
    public let mediaTime: CFTimeInterval

    /// Describes `layer` and its subtree, with presentation values at `mediaTime` (defaults to
    /// now: `CACurrentMediaTime()`).
    public init(_ layer: CALayer, at mediaTime: CFTimeInterval = CACurrentMediaTime()) {
        self.mediaTime = mediaTime
        let model = layer.model()
        root = Node(model: model, presented: model.presentationTree(at: mediaTime), at: mediaTime)
    }

    /// A layer.
    public struct Node: Codable, Sendable, Equatable {
        /// The layer's class, as Swift names it (`CALayer`, `CAGradientLayer`, `MyLayer`).
        public var `class`: String
        /// `name`, when set.
        public var name: String?
        /// Model values of the layer's key properties.
        public var properties: Properties
        /// Attached animations, in the order they were added.
        public var animations: [Animation]?
        /// The presentation values that differ from the model at the dump's time; nil when none do.
        public var presented: Properties?
        /// The mask layer, when there is one.
        public var mask: [Node]?
        /// Sublayers, back to front; nil when there are none.
        public var sublayers: [Node]?
    }

    /// Key properties of a layer. `frame` is always given; the others only when they differ from
    /// their defaults (or, in `presented`, from the model).
    public struct Properties: Codable, Sendable, Equatable {
        /// The frame in the superlayer's coordinates.
        public var frame: Rect?
        /// The bounds, when their origin is not zero (or, presented, when they differ).
        public var bounds: Rect?
        /// x and y, when not (0.5, 0.5).
        public var anchorPoint: [Double]?
        /// When not 0.
        public var zPosition: Double?
        /// The 16 entries m11…m44 row by row, when not the identity.
        public var transform: [Double]?
        /// As `transform`, when not the identity.
        public var sublayerTransform: [Double]?
        /// When not 1.
        public var opacity: Double?
        /// When true.
        public var isHidden: Bool?
        /// When true.
        public var masksToBounds: Bool?
        /// `#RRGGBBAA` in sRGB.
        public var backgroundColor: String?
        /// When not 0.
        public var cornerRadius: Double?
        /// When not 0.
        public var borderWidth: Double?
        /// `#RRGGBBAA` in sRGB, when there is a border.
        public var borderColor: String?
        /// When not 0.
        public var shadowOpacity: Double?
        /// What `contents` holds: "CGImage 64×64", or the type's name.
        public var contents: String?
    }

    /// A rectangle in points.
    public struct Rect: Codable, Sendable, Equatable {
        /// The origin and size, in points.
        public var x, y, width, height: Double

        /// A rectangle of these numbers.
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x; self.y = y; self.width = width; self.height = height
        }
    }

    /// An attached animation.
    public struct Animation: Codable, Sendable, Equatable {
        /// The key it was added under.
        public var key: String
        /// Its class, as Swift names it (`CABasicAnimation`, `CAAnimationGroup`…).
        public var `class`: String
        /// The animated key path, for property animations.
        public var keyPath: String?
        /// When it begins, in the layer's time.
        public var beginTime: Double
        /// One cycle's duration in seconds.
        public var duration: Double
        /// The repeat count, when finite and not 0.
        public var repeatCount: Double?
        /// True for an animation that repeats forever (JSON has no infinity).
        public var repeatsForever: Bool?
        /// True when it plays backwards after each cycle.
        public var autoreverses: Bool?
    }
}

extension LayerTreeDump.Node {
    init(model: CALayer, presented copy: CALayer, at mediaTime: CFTimeInterval) {
        `class` = String(describing: type(of: model))
        name = model.name
        properties = LayerTreeDump.Properties(of: model, comparedWith: nil)
        let changed = LayerTreeDump.Properties(of: copy, comparedWith: properties)
        presented = changed == LayerTreeDump.Properties() ? nil : changed
        let animations = (model.animationKeys() ?? []).compactMap { key in
            model.animation(forKey: key).map { LayerTreeDump.Animation(key: key, animation: $0) }
        }
        self.animations = animations.isEmpty ? nil : animations
        if let mask = model.mask, let presentedMask = copy.mask {
            self.mask = [Self(model: mask, presented: presentedMask, at: mediaTime)]
        }
        // A presentation copy lists the same sublayers, in the same order, as its model.
        let models = model.sublayers ?? [], copies = copy.sublayers ?? []
        if !models.isEmpty, models.count == copies.count {
            sublayers = zip(models, copies).map { Self(model: $0, presented: $1, at: mediaTime) }
        }
    }
}

extension LayerTreeDump.Properties {
    /// The properties of `layer`: with `model` nil, those off their defaults (and the frame);
    /// else those that differ from `model`'s.
    init(of layer: CALayer, comparedWith model: Self?) {
        let defaults = Self(frame: nil, bounds: nil, anchorPoint: [0.5, 0.5], zPosition: 0,
                            transform: nil, sublayerTransform: nil, opacity: 1, isHidden: false, masksToBounds: false,
                            backgroundColor: nil, cornerRadius: 0, borderWidth: 0, borderColor: nil, shadowOpacity: 0,
                            contents: nil)
        let base = model ?? defaults
        func keep<T: Equatable>(_ value: T?, _ reference: T?) -> T? { value == reference ? nil : value }
        let frame = layer.frame
        let rect = LayerTreeDump.Rect(x: Double(frame.minX), y: Double(frame.minY), width: Double(frame.width),
                                      height: Double(frame.height))
        self.frame = model == nil ? rect : keep(rect, model?.frame)
        // Bounds matter in a dump only where they say more than the frame (a moved origin).
        let bounds = LayerTreeDump.Rect(x: Double(layer.bounds.minX), y: Double(layer.bounds.minY),
                                        width: Double(layer.bounds.width), height: Double(layer.bounds.height))
        self.bounds = model == nil ? (layer.bounds.origin == .zero ? nil : bounds) : keep(bounds, model?.bounds ?? bounds)
        anchorPoint = keep([Double(layer.anchorPoint.x), Double(layer.anchorPoint.y)], base.anchorPoint ?? [0.5, 0.5])
        zPosition = keep(Double(layer.zPosition), base.zPosition ?? 0)
        transform = keep(Self.entries(layer.transform), base.transform ?? Self.entries(CATransform3DIdentity))
        sublayerTransform = keep(Self.entries(layer.sublayerTransform),
                                 base.sublayerTransform ?? Self.entries(CATransform3DIdentity))
        opacity = keep(Double(layer.opacity), base.opacity ?? 1)
        isHidden = keep(layer.isHidden, base.isHidden ?? false)
        masksToBounds = keep(layer.masksToBounds, base.masksToBounds ?? false)
        backgroundColor = keep(layer.backgroundColor.map(Self.hex), base.backgroundColor)
        cornerRadius = keep(Double(layer.cornerRadius), base.cornerRadius ?? 0)
        borderWidth = keep(Double(layer.borderWidth), base.borderWidth ?? 0)
        // The border color shows only with a border (and defaults to opaque black).
        borderColor = layer.borderWidth > 0 ? keep(layer.borderColor.map(Self.hex), base.borderColor) : nil
        shadowOpacity = keep(Double(layer.shadowOpacity), base.shadowOpacity ?? 0)
        contents = keep(layer.contents.map(Self.describe), base.contents)
    }

    static func entries(_ t: CATransform3D) -> [Double] {
        [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
            .map { Double($0) }
    }

    static func hex(_ color: CGColor) -> String {
        let srgb = color.converted(to: CGColorSpace(name: CGColorSpace.sRGB)!, intent: .defaultIntent, options: nil) ?? color
        var components = (srgb.components ?? []).map { Double($0) }
        if components.count == 2 { components = [components[0], components[0], components[0], components[1]] }
        guard components.count == 4 else { return "?" }
        return "#" + components.map { String(format: "%02X", Int(saturating: (min(max($0, 0), 1) * 255).rounded())) }.joined()
    }

    static func describe(_ contents: Any) -> String {
        if let image = contents as? CGImage {
            return "CGImage \(image.width)×\(image.height)"
        }
        return String(describing: type(of: contents))
    }
}

extension LayerTreeDump.Animation {
    init(key: String, animation: CAAnimation) {
        self.key = key
        `class` = String(describing: type(of: animation))
        keyPath = (animation as? CAPropertyAnimation)?.keyPath
        beginTime = Double(animation.beginTime)
        duration = Double(animation.duration)
        repeatCount = animation.repeatCount == 0 || !animation.repeatCount.isFinite ? nil : Double(animation.repeatCount)
        repeatsForever = animation.repeatCount.isInfinite ? true : nil
        autoreverses = animation.autoreverses ? true : nil
    }
}

extension LayerTreeDump {
    /// The tree as JSON (keys sorted, so that equal trees give equal text).
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        struct Document: Encodable { let mediaTime: Double; let root: Node }
        guard let data = try? encoder.encode(Document(mediaTime: mediaTime, root: root)) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The tree as indented text: one line per layer, with its animations and presented values
    /// below it.
    public var text: String {
        var lines = ["layer tree at media time \(Self.number(mediaTime))"]
        func walk(_ node: Node, depth: Int, role: String) {
            let indent = String(repeating: "  ", count: depth)
            var line = indent + role + node.class
            if let name = node.name { line += " \"\(name)\"" }
            line += " " + Self.describe(node.properties)
            lines.append(line)
            for animation in node.animations ?? [] {
                var text = "\(indent)    ▸ \(animation.key): \(animation.class)"
                if let keyPath = animation.keyPath { text += " \(keyPath)" }
                text += " duration \(Self.number(animation.duration))"
                if let repeatCount = animation.repeatCount { text += " repeat \(Self.number(repeatCount))" }
                if animation.repeatsForever == true { text += " repeating forever" }
                if animation.autoreverses == true { text += " autoreverses" }
                lines.append(text)
            }
            if let presented = node.presented { lines.append("\(indent)    now: " + Self.describe(presented)) }
            for mask in node.mask ?? [] { walk(mask, depth: depth + 1, role: "mask: ") }
            for sublayer in node.sublayers ?? [] { walk(sublayer, depth: depth + 1, role: "") }
        }
        walk(root, depth: 0, role: "")
        return lines.joined(separator: "\n")
    }

    static func describe(_ p: Properties) -> String {
        var parts: [String] = []
        if let f = p.frame { parts.append("frame (\(number(f.x)), \(number(f.y)), \(number(f.width)), \(number(f.height)))") }
        if let b = p.bounds { parts.append("bounds (\(number(b.x)), \(number(b.y)), \(number(b.width)), \(number(b.height)))") }
        if let a = p.anchorPoint { parts.append("anchorPoint (\(a.map(number).joined(separator: ", ")))") }
        if let z = p.zPosition { parts.append("zPosition \(number(z))") }
        if let t = p.transform { parts.append("transform \(transformText(t))") }
        if let t = p.sublayerTransform { parts.append("sublayerTransform \(transformText(t))") }
        if let o = p.opacity { parts.append("opacity \(number(o))") }
        if let h = p.isHidden { parts.append(h ? "hidden" : "shown") }
        if let m = p.masksToBounds { parts.append(m ? "masksToBounds" : "no masksToBounds") }
        if let c = p.backgroundColor { parts.append("background \(c)") }
        if let r = p.cornerRadius { parts.append("cornerRadius \(number(r))") }
        if let w = p.borderWidth { parts.append("border \(number(w))") }
        if let c = p.borderColor { parts.append("borderColor \(c)") }
        if let s = p.shadowOpacity { parts.append("shadowOpacity \(number(s))") }
        if let c = p.contents { parts.append("contents \(c)") }
        return parts.joined(separator: ", ")
    }

    /// An affine transform as [a b c d tx ty], any other as its 16 entries.
    static func transformText(_ m: [Double]) -> String {
        let affine = m[2] == 0 && m[3] == 0 && m[6] == 0 && m[7] == 0 && m[8] == 0 && m[9] == 0 && m[10] == 1
            && m[11] == 0 && m[14] == 0 && m[15] == 1
        let shown = affine ? [m[0], m[1], m[4], m[5], m[12], m[13]] : m
        return "[" + shown.map(number).joined(separator: " ") + "]"
    }

    /// Up to three decimals, without trailing zeros.
    static func number(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
