/// Where the UIKit sample app's screens report what happened (the sample prints each line;
/// its end-to-end test reads them). Does nothing by default.
@MainActor
public enum UIKitSampleLog {
    /// The sink for the lines.
    public static var sink: (String) -> Void = { _ in }

    static func log(_ line: String) { sink(line) }
}
