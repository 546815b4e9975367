// Type-checked against the SDK built on the stubs: fails if an Apple-only branch of the SDK was not
// compiled (say its condition became `#if os(iOS)`, which is false on Linux even with the stubs).
import Network
import OptoLink
import OptoLinkInspector
import SwiftUI
import UIKit

@MainActor
func probeAppleBranches(_ sdk: OptoLink, options: UIScene.ConnectionOptions, activity: NSUserActivity) {
    let _: any Pasteboard = UIKitPasteboard()
    let _: URL? = OptoLink.launchURL(from: options)
    let _: URL? = OptoLink.universalLinkURL(in: activity)
    let _: Bool = sdk.handle(connectionOptions: options)
    let _: Bool = sdk.handle(userActivity: activity)
    let _: Bool = sdk.handle(urlContexts: options.urlContexts)
    let _: OptoLinkLogging = .osLog  // the os branch of OptoLinkLogging
}

/// The delegate helpers work on any client (a fake in the app's tests).
@MainActor
func probeClientHelpers(_ client: any OptoLinkClient, options: UIScene.ConnectionOptions, activity: NSUserActivity) {
    let _: Bool = client.handle(connectionOptions: options)
    let _: Bool = client.handle(userActivity: activity)
    let _: Bool = client.handle(urlContexts: options.urlContexts)
}

/// The inspector's Network.framework branch (NWConnection, NWBrowser) was compiled.
func probeInspectorNetworkBranch(_ sdk: OptoLink, endpoint: NWEndpoint) {
    let _: OptoLinkInspector = OptoLinkInspector.attach(to: sdk, endpoint: endpoint, token: "t")
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
struct ProbeView: View {
    let sdk: OptoLink
    let client: any OptoLinkClient
    var body: some View {
        Text("probe").optoLink(sdk) { _ in }.optoLink(client) { _ in }
    }
}
