// Stub (type-checking only, never linked or run): UIKit's pasteboard, as the SDK uses it.
import Foundation

/// Apple: `class UIPasteboard : NSObject` (UIKit). Not main-actor isolated, not `Sendable`.
/// iOS 3.0+, Mac Catalyst 13.1+, visionOS 1.0+; **unavailable on tvOS and watchOS**.
/// https://developer.apple.com/documentation/uikit/uipasteboard
@available(iOS 3.0, visionOS 1.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
open class UIPasteboard: NSObject {
    /// Apple: `class var general: UIPasteboard { get }`. iOS 3.0+.
    open class var general: UIPasteboard { fatalError("Apple stub: never run") }

    /// Apple: `var changeCount: Int { get }`: increments whenever the contents change; reading it does
    /// not show the paste prompt. iOS 3.0+.
    /// https://developer.apple.com/documentation/uikit/uipasteboard/changecount
    open var changeCount: Int { fatalError("Apple stub: never run") }

    /// Apple: `var hasStrings: Bool { get }`: does not show the paste prompt. iOS 10.0+.
    /// https://developer.apple.com/documentation/uikit/uipasteboard/hasstrings
    @available(iOS 10.0, *)
    open var hasStrings: Bool { fatalError("Apple stub: never run") }

    /// Apple: `var string: String? { get set }`: reading it may show the paste banner (iOS 16+). iOS 3.0+.
    /// https://developer.apple.com/documentation/uikit/uipasteboard/string
    open var string: String? {
        get { fatalError("Apple stub: never run") }
        set { fatalError("Apple stub: never run") }
    }

    /// Apple: `var items: [[String : Any]] { get set }`: setting `[]` empties the pasteboard. iOS 3.0+.
    /// https://developer.apple.com/documentation/uikit/uipasteboard/items
    open var items: [[String: Any]] {
        get { fatalError("Apple stub: never run") }
        set { fatalError("Apple stub: never run") }
    }
}
