// lamina-gallery — the sample apps.
//   lamina-gallery [--list]         lists the demos, each with what it shows
//   lamina-gallery NAME             opens one (arrow keys switch, t prints the layer tree, q quits)
//   lamina-gallery --screenshots DIR [--at SECONDS]
//                                   shows every demo in a window and saves what it shows
//   lamina-gallery --write-resources DIR
//                                   draws the images the gallery ships (Resources/)
import GalleryDemos
import LaminaHost
import ImageIO

@MainActor
func open(_ index: Int, in window: Window) {
    let demo = demos[(index + demos.count) % demos.count]
    let view = demo.make()
    (view as? DemoView)?.onSwitch = { step in open(index + step, in: window) }
    window.title = "Lamina — \(demo.name)"
    window.contentView = view
}

/// Writes an error to standard error (standard output carries the results: the paths written,
/// the list of demos), so that a script reading them is not handed messages.
func printError(_ message: String) {
    FileHandle.standardError.write(Data("lamina-gallery: \(message)\n".utf8))
}

@MainActor
func screenshots(into directory: String, at seconds: Double) -> Int32 {
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    var failures: Int32 = 0
    for demo in demos {
        guard let window = try? Window(checkedTitle: "Lamina — \(demo.name)", size: CGSize(width: 640, height: 480)) else {
            printError("cannot open the X display (DISPLAY=\(ProcessInfo.processInfo.environment["DISPLAY"] ?? "unset"))")
            return 1
        }
        window.contentView = demo.make()
        window.show()
        // `seconds` on, and a frame shown, however long the first frames take.
        let until = Date().addingTimeInterval(seconds)
        guard Application.shared.runUntil(timeout: seconds + 30, { Date() >= until && window.shownMediaTime.isFinite }) else {
            printError("\(demo.name) showed no frame within \(Int(seconds + 30)) s")
            failures += 1
            window.close()
            continue
        }
        let path = "\(directory)/\(demo.name).png"
        if let image = window.capture(),
           let destination = CGImageDestinationCreateWithURL(URL(fileURLWithPath: path) as CFURL, "public.png" as CFString, 1, nil) {
            CGImageDestinationAddImage(destination, image, nil)
            if CGImageDestinationFinalize(destination) { print(path) } else { failures += 1 }
        } else {
            failures += 1
        }
        window.close()
    }
    return failures
}

MainActor.assumeIsolated {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "--write-resources", arguments.count == 2, let chevrons = Chevrons.draw(),
       let destination = CGImageDestinationCreateWithURL(URL(fileURLWithPath: arguments[1] + "/chevrons.png") as CFURL,
                                                         "public.png" as CFString, 1, nil) {
        CGImageDestinationAddImage(destination, chevrons, nil)
        exit(CGImageDestinationFinalize(destination) ? 0 : 1)
    }
    if let flag = arguments.firstIndex(of: "--screenshots") {
        let directory = flag + 1 < arguments.count ? arguments[flag + 1] : "out/gallery"
        var at = 0.8
        if let flag = arguments.firstIndex(of: "--at") {
            // Decimal seconds only (Double reads "0x10" as 16), and no more than an hour: the
            // wait is converted to whole seconds for its message.
            guard flag + 1 < arguments.count, arguments[flag + 1].allSatisfy({ "0123456789.eE+-".contains($0) }),
                  let seconds = Double(arguments[flag + 1]), (0...3600).contains(seconds) else {
                printError("--at needs a number of seconds from 0 to 3600")
                exit(2)
            }
            at = seconds
        }
        exit(screenshots(into: directory, at: at))
    }
    guard let name = arguments.first, name != "--list" else {
        if arguments.isEmpty { print("usage: lamina-gallery NAME   |   lamina-gallery --screenshots DIR [--at SECONDS]\n\ndemos:") }
        let width = demos.map(\.name.count).max() ?? 0
        for demo in demos { print("  \(demo.name.padding(toLength: width + 2, withPad: " ", startingAt: 0))\(demo.summary)") }
        exit(0)
    }
    guard let index = demos.firstIndex(where: { $0.name == name }) else {
        printError("no demo named '\(name)'; run without arguments for the list.")
        exit(2)
    }
    do {
        let window = try Window(checkedTitle: "Lamina", size: CGSize(width: 640, height: 480))
        open(index, in: window)
        window.show()
    } catch {
        printError("\(error)")
        exit(1)
    }
    Application.shared.run()
}
