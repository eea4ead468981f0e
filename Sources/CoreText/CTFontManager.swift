import CoreGraphics

/// Where a registered font is available. Every scope makes the font available to this process
/// only here: Linux has no session-wide font registration to join (the font is given to
/// fontconfig's application fonts), so `.persistent` and `.session` act as `.process`.
public enum CTFontManagerScope: UInt32, Sendable {
    /// Not registered.
    case none = 0
    /// Available to this process until it ends or the font is unregistered.
    case process = 1
    /// Available to every process of the user, across sessions (on Apple platforms).
    case persistent = 2
    /// Available to every process of the user's session (on Apple platforms).
    case session = 3

    /// The user's scope: the same as `.persistent`.
    public static var user: CTFontManagerScope { .persistent }
}

/// The domain of the font manager's errors.
nonisolated(unsafe) public let kCTFontManagerErrorDomain: CFString = "com.apple.CoreText.CTFontManagerErrorDomain"

/// The font manager's error codes, as Apple numbers them.
public enum CTFontManagerError: CFIndex, Sendable {
    case fileNotFound = 101
    case insufficientPermissions = 102
    case unrecognizedFormat = 103
    case invalidFontData = 104
    case alreadyRegistered = 105
    case exceededResourceLimit = 106
    case assetNotFound = 107
    case notRegistered = 201
    case inUse = 202
    case systemRequired = 203
    case registrationFailed = 301
    case missingEntitlement = 302
    case insufficientInfo = 303
    case cancelledByUser = 304
    case duplicatedName = 305
    case invalidFilePath = 306
    case unsupportedScope = 307
}

/// Registers the fonts of the file at `fontURL` (every face in a TrueType, OpenType or collection
/// file), so that `CTFontCreateWithName` and attributed strings find them by their PostScript,
/// full and family names. False, with `error` set, when the URL is not a readable font file or is
/// registered already.
@discardableResult
public func CTFontManagerRegisterFontsForURL(_ fontURL: CFURL, _ scope: CTFontManagerScope,
                                             _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    FontManagerCall.run("CTFontManagerRegisterFontsForURL", fontURL, scope: scope, error: error, FontRegistry.register(file:))
}

/// Unregisters fonts `CTFontManagerRegisterFontsForURL` registered from `fontURL`. False, with
/// `error` set, when they were not registered.
@discardableResult
public func CTFontManagerUnregisterFontsForURL(_ fontURL: CFURL, _ scope: CTFontManagerScope,
                                               _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    FontManagerCall.run("CTFontManagerUnregisterFontsForURL", fontURL, scope: scope, error: error, FontRegistry.unregister(file:))
}

/// Registers the fonts of several files; `registrationHandler`, when given, is called once with
/// the errors (an array of `CFError`, empty when every file registered) and `true` for done, and
/// its answer is ignored. `enabled` is accepted for Apple's signature (fonts here are always
/// enabled once registered).
public func CTFontManagerRegisterFontURLs(_ fontURLs: CFArray, _ scope: CTFontManagerScope, _ enabled: Bool,
                                          _ registrationHandler: ((CFArray, Bool) -> Bool)?) {
    var errors: [CFError] = []
    for case let url as NSURL in fontURLs as [AnyObject] {
        var error: Unmanaged<CFError>?
        if !CTFontManagerRegisterFontsForURL(url, scope, &error), let error { errors.append(error.takeRetainedValue()) }
    }
    _ = registrationHandler?(errors as NSArray, true)
}

/// Unregisters the fonts of several files; the handler as in `CTFontManagerRegisterFontURLs`.
public func CTFontManagerUnregisterFontURLs(_ fontURLs: CFArray, _ scope: CTFontManagerScope,
                                            _ registrationHandler: ((CFArray, Bool) -> Bool)?) {
    var errors: [CFError] = []
    for case let url as NSURL in fontURLs as [AnyObject] {
        var error: Unmanaged<CFError>?
        if !CTFontManagerUnregisterFontsForURL(url, scope, &error), let error { errors.append(error.takeRetainedValue()) }
    }
    _ = registrationHandler?(errors as NSArray, true)
}

/// One font-manager call: a file URL handed to the registry, its problem reported as Core Text
/// reports it (an error through `error`, false), with one message.
private enum FontManagerCall {
    static func run(_ function: String, _ url: CFURL, scope: CTFontManagerScope,
                    error: UnsafeMutablePointer<Unmanaged<CFError>?>?, _ body: (String) -> FontRegistry.Problem?) -> Bool {
        let code: CTFontManagerError
        if scope == .none {
            code = .unsupportedScope
        } else if !url.isFileURL {
            code = .invalidFilePath
        } else if let problem = body(url.standardizingPath?.path ?? url.path ?? "") {
            switch problem {
            case .fileNotFound: code = .fileNotFound
            case .unrecognizedFormat: code = .unrecognizedFormat
            case .alreadyRegistered: code = .alreadyRegistered
            case .notRegistered: code = .notRegistered
            }
        } else {
            return true
        }
        CGDiagnostics.log(function, "\(url.absoluteString): \(code) (\(code.rawValue)).")
        error?.pointee = Unmanaged.passRetained(NSError(domain: kCTFontManagerErrorDomain as String, code: code.rawValue,
                                                        userInfo: [NSURLErrorKey: url]))
        return false
    }
}
