import Foundation
import OptoLinkS2S

/// The app's backend in measure 2e: signs AppsFlyer requests with the demo app's DevKey through
/// `OptoLinkS2S` (the library a backend links), in this process.
enum BenchAppsFlyerSigner {
    /// The demo seed's AppsFlyer app and DevKey (seed 003's example DevKey).
    static let appID = "id123456789"
    static let devKeyText = "w8sZzy8EaPaxFKfaoTqUi6"
    /// Parsed once: a backend reads its DevKey at start-up, not per request.
    static let devKey = try? AppsFlyerDevKey(devKeyText)

    /// `af_sig` over `timestamp + ip`, or nil when the DevKey is refused (it is not: it is the seed's).
    static func signature(timestamp: String, ip: String) -> String? {
        guard let devKey else { return nil }
        return devKey.afSig(timestamp: timestamp, ip: ip)
    }
}
