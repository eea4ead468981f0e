import CLaminaKernels

/// What the render side knows of a `CAEmitterLayer`: its values, its cells as values (images
/// made into sprites once, at commit), and its time — at commit, then the frame's in a
/// presented tree. `EmitterSimulation` turns it into the particles alive at that time.
struct EmitterState: @unchecked Sendable {
    var birthRate: Double
    var lifetime: Double
    var velocity: Double
    var scale: Double
    var spin: Double
    var position: CGPoint
    var zPosition: Double
    var size: CGSize
    var depth: Double
    var shape: CAEmitterLayerEmitterShape
    var mode: CAEmitterLayerEmitterMode
    var renderMode: CAEmitterLayerRenderMode
    var seed: UInt32
    var cells: [EmitterCellState]
    /// The layer's local time the particles are simulated at.
    var time: CFTimeInterval
    /// When emission stopped (birthRate set to 0) and the rate before: particles born until then live on.
    var stoppedEmission: (time: CFTimeInterval, rate: Double)?
    /// Says each problem once per layer (too many particles).
    let diagnostics: DiagnosticLatch

    init(layer: CAEmitterLayer, cells: [EmitterCellState], time: CFTimeInterval, stoppedEmission: (time: CFTimeInterval, rate: Double)?) {
        birthRate = Double(layer.birthRate)
        lifetime = Double(layer.lifetime)
        velocity = Double(layer.velocity)
        scale = Double(layer.scale)
        spin = Double(layer.spin)
        position = layer.emitterPosition
        zPosition = Double(layer.emitterZPosition)
        size = layer.emitterSize
        depth = Double(layer.emitterDepth)
        shape = layer.emitterShape
        mode = layer.emitterMode
        renderMode = layer.renderMode
        seed = layer.seed
        self.cells = cells
        self.time = time
        self.stoppedEmission = stoppedEmission
        diagnostics = layer.diagnostics
    }

    /// Whether particles can be emitted or alive at some time: the layer then counts as
    /// animated (presented, placed every frame).
    var isRunning: Bool { runsUntil != nil }

    /// Until when (the layer's time) particles can be on screen: `.infinity` while emitting,
    /// the stop plus the longest any particle lives once `birthRate` went to 0, nil when no
    /// enabled cell has a positive rate.
    var runsUntil: CFTimeInterval? {
        let rate = stoppedEmission?.rate ?? birthRate
        guard rate > 0, cells.contains(where: { $0.isEnabled && $0.birthRate > 0 }) else { return nil }
        guard let stop = stoppedEmission else { return .infinity }
        let reach = cells.filter(\.isEnabled).map { $0.reach(max(lifetime, 0)) }.max() ?? 0
        return stop.time + reach
    }

    // MARK: Animations on the render side (`SnapshotTarget`)

    static let keys: Set<String> = ["birthRate", "lifetime", "velocity", "scale", "spin", "emitterPosition", "emitterZPosition",
                                    "emitterSize", "emitterDepth"]

    func value(forKey key: String) -> Any? {
        switch key {
        case "birthRate": return NSNumber(value: birthRate)
        case "lifetime": return NSNumber(value: lifetime)
        case "velocity": return NSNumber(value: velocity)
        case "scale": return NSNumber(value: scale)
        case "spin": return NSNumber(value: spin)
        case "emitterPosition": return position
        case "emitterZPosition": return NSNumber(value: zPosition)
        case "emitterSize": return size
        case "emitterDepth": return NSNumber(value: depth)
        default: return nil
        }
    }

    /// A cell's number by `emitterCells.NAME.key` (nested: `…NAME.emitterCells.CHILD.key`).
    func cellValue(atPath keyPath: String) -> Any? {
        let parts = keyPath.split(separator: ".").map(String.init)
        var cells = cells
        var i = 1
        while i + 1 < parts.count, let cell = cells.first(where: { $0.name == parts[i] }) {
            if i + 2 == parts.count { return cell.value(forKey: parts[i + 1]) }
            guard parts[i + 1] == "emitterCells" else { return nil }
            cells = cell.cells
            i += 2
        }
        return nil
    }

    /// Writes a cell's number by `emitterCells.NAME.key` (an animation of it, at frame time).
    mutating func setCellValue(_ value: Any?, atPath keyPath: String) {
        let parts = keyPath.split(separator: ".").map(String.init)
        func set(_ cells: inout [EmitterCellState], from i: Int) {
            guard i + 1 < parts.count, let index = cells.firstIndex(where: { $0.name == parts[i] }) else { return }
            if i + 2 == parts.count { cells[index].setValue(value, forKey: parts[i + 1]); return }
            if parts[i + 1] == "emitterCells" { set(&cells[index].cells, from: i + 2) }
        }
        set(&cells, from: 1)
    }

    mutating func setValue(_ value: Any?, forKey key: String) {
        let number = Boxing.number(value).flatMap { $0.isFinite ? $0 : nil }
        switch key {
        case "birthRate": if let number { birthRate = number }
        case "lifetime": if let number { lifetime = number }
        case "velocity": if let number { velocity = number }
        case "scale": if let number { scale = number }
        case "spin": if let number { spin = number }
        case "emitterPosition": if let v = value as? CGPoint, v.isFinite { position = v }
        case "emitterZPosition": if let number { zPosition = number }
        case "emitterSize": if let v = value as? CGSize, v.isFinite { size = v }
        case "emitterDepth": if let number { depth = number }
        default: break
        }
    }
}

/// One `CAEmitterCell` as values, with its image as a sprite the kernel samples.
struct EmitterCellState: @unchecked Sendable {
    var name: String?
    var isEnabled: Bool
    var birthRate: Double
    var lifetime: Double, lifetimeRange: Double
    var latitude: Double, longitude: Double, emissionRange: Double
    var velocity: Double, velocityRange: Double
    var acceleration: SIMD3<Double>
    var scale: Double, scaleRange: Double, scaleSpeed: Double
    var spin: Double, spinRange: Double
    /// (r, g, b, a), their ranges and their speeds per second.
    var color: SIMD4<Double>, colorRange: SIMD4<Double>, colorSpeed: SIMD4<Double>
    /// The emission window in the layer's time: from `beginTime`, for `duration` (0: forever).
    var beginTime: Double, duration: Double
    var sprite: EmitterSprite?
    var cells: [EmitterCellState]

    /// Cells nested deeper than this are not emitted (a cell that holds itself would never end).
    static let deepestNesting = 8

    init(_ cell: CAEmitterCell) { self.init(cell, depth: 0) }

    private init(_ cell: CAEmitterCell, depth: Int) {
        name = cell.name
        isEnabled = cell.isEnabled
        birthRate = Double(cell.birthRate)
        lifetime = Double(cell.lifetime)
        lifetimeRange = Double(cell.lifetimeRange)
        latitude = Double(cell.emissionLatitude)
        longitude = Double(cell.emissionLongitude)
        emissionRange = Double(cell.emissionRange)
        velocity = Double(cell.velocity)
        velocityRange = Double(cell.velocityRange)
        acceleration = SIMD3(Double(cell.xAcceleration), Double(cell.yAcceleration), Double(cell.zAcceleration))
        scale = Double(cell.scale)
        scaleRange = Double(cell.scaleRange)
        scaleSpeed = Double(cell.scaleSpeed)
        spin = Double(cell.spin)
        spinRange = Double(cell.spinRange)
        color = ReplicatorState.rgba(cell.color)
        colorRange = SIMD4(Double(cell.redRange), Double(cell.greenRange), Double(cell.blueRange), Double(cell.alphaRange))
        colorSpeed = SIMD4(Double(cell.redSpeed), Double(cell.greenSpeed), Double(cell.blueSpeed), Double(cell.alphaSpeed))
        beginTime = cell.beginTime.isFinite ? cell.beginTime : 0
        duration = cell.duration.isFinite && cell.duration > 0 ? cell.duration / max(Double(abs(cell.speed)), 1e-9) : 0
        sprite = (cell.contents as? CGImage).flatMap { EmitterSprite($0, contentsRect: cell.contentsRect, scale: cell.contentsScale) }
        if depth >= Self.deepestNesting, !(cell.emitterCells ?? []).isEmpty {
            CGDiagnostics.log("CAEmitterCell.emitterCells", "cells nested more than \(Self.deepestNesting) deep (a cell holding itself?); the deeper ones are not emitted.")
            cells = []
        } else {
            cells = (cell.emitterCells ?? []).map { EmitterCellState($0, depth: depth + 1) }
        }
    }

    /// The numbers animations of `emitterCells.NAME.key` reach on the render side.
    private nonisolated(unsafe) static let numbers: [String: WritableKeyPath<EmitterCellState, Double>] = [
        "birthRate": \.birthRate, "lifetime": \.lifetime, "lifetimeRange": \.lifetimeRange,
        "emissionLatitude": \.latitude, "emissionLongitude": \.longitude, "emissionRange": \.emissionRange,
        "velocity": \.velocity, "velocityRange": \.velocityRange, "scale": \.scale, "scaleRange": \.scaleRange,
        "scaleSpeed": \.scaleSpeed, "spin": \.spin, "spinRange": \.spinRange,
        "xAcceleration": \.acceleration.x, "yAcceleration": \.acceleration.y, "zAcceleration": \.acceleration.z,
        "redRange": \.colorRange.x, "greenRange": \.colorRange.y, "blueRange": \.colorRange.z, "alphaRange": \.colorRange.w,
        "redSpeed": \.colorSpeed.x, "greenSpeed": \.colorSpeed.y, "blueSpeed": \.colorSpeed.z, "alphaSpeed": \.colorSpeed.w,
    ]

    func value(forKey key: String) -> Any? {
        if key == "color" { return CGColor(red: color.x, green: color.y, blue: color.z, alpha: color.w) }
        if key == "enabled" { return NSNumber(value: isEnabled) }
        return Self.numbers[key].map { NSNumber(value: self[keyPath: $0]) }
    }

    mutating func setValue(_ value: Any?, forKey key: String) {
        if key == "color" { color = ReplicatorState.rgba(value as? CGColor); return }
        if key == "enabled" { if let n = Boxing.number(value) { isEnabled = n != 0 }; return }
        guard let path = Self.numbers[key], let n = Boxing.number(value), n.isFinite else { return }
        self[keyPath: path] = n
    }

    /// The longest a particle of this cell lives (with the layer's lifetime factor).
    func longestLife(_ factor: Double) -> Double { max(0, (lifetime + abs(lifetimeRange) / 2) * factor) }

    /// How long after its birth a particle of this cell, or one its particles emit (at any
    /// depth), can still be seen.
    func reach(_ factor: Double) -> Double {
        // A loop, not filter and map: this runs for every particle that emits cells.
        var longest = 0.0
        for child in cells where child.isEnabled { longest = max(longest, child.reach(factor)) }
        return longestLife(factor) + longest
    }
}

/// A cell's image as premultiplied BGRA texels with the transparent ring the kernels need, the
/// disc outside which it is transparent (`lamina_sprite`: rows of a turned sprite are cut to it),
/// and its size in points.
final class EmitterSprite: @unchecked Sendable {
    let bitmap: CGContext
    /// The kernel's view of the texels, at a stable address (the kernel is handed pointers to it
    /// for a whole frame), written once here and only read after.
    let kernelSprite: UnsafeMutablePointer<lamina_sprite>
    /// The texels with their ring.
    var texels: lamina_texture { kernelSprite.pointee.texture }
    /// The image part shown, in points (pixels over `contentsScale`).
    let size: CGSize
    /// Texels of the image itself (without the ring).
    let pixelWidth: Int, pixelHeight: Int

    init?(_ image: CGImage, contentsRect: CGRect, scale: CGFloat) {
        let unit = contentsRect.standardized.intersection(CGRect(x: 0, y: 0, width: 1, height: 1))
        guard !unit.isNull, unit.width > 0, unit.height > 0 else { return nil }
        let crop = CGRect(x: unit.minX * CGFloat(image.width), y: unit.minY * CGFloat(image.height),
                          width: unit.width * CGFloat(image.width), height: unit.height * CGFloat(image.height)).integral
        guard let part = unit == CGRect(x: 0, y: 0, width: 1, height: 1) ? image : image.cropping(to: crop) else { return nil }
        let w = part.width, h = part.height
        // Sprites larger than this are sampled down: a particle is seldom large, and 10,000 of
        // them each sampling a huge image would not keep a frame rate.
        guard w > 0, h > 0, w <= LayerTexture.maxSide, h <= LayerTexture.maxSide,
              let bitmap = CGContext(data: nil, width: w + 2, height: h + 2, bitsPerComponent: 8, bytesPerRow: 0,
                                     space: CGColorSpaceCreateDeviceRGB(),
                                     bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue),
              let data = bitmap.data
        else { return nil }
        bitmap.draw(part, in: CGRect(x: 1, y: 1, width: w, height: h))
        bitmap.flush()
        var texels = lamina_texture()
        texels.texels = UnsafePointer(data.assumingMemoryBound(to: UInt32.self))
        texels.stride_pixels = Int32(bitmap.bytesPerRow / 4)
        (texels.width, texels.height) = (Int32(w + 2), Int32(h + 2))
        self.bitmap = bitmap
        kernelSprite = .allocate(capacity: 1)
        kernelSprite.initialize(to: lamina_sprite())
        kernelSprite.pointee.texture = texels
        lamina_sprite_find_reach(kernelSprite)
        pixelWidth = w
        pixelHeight = h
        let s = scale > 0 && scale.isFinite ? scale : 1
        size = CGSize(width: CGFloat(w) / s, height: CGFloat(h) / s)
    }

    deinit { kernelSprite.deallocate() }
}
