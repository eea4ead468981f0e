/// Creates the application object and the application delegate and sets up the event cycle;
/// never returns (the process exits when the app ends).
///
/// `delegateClassName` names the delegate's class as `String(reflecting:)` spells it
/// (`"MyApp.AppDelegate"`; a bare name is looked for in the main module too); the class must be
/// a `UIResponder` that adopts `UIApplicationDelegate`. `principalClassName` must be nil or
/// "UIApplication" (Lamina has no `UIApplication` subclasses).
@MainActor
@discardableResult
public func UIApplicationMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                              _ principalClassName: String?, _ delegateClassName: String?) -> Int32 {
    if let principalClassName, principalClassName != "UIApplication" {
        CGDiagnostics.log("UIApplicationMain", "principal class \(principalClassName) is not supported; UIApplication instead.")
    }
    guard let name = delegateClassName else { fatalError("UIApplicationMain: no delegate class name") }
    let candidates = [name] + (name.contains(".") ? [] : [ProcessInfo.processInfo.processName.replacingOccurrences(of: "-", with: "_") + "." + name])
    for candidate in candidates {
        if let type = _typeByName(candidate) as? UIResponder.Type { UIApplication.shared.run(delegateClass: type) }
        if let type = NSClassFromString(candidate) as? UIResponder.Type { UIApplication.shared.run(delegateClass: type) }
    }
    fatalError("UIApplicationMain: no UIResponder class named \(name)")
}
