import Foundation
import LaminaFuzzing

// Built by scripts/fuzz with `-sanitize=fuzzer -DLAMINA_FUZZING`: `main` hands over to libFuzzer's
// driver, which calls `LLVMFuzzerTestOneInput` with each input; `LAMINA_FUZZ_TARGET` names the
// scenario. (SwiftPM links an executable's own `main`, so libFuzzer's cannot be used.) Built
// plainly (as `swift build` does), it replays files instead: `lamina-fuzz <target> <file or folder>…`.

private let scenario: Scenario = {
    let name = ProcessInfo.processInfo.environment["LAMINA_FUZZ_TARGET"] ?? ""
    guard let scenario = Scenario(rawValue: name) else {
        fatalError("LAMINA_FUZZ_TARGET must be one of \(Scenario.allCases.map(\.rawValue))")
    }
    return scenario
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    scenario.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}

#if LAMINA_FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                                 _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                                 _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

@main
struct Fuzz {
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
    }
}
#else
@main
struct Replay {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let scenario = Scenario(rawValue: name) else {
            print("usage: lamina-fuzz <\(Scenario.allCases.map(\.rawValue).joined(separator: "|"))> <file or folder>…")
            exit(2)
        }
        var count = 0
        for path in arguments.dropFirst() {
            let url = URL(fileURLWithPath: path)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: path)).map { $0.sorted().map { url.appendingPathComponent($0) } } ?? [url]
            for file in files {
                guard let data = try? Data(contentsOf: file) else { continue }
                scenario.run(data)
                count += 1
            }
        }
        print("\(name): \(count) inputs replayed")
    }
}
#endif
