import CX11
import QuartzCore

/// A scroll valuator of an input device (XInput 2.1): which valuator, which way it scrolls, and
/// how much of it one wheel click is (a negative increment scrolls the other way).
struct ScrollAxis: Equatable {
    var valuator: Int32
    var isHorizontal: Bool
    var increment: Double
}

/// XInput 2's smooth scrolling as scroll deltas in points. A device with scroll valuators
/// reports where each one stands (a position that accumulates); a scroll is the change since
/// the device's last event over the valuator's increment (one wheel click's worth), at 10 points
/// a click, as a wheel step. For clients of the old protocol the server emulates each scroll in
/// the other form — wheel buttons 4–7 from valuator motion, valuator motion from a wheel button
/// of a device with scroll valuators — and flags the copy `XIPointerEmulated`: a copy is noted
/// (the position moves on) but never delivered, so that each scroll reaches the view once.
///
/// Events come from the master pointer, naming the device that moved as `sourceid`: positions
/// and valuators are kept per source device. Its valuators are learned from `XIQueryDevice` or a
/// DeviceChanged event (`learn`), with where they stand, so that the first scroll after the
/// pointer comes in counts from the right place.
struct SmoothScrolling {
    /// Points scrolled per increment of a scroll valuator: a wheel step's.
    static let pointsPerIncrement: CGFloat = 10

    /// Each source device's scroll valuators, by device id.
    private(set) var axes: [Int32: [ScrollAxis]] = [:]
    /// Where each scroll valuator stood at its device's last event.
    private var positions: [Valuator: Double] = [:]
    private struct Valuator: Hashable { var device: Int32, number: Int32 }

    /// Whether `device`'s valuators are known (learned, even as none).
    func knows(_ device: Int32) -> Bool { axes[device] != nil }

    /// Learns `device`'s scroll valuators and where they stand from its classes (as
    /// `XIQueryDevice` and DeviceChanged events list them).
    mutating func learn(device: Int32, classes: UnsafeMutablePointer<UnsafeMutablePointer<XIAnyClassInfo>?>?, count: Int32) {
        var found: [ScrollAxis] = [], values: [Int32: Double] = [:]
        for i in 0..<Int(max(count, 0)) {
            guard let info = classes?[i] else { continue }
            switch info.pointee.type {
            case XIScrollClass:
                let scroll = UnsafeRawPointer(info).assumingMemoryBound(to: XIScrollClassInfo.self).pointee
                // An increment of 0 would divide by zero: such a valuator is not a scroll one.
                guard scroll.increment != 0, scroll.increment.isFinite else { continue }
                found.append(ScrollAxis(valuator: Int32(scroll.number), isHorizontal: scroll.scroll_type == XIScrollTypeHorizontal,
                                        increment: scroll.increment))
            case XIValuatorClass:
                let valuator = UnsafeRawPointer(info).assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
                values[Int32(valuator.number)] = valuator.value
            default:
                break
            }
        }
        learn(device: device, axes: found, positions: values)
    }

    /// Learns `device`'s scroll valuators and, where given, where they stand now.
    mutating func learn(device: Int32, axes found: [ScrollAxis], positions values: [Int32: Double]) {
        axes[device] = found
        for axis in found {
            let key = Valuator(device: device, number: axis.valuator)
            if let value = values[axis.valuator] { positions[key] = value } else { positions[key] = nil }
        }
    }

    /// The scroll an XI_Motion event carries, in points (x right, y down positive): nil when it
    /// moves no scroll valuator, when it is the server's emulation of a wheel click (that click
    /// arrives as a button press), or when a valuator's last position is unknown (it is noted).
    mutating func scroll(in event: XIDeviceEvent) -> CGVector? {
        guard let deviceAxes = axes[Int32(event.sourceid)], !deviceAxes.isEmpty else { return nil }
        let values = Self.valuators(event.valuators)
        var dx: CGFloat = 0, dy: CGFloat = 0, moved = false
        for axis in deviceAxes {
            guard let value = values[axis.valuator] else { continue }
            let key = Valuator(device: Int32(event.sourceid), number: axis.valuator)
            defer { positions[key] = value }
            guard let last = positions[key], value.isFinite, last.isFinite else { continue }
            let points = CGFloat((value - last) / axis.increment) * Self.pointsPerIncrement
            guard points != 0 else { continue }
            if axis.isHorizontal { dx += points } else { dy += points }
            moved = true
        }
        guard moved, event.flags & XIPointerEmulated == 0 else { return nil }
        return CGVector(dx: dx, dy: dy)
    }

    /// The valuators an event carries, by number (its mask says which; values come in order).
    static func valuators(_ state: XIValuatorState) -> [Int32: Double] {
        guard let mask = state.mask, let values = state.values else { return [:] }
        var result: [Int32: Double] = [:], next = 0
        for byte in 0..<Int(max(state.mask_len, 0)) where mask[byte] != 0 {
            for bit in 0..<8 where mask[byte] & (1 << bit) != 0 {
                result[Int32(byte * 8 + bit)] = values[next]
                next += 1
            }
        }
        return result
    }
}
