import Dispatch
import Glibc
import Synchronization

/// Groups layer changes into atomic updates and sets how their implicit animations run.
///
/// Transactions nest (inner ones inherit the outer ones' settings). Changes made outside an
/// explicit transaction go into an implicit one, committed at the end of the current turn of
/// the main dispatch queue (or by `flush()`). A commit runs the layout and display passes of the
/// layers it touched and marks them as shown: later changes to them animate implicitly, while a
/// layer created in the current transaction does not.
open class CATransaction: NSObject {
    /// The settings and bookkeeping of one (possibly nested) transaction.
    final class Frame {
        var values: [String: Any] = [:]
        var touched: [ObjectIdentifier: CALayer] = [:]
        var added: [(layer: CALayer, animation: CAAnimation)] = []
        /// Every completion block set in this transaction: Apple runs each of them, and setting
        /// nil afterwards does not drop one already set.
        var completions: [() -> Void] = []
        let isImplicit: Bool
        /// This transaction's number, unique in the process (never 0), which a layer it touched
        /// keeps (`CALayer.touchedInTransaction`).
        let serial = Frame.serials.wrappingAdd(1, ordering: .relaxed).newValue
        init(isImplicit: Bool) { self.isImplicit = isImplicit }
        private static let serials = Atomic<UInt64>(0)
    }

    /// The stack of open transactions of the current thread.
    final class Stack { var frames: [Frame] = [] }

    /// Kept in a thread-specific slot: `Thread.current.threadDictionary` (an NSDictionary looked
    /// up by a bridged string) took about 3 % of a frame that gives 100 labels new strings,
    /// where every property change asks for the stack twice.
    static var stack: Stack {
        if let slot = pthread_getspecific(stackKey) { return Unmanaged<Stack>.fromOpaque(slot).takeUnretainedValue() }
        let stack = Stack()
        pthread_setspecific(stackKey, Unmanaged.passRetained(stack).toOpaque())
        return stack
    }

    /// The slot's key; a thread's stack is released when the thread ends.
    private static let stackKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { slot in
            if let slot { Unmanaged<Stack>.fromOpaque(slot).release() }
        }
        return key
    }()

    private static let transactionLock = NSRecursiveLock()

    /// Opens a transaction.
    open class func begin() {
        stack.frames.append(Frame(isImplicit: false))
    }

    /// Closes the innermost transaction; the outermost commit applies its changes.
    open class func commit() {
        guard let frame = stack.frames.popLast() else {
            CGDiagnostics.log("CATransaction.commit", "no transaction to commit.")
            return
        }
        finish(frame)
    }

    /// Commits the implicit transaction now, if there is one (and nothing explicit is open).
    open class func flush() {
        if let last = stack.frames.last, last.isImplicit, stack.frames.count == 1 {
            finish(stack.frames.removeLast())
        }
        CompletionScheduler.shared.runDue(at: CACurrentMediaTime())
    }

    /// For changing layers from several threads: a recursive lock around the changes. Lamina
    /// takes it itself around every change of a tree's shape (adding, moving and removing
    /// sublayers and masks) and around a commit's layout and display passes, so that threads
    /// that change one tree's hierarchy at once, and the main thread committing it, see it whole.
    open class func lock() { transactionLock.lock() }
    /// Releases the lock `lock()` took.
    open class func unlock() { transactionLock.unlock() }

    /// Runs `body` holding the transaction lock.
    static func withTreeLock<T>(_ body: () throws -> T) rethrows -> T {
        transactionLock.lock()
        defer { transactionLock.unlock() }
        return try body()
    }

    // MARK: Settings

    /// The duration of implicit animations. Defaults to 0.25 s.
    open class func animationDuration() -> CFTimeInterval {
        (value(forKey: kCATransactionAnimationDuration).flatMap(Boxing.number)) ?? 0.25
    }

    /// Sets the duration of implicit animations; a duration that is negative or not finite is
    /// refused with a message.
    open class func setAnimationDuration(_ dur: CFTimeInterval) {
        guard dur.isFinite, dur >= 0 else {
            CGDiagnostics.log("CATransaction.setAnimationDuration", "\(dur) is not a duration; unchanged.")
            return
        }
        setValue(dur, forKey: kCATransactionAnimationDuration)
    }

    /// The timing function of implicit animations. Defaults to nil (the action's own, else linear).
    open class func animationTimingFunction() -> CAMediaTimingFunction? {
        value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }

    /// Sets the timing function of the implicit animations this transaction makes (`animationTimingFunction()`).
    open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// Whether property changes run no actions. Defaults to false.
    open class func disableActions() -> Bool {
        guard let value = value(forKey: kCATransactionDisableActions) else { return false }
        // Usually the Bool `setDisableActions` stored, read without the general conversion
        // (asked at every property change).
        if let flag = value as? Bool { return flag }
        return Boxing.number(value).map { $0 != 0 } ?? false
    }

    /// Whether changes in this transaction run no actions (no implicit animations): `disableActions()`.
    open class func setDisableActions(_ flag: Bool) { setValue(flag, forKey: kCATransactionDisableActions) }

    /// The completion block set last in this transaction (nil after `setCompletionBlock(nil)`).
    /// Defaults to nil.
    open class func completionBlock() -> (() -> Void)? {
        (value(forKey: kCATransactionCompletionBlock) as? CompletionBox)?.block
    }

    /// Adds a block that runs once, on the main queue, after every animation added in this
    /// transaction has finished (or was removed), on screen or not. As on Apple's, each block set
    /// in a transaction runs — a second one does not replace the first — and nil clears only
    /// what `completionBlock()` reads.
    open class func setCompletionBlock(_ block: (() -> Void)?) {
        setValue(block.map(CompletionBox.init), forKey: kCATransactionCompletionBlock)
    }

    /// A setting of the innermost transaction that has it (inner ones inherit).
    open class func value(forKey key: String) -> Any? {
        for frame in stack.frames.reversed() { if let value = frame.values[key] { return value } }
        return nil
    }

    /// Sets a value of the current transaction (`kCATransaction…` keys, or any of the caller's own).
    open class func setValue(_ anObject: Any?, forKey key: String) {
        let frame = current
        if key == kCATransactionCompletionBlock, let box = anObject as? CompletionBox { frame.completions.append(box.block) }
        frame.values[key] = anObject
    }

    // MARK: Bookkeeping

    /// The innermost transaction, opening an implicit one (committed at the end of this turn of
    /// the main queue) when there is none.
    static var current: Frame {
        if let frame = stack.frames.last { return frame }
        let frame = Frame(isImplicit: true)
        stack.frames.append(frame)
        if Thread.isMainThread {
            DispatchQueue.main.async { flush() }
        }
        return frame
    }

    /// A property of `layer` changed: record it, and run its action when the layer was shown in
    /// an earlier transaction and actions are enabled.
    static func layer(_ layer: CALayer, didChange key: String, from oldValue: Any?) {
        let frame = current
        // Once per layer and transaction: a new layer's properties are set one after another,
        // and hashing it into the table for each cost more than the setters' own work.
        if layer.touchedInTransaction != frame.serial {
            frame.touched[ObjectIdentifier(layer)] = layer
            layer.touchedInTransaction = frame.serial
        }
        guard layer.hasBeenCommitted, layer.modelLayer == nil else { return }
        layer.rememberCommittedValue(oldValue, forKey: key)
        guard !disableActions() else { return }
        run(layer.action(forKey: key), forKey: key, on: layer, previous: oldValue)
    }

    /// Runs an event's action on `layer`; implicit basic animations start from the value on screen.
    static func run(_ action: CAAction?, forKey key: String, on layer: CALayer, previous oldValue: Any?) {
        guard let action else { return }
        if let basic = action as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil {
            let onScreen = layer.attachedAnimations.contains { ($0.animation as? CAPropertyAnimation)?.keyPath == key }
                ? layer.presentedValue(forKey: key, atMediaTime: CACurrentMediaTime(), modelValue: Boxing.box(oldValue)) : nil
            basic.fromValue = onScreen ?? Boxing.box(oldValue)
        }
        if let animation = action as? CAAnimation {
            if animation.duration == 0 { animation.duration = animationDuration() }
            if animation.timingFunction == nil { animation.timingFunction = animationTimingFunction() }
        }
        action.run(forKey: key, object: layer, arguments: nil)
    }

    /// An animation was added to a layer inside the current transaction.
    static func layer(_ layer: CALayer, didAdd animation: CAAnimation) {
        current.added.append((layer, animation))
    }

    /// How many outermost transactions have committed (hosts redraw when it moves).
    nonisolated(unsafe) package private(set) static var commitCount = 0
    /// Told after each outermost commit that changed something (a host schedules a frame).
    nonisolated(unsafe) package static var commitObserver: (() -> Void)?

    /// Whether a layer above `layer` (through superlayers) is in `touched`.
    private static func hasTouchedSuperlayer(_ layer: CALayer, in touched: [ObjectIdentifier: CALayer]) -> Bool {
        var current = layer.superlayerStorage
        while let c = current {
            if touched[ObjectIdentifier(c)] != nil { return true }
            current = c.superlayerStorage
        }
        return false
    }

    private static func finish(_ frame: Frame) {
        if let outer = stack.frames.last {
            // Nested: the outer transaction takes over what happened, for its own completion too.
            outer.touched.merge(frame.touched) { a, _ in a }
            outer.added += frame.added
        } else {
            // Layout and display run inside the committing transaction, as Core Animation's
            // commit does: what they change (the contents `display()` draws, the frames
            // `layoutSublayers()` sets) takes its settings — `setDisableActions(true)` around a
            // text layer's new string means no cross-fade of its contents — and belongs to it.
            // Layout and display go down through sublayers: a layer under a touched superlayer
            // is prepared with it (each on its own made a chain of n layers cost n²/2 visits).
            stack.frames.append(frame)
            withTreeLock {
                for layer in frame.touched.values where !hasTouchedSuperlayer(layer, in: frame.touched) { layer.prepareForRendering() }
                for layer in frame.touched.values { layer.markCommitted() }
            }
            stack.frames.removeLast()
            if !frame.touched.isEmpty || !frame.added.isEmpty {
                commitCount += 1
                commitObserver?()
            }
        }
        for completion in frame.completions {
            CompletionScheduler.shared.schedule(completion, after: frame.added)
        }
    }
}

/// The keys of `CATransaction.value(forKey:)`.
public let kCATransactionAnimationDuration = "animationDuration"
/// The transaction key of `disableActions()` (a Boolean).
public let kCATransactionDisableActions = "disableActions"
/// The transaction key of `animationTimingFunction()` (a `CAMediaTimingFunction`).
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// The transaction key of `completionBlock()` (a closure run once its animations are done).
public let kCATransactionCompletionBlock = "completionBlock"

final class CompletionBox {
    let block: () -> Void
    init(_ block: @escaping () -> Void) { self.block = block }
}

extension CALayer {
    /// Marks this subtree as shown by a committed transaction.
    func markCommitted() {
        hasBeenCommitted = true
        committedValues = nil
        for sublayer in sublayerStorage { sublayer.markCommitted() }
        maskStorage?.markCommitted()
    }
}

extension CALayer {
    /// Keeps the value `key` had at the last commit, the first time it changes after it: until
    /// the next commit the presentation layer shows it (as Apple's, whose presentation is what
    /// the render server was last sent), so that `action(forKey:)` reading `presentation()`
    /// starts its animation from what is on screen.
    func rememberCommittedValue(_ value: Any?, forKey key: String) {
        // Kept as it came (every property change of a shown layer passes here: boxing it cost a
        // relayout of 10,000 views 42 % of its time); converted for key-value coding only when a
        // presentation copy takes it (`committedValueForKeyValueCoding`).
        if committedValues == nil {
            committedValues = [key: value]
        } else if committedValues!.index(forKey: key) == nil {
            committedValues![key] = .some(value)
        }
    }

    /// A kept committed value as key-value coding takes it back: names
    /// (`CAEmitterLayerEmitterShape`…) as their raw strings, numbers boxed.
    static func committedValueForKeyValueCoding(_ value: Any?) -> Any? {
        let boxed = Boxing.box(value)
        return (boxed as? any RawRepresentable).map { $0.rawValue } ?? boxed
    }
}
