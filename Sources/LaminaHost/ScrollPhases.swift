import QuartzCore

/// The phases of continuous scrolling, which X does not report (no finger touch or lift reaches a
/// client): the first delta after a pause begins a scroll, later ones change it, and a pause of
/// `ScrollEvent.endingPause` ends it with an `.ended` event of deltas 0, as AppKit sends when the
/// fingers lift. The window calls `end()` from a timer that the next delta would have cancelled.
/// No momentum is made up: X's touchpad drivers send none, so `momentumPhase` stays empty.
struct ScrollPhases {
    /// The last event of the scroll in progress (nil: none in progress).
    private(set) var last: ScrollEvent?

    /// The events to deliver for a continuous delta: `event` with its phase, after the `.ended`
    /// of a scroll in progress that had paused long enough to end (its timer not yet run).
    mutating func phased(_ event: ScrollEvent) -> [ScrollEvent] {
        var event = event, events: [ScrollEvent] = []
        if let last, event.timestamp - last.timestamp >= ScrollEvent.endingPause, let ended = end(at: event.timestamp) {
            events.append(ended)
        }
        event.phase = last == nil ? .began : .changed
        last = event
        return events + [event]
    }

    /// Ends the scroll in progress: its `.ended` event (deltas 0, where the last one was), or
    /// nil when none is in progress.
    mutating func end(at time: CFTimeInterval) -> ScrollEvent? {
        guard var ended = last else { return nil }
        last = nil
        ended.deltaX = 0
        ended.deltaY = 0
        ended.phase = .ended
        ended.timestamp = time
        return ended
    }
}
