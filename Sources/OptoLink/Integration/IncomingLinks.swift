import Foundation

/// The rules behind the UIKit and SwiftUI helpers, free of UIKit so they are tested on every platform.
///
/// The helpers in `OptoLink+UIKit.swift` and `OptoLink+SwiftUI.swift` only read the system's objects
/// (`NSUserActivity`, `UIScene.ConnectionOptions`, `UIOpenURLContext`) and hand plain URLs to these.
enum IncomingLinks {
    /// The URL of a Universal Link: the activity's `webpageURL` when its type is
    /// `NSUserActivityTypeBrowsingWeb`, nil for any other activity (Handoff, Spotlight, Siri…).
    static func universalLinkURL(isBrowsingWeb: Bool, webpageURL: URL?) -> URL? {
        isBrowsingWeb ? webpageURL : nil
    }

    /// Every link a scene was connected with, in the order they are tried: the Universal Links
    /// (user activities) first, then the opened URLs (URL contexts: custom schemes and links opened by
    /// another app), each URL once.
    static func candidates(universalLinks: [URL], openedURLs: [URL]) -> [URL] {
        var seen = Set<URL>()
        return (universalLinks + openedURLs).filter { seen.insert($0).inserted }
    }
}
