import Foundation
import OptoLink

/// The real SDK's configuration for a stand-in, as an app of that service would write it: the service's
/// own key (or `key`), its base URL, and short backoffs so a test's retries take no real time.
enum StandInApp {
    /// The configuration for `service`. AppsFlyer's needs the app's backend (`hook`); without one, its
    /// first launch gets no answer.
    static func configuration(
        _ service: StandInService, key: String? = nil, hook: AppsFlyerHook? = nil, maxRetries: Int = 2
    ) throws -> OptoLinkConfiguration {
        let key = key ?? service.apiKey
        switch service.kind {
        case .optoLink:
            return try OptoLinkConfiguration.optoLink(
                apiKey: key, orgKey: service.orgKey, baseURL: service.baseURL,
                retry: RetryPolicy(maxRetries: maxRetries, backoffBase: 0.05))
        case .quberoute:
            return try OptoLinkConfiguration.quberoute(
                publishableKey: key, baseURL: service.baseURL,
                retry: RetryPolicy(maxRetries: maxRetries, backoffBase: 0.05))
        case .deepBlue:
            return try OptoLinkConfiguration.deepBlue(
                apiKey: key, baseURL: service.baseURL, retry: RetryPolicy(maxRetries: maxRetries, backoffBase: 0.05))
        case .appsFlyer:
            return try OptoLinkConfiguration.appsFlyer(
                appID: service.appID, hook: hook ?? .relay { _ in throw URLError(.cannotConnectToHost) },
                baseURL: service.baseURL, retry: RetryPolicy(maxRetries: maxRetries, backoffBase: 0.05))
        }
    }

    /// `path` (with any query) on the service's origin.
    static func url(_ service: StandInService, _ path: String) -> URL {
        URL(string: service.origin.absoluteString + path)!
    }
}
