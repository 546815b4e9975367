// A UIKit app with a scene delegate, on OptoLink (iOS 13+). Sources only: Scripts/apple-typecheck.sh
// type-checks it on Linux against Tests/AppleStubs, and the README's UIKit snippets are taken from the
// `snippet:` regions (Scripts/check-readme-snippets.py keeps them identical).
// apple-availability: deployment iOS 13.0
import OptoLink
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: "Default", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = SceneDelegate.self
        return configuration
    }

    // snippet: app-delegate
    // Apps without scenes get their links here (UIKit calls these two only when there is no scene).
    func application(
        _ app: UIApplication, open url: URL,
        options: [UIApplication.OpenURLOptionsKey: Any] = [:]
    ) -> Bool {
        OptoLink.shared?.application(app, open: url, options: options) ?? false
    }

    func application(
        _ application: UIApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool {
        OptoLink.shared?.handle(userActivity: userActivity) ?? false
    }
    // snippet: end
}
