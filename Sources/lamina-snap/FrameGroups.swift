import GalleryDemos
import LaminaHost

/// The frames of a run grouped by demo (a demo's frames are consecutive): frame numbers, and
/// the rendering of one group.
@MainActor
struct FrameGroups {
    let frames: [(Demo, Double)]
    /// The frame numbers of each demo, in order.
    let numbers: [[Int]]

    init(_ frames: [(Demo, Double)]) {
        self.frames = frames
        var numbers: [[Int]] = []
        for (number, frame) in frames.enumerated() {
            if number > 0, frames[number - 1].0.name == frame.0.name {
                numbers[numbers.count - 1].append(number)
            } else {
                numbers.append([number])
            }
        }
        self.numbers = numbers
    }

    /// Renders group `group`'s frames and hands each to `body` with its number, the demo's name,
    /// its time and the seconds it took to render.
    func render(_ group: Int, options: Options, _ body: (Int, String, Double, CGImage, Double) throws -> Void) throws {
        let numbers = self.numbers[group], demo = frames[numbers[0]].0
        var started = Date(), k = 0
        try DemoFrames(demo: demo, scale: options.scale, window: options.window).render(at: numbers.map { frames[$0].1 }) { t, image in
            try body(numbers[k], demo.name, t, image, Date().timeIntervalSince(started))
            k += 1
            started = Date()
        }
    }
}
