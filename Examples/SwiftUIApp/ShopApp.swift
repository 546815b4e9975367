// A SwiftUI app on OptoLink (iOS 14+, the SwiftUI app life cycle). Sources only: Scripts/apple-typecheck.sh
// type-checks it on Linux against Tests/AppleStubs, and the README's SwiftUI snippets are taken from the
// `snippet:` regions below (Scripts/check-readme-snippets.py keeps them identical).
// apple-availability: deployment iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0
import OptoLink
import SwiftUI

@main
struct ShopApp: App {
    @State private var route = "/"

    // snippet: configure
    /// Starts the SDK once for the process; `OptoLink.shared` is the running instance from then on. A
    /// wrong configuration is a build mistake, reported here: the app runs without links, not crashing.
    init() {
        do {
            let configuration = try OptoLinkConfiguration.optoLink(
                apiKey: "opl_sdk_demo_client_key_0000000001", orgKey: "demo",
                baseURL: URL(string: "https://links.demo.test")!)
            OptoLink.start(configuration: configuration)
        } catch {
            print("OptoLink is off: \(error)")
        }
    }
    // snippet: end

    // snippet: scene
    var body: some Scene {
        WindowGroup {
            if let optoLink = OptoLink.shared {
                RouteView(route: route)
                    .optoLink(optoLink, onOtherURL: { url in route = url.path }) { link in
                        route = link.path  // direct opens, Universal Links and the deferred match
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
