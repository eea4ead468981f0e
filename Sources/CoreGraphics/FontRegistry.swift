import CCairo
import Synchronization

/// Fonts an app adds while it runs (Core Text's font manager): font files given to fontconfig's
/// application font set, so that every name lookup (`FontResolver`) and every Pango layout
/// finds them like installed fonts. Fonts are a process-wide resource — fontconfig's
/// configuration is one — so the registry is too; what is kept here is the list of files and a
/// generation that moves with each change.
package enum FontRegistry {
    /// Why a file could not be registered or unregistered.
    package enum Problem: Error, Equatable {
        case fileNotFound, unrecognizedFormat, alreadyRegistered, notRegistered
    }

    /// Adds the fonts of the file at `path` (every face in it).
    package static func register(file path: String) -> Problem? {
        state.withLock { state -> Problem? in
            guard !state.files.contains(path) else { return .alreadyRegistered }
            guard FileManager.default.isReadableFile(atPath: path) else { return .fileNotFound }
            var faces: Int32 = 0
            guard let query = FcFreeTypeQuery(path, 0, nil, &faces) else { return .unrecognizedFormat }
            FcPatternDestroy(query)
            guard FcConfigAppFontAddFile(nil, path) != 0 else { return .unrecognizedFormat }
            state.files.insert(path)
            changed(&state)
            return nil
        }
    }

    /// Removes the fonts of a file `register(file:)` added. fontconfig cannot take one file out
    /// of its application fonts, so the set is cleared and the other files added again.
    package static func unregister(file path: String) -> Problem? {
        state.withLock { state -> Problem? in
            guard state.files.remove(path) != nil else { return .notRegistered }
            FcConfigAppFontClear(nil)
            for file in state.files { FcConfigAppFontAddFile(nil, file) }
            changed(&state)
            return nil
        }
    }

    /// How many times the registered fonts have changed: a Pango font map made before the last
    /// change is told to read fontconfig again (`PangoEngine.makeContext`).
    package static var generation: UInt64 { state.withLock { $0.generation } }

    private struct State {
        var files: Set<String> = []
        var generation: UInt64 = 0
    }

    private static func changed(_ state: inout State) {
        state.generation += 1
        FontResolver.forgetResolutions()
    }

    private static let state = Mutex(State())
}
