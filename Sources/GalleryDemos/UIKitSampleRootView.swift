import UIKit

/// The sample's main view: the first responder, so hardware keys reach it.
final class UIKitSampleRootView: UIView {
    override var canBecomeFirstResponder: Bool { true }

    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        guard let key = presses.first?.key else { return super.pressesBegan(presses, with: event) }
        UIKitSampleLog.log("key \(key.charactersIgnoringModifiers)")
    }
}
