// Stub (type-checking only, never linked or run): UIKit's application object and its delegate, as the
// SDK and the examples use them. Objective-C `optional` requirements are declared as requirements with
// a default implementation (there is no `@objc optional` on Linux). Limit: a misspelt delegate method
// (`option:` for `options:`) type-checks silently here, where Xcode would warn that it nearly matches
// an optional requirement; only an Xcode build catches that.
import Foundation

/// Apple: `@MainActor class UIApplication : UIResponder`. iOS 2.0+, tvOS 9.0+, visionOS 1.0+.
/// https://developer.apple.com/documentation/uikit/uiapplication
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIApplication: UIResponder {
    /// Apple: `struct UIApplication.OpenURLOptionsKey : Hashable, Equatable, RawRepresentable, @unchecked Sendable`. iOS 9.0+.
    /// https://developer.apple.com/documentation/uikit/uiapplication/openurloptionskey
    public struct OpenURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    /// Apple: `struct UIApplication.LaunchOptionsKey : Hashable, Equatable, RawRepresentable, @unchecked Sendable`. iOS 2.0+.
    /// https://developer.apple.com/documentation/uikit/uiapplication/launchoptionskey
    public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}

/// Apple: `@MainActor protocol UIUserActivityRestoring : NSObjectProtocol`. iOS 12.0+.
@available(iOS 12.0, tvOS 12.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor
public protocol UIUserActivityRestoring: NSObjectProtocol {}

/// Apple: `@MainActor protocol UIApplicationDelegate : NSObjectProtocol`. iOS 2.0+, tvOS 9.0+, visionOS 1.0+.
/// https://developer.apple.com/documentation/uikit/uiapplicationdelegate
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {
    /// Apple: `optional func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey : Any]? = nil) -> Bool`. iOS 3.0+.
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool

    /// Apple: `optional func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration`.
    /// iOS 13.0+, tvOS 13.0+.
    /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:configurationforconnecting:options:)
    @available(iOS 13.0, tvOS 13.0, *)
    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration

    /// Apple: `optional func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey : Any] = [:]) -> Bool`.
    /// iOS 9.0+, tvOS 9.0+. Not called in an app that uses scenes (`scene(_:openURLContexts:)` is).
    /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:open:options:)
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool

    /// Apple: `optional func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void) -> Bool`.
    /// iOS 8.0+, tvOS 9.0+. Not called in an app that uses scenes (`scene(_:continue:)` is).
    /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:continue:restorationhandler:)
    func application(
        _ application: UIApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool
}

@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
extension UIApplicationDelegate {
    /// Stand-in for the unimplemented optional requirement.
    public func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }

    /// Stand-in for the unimplemented optional requirement.
    @available(iOS 13.0, tvOS 13.0, *)
    public func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration { fatalError("Apple stub: never run") }

    /// Stand-in for the unimplemented optional requirement.
    public func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any])
        -> Bool
    {
        false
    }

    /// Stand-in for the unimplemented optional requirement.
    public func application(
        _ application: UIApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool { false }

    /// Apple: `@MainActor static func main()` on `UIApplicationDelegate`: what `@main` calls
    /// (`UIApplicationMain` with this delegate class).
    public static func main() { fatalError("Apple stub: never run") }
}
