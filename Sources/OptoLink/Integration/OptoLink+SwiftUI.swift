// SwiftUI in one modifier. `canImport(SwiftUI)` so the test stubs (Tests/AppleStubs) type-check it on Linux.
#if canImport(SwiftUI)
import Foundation
import SwiftUI

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension View {
    /// Routes OptoLink links to `onLink`: wires `onOpenURL`, `onContinueUserActivity` for Universal Links
    /// and the SDK's ``OptoLinkClient/links`` stream, in one line.
    ///
    /// ```swift
    /// WindowGroup {
    ///     ContentView()
    ///         .optoLink(optoLink) { link in router.open(link.path) }
    /// }
    /// ```
    ///
    /// A URL that is ours (``OptoLink/canHandle(url:)``) is resolved in a task of its own and comes back
    /// through `onLink` with every other link (the deferred match, the cold-start link); a URL that is
    /// not ours goes to `onOtherURL`, so the app can route its own URLs. The stream is listened to while
    /// the view is on screen; links that arrive while it is not are kept for it (see ``OptoLink/links``).
    /// Attach it once per window: each window's `onLink` receives every link.
    ///
    /// iOS 14 / macOS 11 / tvOS 14 / watchOS 7 and later, as `onOpenURL` is. On iOS 13 there is no SwiftUI
    /// app life cycle: use the scene delegate helpers (`handle(userActivity:)` and friends, UIKit only).
    ///
    /// - Parameters:
    ///   - optoLink: the running SDK (`OptoLink.shared`), or any ``OptoLinkClient`` (a fake in previews and tests).
    ///   - onOtherURL: called with URLs that are not OptoLink links (default: ignored).
    ///   - onLink: called on the main actor with every link to route to.
    public func optoLink(
        _ optoLink: any OptoLinkClient, onOtherURL: (@MainActor (URL) -> Void)? = nil,
        onLink: @escaping @MainActor (OptoLinkData) -> Void
    ) -> some View {
        modifier(OptoLinkModifier(optoLink: optoLink, onOtherURL: onOtherURL, onLink: onLink))
    }
}

/// The modifier behind `View.optoLink(_:onOtherURL:onLink:)`.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
struct OptoLinkModifier: ViewModifier {
    let optoLink: any OptoLinkClient
    let onOtherURL: (@MainActor (URL) -> Void)?
    let onLink: @MainActor (OptoLinkData) -> Void
    @State private var listener: Task<Void, Never>?

    func body(content: Content) -> some View {
        content
            .onOpenURL { url in
                if !optoLink.startHandling(url) { onOtherURL?(url) }
            }
            .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                // SwiftUI only calls this for browsing-web activities; a URL that is not ours is the app's.
                guard let url = IncomingLinks.universalLinkURL(isBrowsingWeb: true, webpageURL: activity.webpageURL)
                else { return }
                if !optoLink.startHandling(url) { onOtherURL?(url) }
            }
            .onAppear {
                guard listener == nil else { return }
                let links = optoLink.links
                let onLink = onLink
                listener = Task { @MainActor in
                    for await link in links { onLink(link) }
                }
            }
            .onDisappear {
                listener?.cancel()
                listener = nil
            }
    }
}
#endif
