// lamina-showcase [DIRECTORY]: renders the Core Graphics showcase to PNG files and one PDF.
import CoreGraphicsShowcase
import ImageIO

let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("-h") || arguments.contains("--help") {
    print("usage: lamina-showcase [DIRECTORY]   (default: out/showcase)")
    exit(0)
}
let directory = URL(fileURLWithPath: arguments.first ?? "out/showcase", isDirectory: true)
do {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
} catch {
    FileHandle.standardError.write(Data("lamina-showcase: cannot create \(directory.path): \(error.localizedDescription)\n".utf8))
    exit(1)
}

var failures = 0
for scene in Showcase.scenes {
    let url = directory.appendingPathComponent("\(scene.name).png")
    let image = Showcase.render(scene)
    guard let destination = CGImageDestinationCreateWithURL(url as CFURL, "public.png" as CFString, 1, nil) else {
        failures += 1
        continue
    }
    CGImageDestinationAddImage(destination, image, nil)
    if CGImageDestinationFinalize(destination) { print(url.path) } else { failures += 1 }
}
let pdfURL = directory.appendingPathComponent("showcase.pdf")
if let consumer = CGDataConsumer(url: pdfURL as CFURL), Showcase.renderPDF(to: consumer) {
    print(pdfURL.path)
} else {
    failures += 1
}
print("Showcase written to \(directory.path) (\(Showcase.scenes.count) PNG files, 1 PDF)")
exit(failures == 0 ? 0 : 1)
