// Stub (type-checking only, never linked or run): UIKit's responder, view and window classes, as the
// examples use them. Isolation as in the iOS 18 SDK (Xcode 16): these classes are `@MainActor`.
import Foundation

/// Apple: `@MainActor class UIResponder : NSObject`. iOS 2.0+, tvOS 9.0+, visionOS 1.0+.
/// https://developer.apple.com/documentation/uikit/uiresponder
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIResponder: NSObject {}

/// Apple: `@MainActor class UIView : UIResponder`. iOS 2.0+, tvOS 9.0+, visionOS 1.0+.
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIView: UIResponder {}

/// Apple: `@MainActor class UIViewController : UIResponder`. iOS 2.0+, tvOS 9.0+, visionOS 1.0+.
/// https://developer.apple.com/documentation/uikit/uiviewcontroller
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIViewController: UIResponder {
    /// Apple: `var title: String? { get set }`. iOS 2.0+.
    open var title: String? {
        get { fatalError("Apple stub: never run") }
        set { fatalError("Apple stub: never run") }
    }
}

/// Apple: `@MainActor class UIWindow : UIView`. iOS 2.0+, tvOS 9.0+, visionOS 1.0+.
/// https://developer.apple.com/documentation/uikit/uiwindow
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIWindow: UIView {
    /// Apple: `init(windowScene: UIWindowScene)`. iOS 13.0+, tvOS 13.0+.
    /// https://developer.apple.com/documentation/uikit/uiwindow/init(windowscene:)
    @available(iOS 13.0, tvOS 13.0, *)
    public init(windowScene: UIWindowScene) { fatalError("Apple stub: never run") }

    /// Apple: `var rootViewController: UIViewController? { get set }`. iOS 4.0+.
    open var rootViewController: UIViewController? {
        get { fatalError("Apple stub: never run") }
        set { fatalError("Apple stub: never run") }
    }

    /// Apple: `func makeKeyAndVisible()`. iOS 2.0+.
    open func makeKeyAndVisible() { fatalError("Apple stub: never run") }
}
