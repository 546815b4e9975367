// A SwiftUI app on OptoLink (iOS 14+, the SwiftUI app life cycle). Sources only: Scripts/apple-typecheck.sh
// type-checks it on Linux against Tests/AppleStubs, and the README's SwiftUI snippets are taken from the
// `snippet:` regions below (Scripts/check-readme-snippets.py keeps them identical).
// apple-availability: deployment iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0
import OptoLink
import SwiftUI

// snippet: configure
/// The SDK, started once for the process. Nil only when the configuration is wrong (a build mistake,
/// reported here): the app then runs without OptoLink links instead of crashing.
enum AppLinks {
    static let shared: OptoLink? = {
        do {
            let configuration = try OptoLinkConfiguration(
                apiKey: "opl_sdk_demo_client_key_0000000001", orgKey: "demo",
                baseURL: URL(string: "https://links.demo.test")!)
            return OptoLink.start(configuration: configuration)
        } catch {
            print("OptoLink is off: \(error)")
            return nil
        }
    }()
}
// snippet: end

@main
struct ShopApp: App {
    @State private var route = "/"

    // snippet: scene
    var body: some Scene {
        WindowGroup {
            if let optoLink = AppLinks.shared {
                RouteView(route: route)
                    .optoLink(optoLink, onOtherURL: { url in route = url.path }) { link in
                        route = link.path   // direct opens, Universal Links and the deferred match
                    }
            } else {
                RouteView(route: route)
            }
        }
    }
    // snippet: end
}

/// Shows where the last link led.
struct RouteView: View {
    let route: String

    var body: some View {
        Text("Showing \(route)")
    }
}
