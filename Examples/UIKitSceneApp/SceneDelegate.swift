// apple-availability: deployment iOS 13.0
import OptoLink
import UIKit

// snippet: inspector-import
#if DEBUG
import OptoLinkInspector  // a product of its own, linked by the debug build only
#endif
// snippet: end

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    // snippet: scene-delegate
    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        AppLinks.start(connectionOptions: connectionOptions)  // the link that opened the app, if any
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = Router.shared.root
        window.makeKeyAndVisible()
        self.window = window
    }

    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {  // Universal Link, app running
        OptoLink.shared?.handle(userActivity: userActivity)
    }

    func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>) {  // custom schemes
        OptoLink.shared?.handle(urlContexts: urlContexts)
    }
    // snippet: end
}

@MainActor
enum AppLinks {
    // snippet: start
    /// Starts the SDK with the first scene's launch link (`OptoLink.shared` from then on); a later
    /// scene only hands its links over.
    static func start(connectionOptions: UIScene.ConnectionOptions) {
        if let running = OptoLink.shared {
            running.handle(connectionOptions: connectionOptions)
            return
        }
        do {
            let configuration = try OptoLinkConfiguration.optoLink(
                apiKey: "opl_sdk_demo_client_key_0000000001", orgKey: "demo",
                baseURL: URL(string: "https://links.demo.test")!)
            let sdk = OptoLink.start(
                configuration: configuration, launchURL: OptoLink.launchURL(from: connectionOptions))
            Task { for await link in sdk.links { Router.shared.open(link.path) } }
            attachInspector(to: sdk)  // debug builds only (the OptoLinkInspector product)
        } catch {
            print("OptoLink is off: \(error)")  // a wrong configuration is a build mistake
        }
    }
    // snippet: end

    // snippet: inspector
    #if DEBUG
    /// Kept for the life of the process: `stop()` ends it, so does releasing it.
    static var inspector: OptoLinkInspector?
    #endif

    /// Debug builds stream the SDK to `optolink-dash --attach`; a release build holds no inspector call.
    static func attachInspector(to optoLink: OptoLink) {
        #if DEBUG
        inspector = OptoLinkInspector.attach(
            to: optoLink,
            dashboard: .address(host: "192.168.1.20", port: 7420),  // the address the dashboard's header shows
            token: "k7m2-x9qp",  // the pairing token the header shows
            allowsCommands: true)  // let the dashboard open links, re-run the first launch…
        #endif
    }
    // snippet: end
}

/// Shows where the last link led.
@MainActor
final class Router {
    static let shared = Router()
    let root = UIViewController()

    func open(_ path: String) {
        root.title = path
    }
}
