import Foundation
import XCTest
@testable import QuartzCore

/// Docs that cannot drift from the code: every public symbol of QuartzCore has a doc comment,
/// and a layer property's doc says "Animatable" exactly when the property table (`LayerProperty`)
/// animates it, and gives the default the table's `defaultValue(forKey:)` has where it names a
/// number or a truth value. Read from the sources, so it runs with every `scripts/test`.
final class DocCommentTests: XCTestCase {
    /// QuartzCore's sources, found from this file's place in the package.
    private static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/QuartzCore")

    private static func swiftFiles() -> [(path: String, lines: [String])] {
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        var files: [(String, [String])] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift", let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            files.append((url.path.replacingOccurrences(of: sources.path + "/", with: ""), text.components(separatedBy: "\n")))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The doc comment right above line `i` (attributes between them skipped), or nil.
    private static func docComment(above i: Int, in lines: [String]) -> String? {
        var j = i - 1
        while j >= 0, lines[j].trimmingCharacters(in: .whitespaces).hasPrefix("@") { j -= 1 }
        var doc: [String] = []
        while j >= 0, case let line = lines[j].trimmingCharacters(in: .whitespaces), line.hasPrefix("///") {
            doc.insert(String(line.dropFirst(3)), at: 0)
            j -= 1
        }
        return doc.isEmpty ? nil : doc.joined(separator: " ")
    }

    private static let declarationKinds: Set<String> = ["var", "let", "func", "init", "init?", "subscript", "class", "struct",
                                                        "enum", "protocol", "typealias", "case", "actor"]
    private static let modifiers: Set<String> = ["static", "class", "final", "convenience", "mutating", "nonisolated",
                                                 "indirect", "dynamic", "lazy", "weak", "unowned"]

    /// The kind of a public or open declaration on `line` ("func", "var"…), nil for any other line.
    /// Overrides and protocol requirements (`rawValue`, `init(rawValue:)`, `init?(coder:)`,
    /// required initializers) are documented where they are declared, not here.
    private static func publicDeclaration(_ line: String) -> String? {
        var words = line.trimmingCharacters(in: .whitespaces).split(separator: " ").map(String.init)
        while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
        guard let access = words.first, access == "public" || access == "open" else { return nil }
        words.removeFirst()
        if words.contains("override") || words.contains("required") { return nil }
        while let first = words.first, modifiers.contains(first) {
            // `class var`/`class func` are members; `class Name` is a declaration of its own.
            if first == "class", words.count > 1, declarationKinds.contains(words[1]) { words.removeFirst(); continue }
            if first == "class" { break }
            words.removeFirst()
        }
        guard let word = words.first else { return nil }
        let kind = word.prefix { $0.isLetter || $0 == "?" }
        guard declarationKinds.contains(String(kind)) || kind == "init" else { return nil }
        if line.contains("let rawValue:") || line.contains("init(rawValue:") { return nil }
        if line.contains("init?(coder") { return nil }
        return String(kind)
    }

    func testEveryPublicSymbolHasADocComment() {
        var missing: [String] = []
        for (path, lines) in Self.swiftFiles() {
            for (i, line) in lines.enumerated() where Self.publicDeclaration(line) != nil {
                if Self.docComment(above: i, in: lines) == nil {
                    missing.append("\(path):\(i + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        XCTAssert(missing.isEmpty, "public symbols without a doc comment (///):\n" + missing.joined(separator: "\n"))
    }

    /// Layer classes and the files their stored properties are declared in.
    private static let layerClasses: [(CALayer.Type, [String])] = [
        (CALayer.self, ["CALayer.swift"]),
        (CAShapeLayer.self, ["CAShapeLayer.swift"]),
        (CAGradientLayer.self, ["CAGradientLayer.swift"]),
        (CATextLayer.self, ["CATextLayer.swift"]),
        (CAReplicatorLayer.self, ["CAReplicatorLayer.swift"]),
        (CAEmitterLayer.self, ["CAEmitterLayer.swift"]),
        (CATiledLayer.self, ["CATiledLayer.swift"]),
        (CAScrollLayer.self, ["CAScrollLayer.swift"]),
    ]

    /// The doc comment of the `var` named `key` in `file`, if it is declared there.
    private static func propertyDoc(_ key: String, in lines: [String]) -> (doc: String?, line: Int)? {
        for (i, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("open var \(key)") || trimmed.hasPrefix("public var \(key)")
                    || trimmed.hasPrefix("@objc open var \(key)") else { continue }
            // The name ends the word: `opacity` is not `opacityRange`.
            guard let range = trimmed.range(of: "var \(key)"),
                  case let after = trimmed[range.upperBound...], after.first.map({ !$0.isLetter && !$0.isNumber }) ?? true
            else { continue }
            return (docComment(above: i, in: lines), i + 1)
        }
        return nil
    }

    /// Whether a doc claims that a change animates implicitly (what the table's `isAnimatable`
    /// means): "Animatable", not "Not animatable" nor "Animatable, but only explicitly".
    private static func saysAnimatable(_ doc: String) -> Bool {
        doc.range(of: "Animatable") != nil && doc.range(of: "Not animatable") == nil && doc.range(of: "only explicitly") == nil
    }

    /// The default a doc names ("Defaults to 0.5."), as written.
    private static func statedDefault(_ doc: String) -> String? {
        guard let range = doc.range(of: "Defaults to ") else { return nil }
        let rest = doc[range.upperBound...]
        let value = rest.prefix { !$0.isWhitespace && $0 != "," && $0 != ";" && $0 != "(" }
        return String(value.hasSuffix(".") ? value.dropLast() : value)
    }

    func testPropertyDocsAgreeWithThePropertyTable() {
        let files = Dictionary(uniqueKeysWithValues: Self.swiftFiles().map { ($0.path, $0.lines) })
        var disagreements: [String] = []
        for (type, names) in Self.layerClasses {
            let own = type == CALayer.self ? CALayer.keyValueProperties
                : type.keyValueProperties.filter { CALayer.keyValueProperties[$0.key] == nil }
            for (key, property) in own.sorted(by: { $0.key < $1.key }) {
                // Apple's keys for Boolean properties drop the getter's "is" ("hidden": `isHidden`).
                let getter = "is" + key.prefix(1).uppercased() + key.dropFirst()
                for name in names {
                    guard let lines = files[name],
                          let (doc, line) = Self.propertyDoc(key, in: lines) ?? Self.propertyDoc(getter, in: lines) else { continue }
                    guard let doc else {
                        disagreements.append("\(name):\(line): \(key) has no doc comment")
                        continue
                    }
                    // A doc says what the property means before its default.
                    if type == CALayer.self, doc.trimmingCharacters(in: .whitespaces).hasPrefix("Defaults to") {
                        disagreements.append("\(name):\(line): \(key): the doc gives only the default, not what the property means")
                    }
                    if Self.saysAnimatable(doc) != property.isAnimatable {
                        disagreements.append("\(name):\(line): \(key): the table says \(property.isAnimatable ? "" : "not ")animatable, "
                                             + "the doc \(Self.saysAnimatable(doc) ? "says Animatable" : "does not say Animatable")")
                    }
                    if let stated = Self.statedDefault(doc), let actual = type.defaultValue(forKey: key),
                       let mismatch = Self.mismatch(stated: stated, actual: actual) {
                        disagreements.append("\(name):\(line): \(key): the doc says it defaults to \(stated), the table \(mismatch)")
                    }
                }
            }
        }
        XCTAssert(disagreements.isEmpty, "property docs that disagree with the property table:\n" + disagreements.joined(separator: "\n"))
    }

    /// How `actual` differs from a stated number or truth value; nil when they agree or the
    /// statement is neither.
    private static func mismatch(stated: String, actual: Any) -> String? {
        let cleaned = stated.replacingOccurrences(of: "`", with: "")
        if cleaned == "true" || cleaned == "false" || cleaned == "YES" || cleaned == "NO" {
            guard let value = (actual as? NSNumber)?.boolValue ?? (actual as? Bool) else { return nil }
            let said = cleaned == "true" || cleaned == "YES"
            return said == value ? nil : "has \(value)"
        }
        if cleaned == "zero" || Double(cleaned) != nil {
            let said = cleaned == "zero" ? 0 : Double(cleaned)!
            guard let number = actual as? NSNumber else { return nil }
            return abs(number.doubleValue - said) <= 1e-9 * max(1, abs(said)) ? nil : "has \(number)"
        }
        return nil
    }
}
