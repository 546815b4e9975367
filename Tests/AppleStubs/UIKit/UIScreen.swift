// Stub (type-checking only, never linked or run): UIKit's screen, as the SDK reads it for Deep Blue
// Links' check-deferred (the screen in pixels). Isolation as in the iOS 18 SDK (Xcode 16): `@MainActor`.
import Foundation

/// Apple: `@MainActor class UIScreen : NSObject`. iOS 2.0+, tvOS 9.0+, Mac Catalyst 13.1+; **unavailable
/// on watchOS** (the SDK also leaves it out on visionOS, where `main` is unavailable).
/// https://developer.apple.com/documentation/uikit/uiscreen
@available(iOS 2.0, tvOS 9.0, *)
@available(watchOS, unavailable)
@MainActor
open class UIScreen: NSObject {
    /// Apple: `class var main: UIScreen { get }`. iOS 2.0+, deprecated in iOS 16.0 ("Use a UIScreen
    /// instance found through context instead"); unavailable on visionOS.
    /// https://developer.apple.com/documentation/uikit/uiscreen/main
    @available(
        iOS, introduced: 2.0, deprecated: 16.0,
        message: "Use a UIScreen instance found through context instead: i.e, view.window.windowScene.screen"
    )
    @available(visionOS, unavailable)
    open class var main: UIScreen { fatalError("Apple stub: never run") }

    /// Apple: `var bounds: CGRect { get }`: the screen in points. iOS 2.0+.
    /// https://developer.apple.com/documentation/uikit/uiscreen/bounds
    open var bounds: CGRect { fatalError("Apple stub: never run") }

    /// Apple: `var scale: CGFloat { get }`: pixels per point. iOS 4.0+.
    /// https://developer.apple.com/documentation/uikit/uiscreen/scale
    @available(iOS 4.0, *)
    open var scale: CGFloat { fatalError("Apple stub: never run") }
}
