extension OptoLinkConfiguration {
    /// What identifies the app to its service, with that service's own fields: no service borrows
    /// another's (QubeRoute has no org key, AppsFlyer's app never holds a key).
    package enum Credentials: Sendable {
        /// OptoLink: the CLIENT key (`opl_sdk_…`) and the org key (4 ASCII letters or digits).
        case optoLink(clientKey: String, orgKey: String)
        /// QubeRoute: a publishable key (`qr_live_…` or `qr_test_…`).
        case quberoute(publishableKey: String)
        /// Deep Blue Links: the app's API key.
        case deepBlue(apiKey: String)
        /// AppsFlyer: the app id in the path (`id123456789`) and the hook to the app's backend, which
        /// holds the DevKey.
        case appsFlyer(appID: String, hook: AppsFlyerHook)

        /// The service these credentials are for.
        package var service: OptoLinkService {
            switch self {
            case .optoLink: return .optoLink
            case .quberoute: return .quberoute
            case .deepBlue: return .deepBlue
            case .appsFlyer: return .appsFlyer
            }
        }

        /// The key the app's requests carry: OptoLink's client key, QubeRoute's publishable key, Deep
        /// Blue's API key; nil for AppsFlyer (its DevKey stays on the app's backend).
        package var key: String? {
            switch self {
            case .optoLink(let key, _), .quberoute(let key), .deepBlue(let key): return key
            case .appsFlyer: return nil
            }
        }

        /// OptoLink's org key, the first path segment of its links; nil for the other services.
        package var orgKey: String? {
            if case .optoLink(_, let orgKey) = self { return orgKey }
            return nil
        }

        /// AppsFlyer's app id; nil for the other services.
        package var appsFlyerAppID: String? {
            if case .appsFlyer(let appID, _) = self { return appID }
            return nil
        }

        /// Whether both are the same credentials (AppsFlyer's hook, a closure, is not compared).
        func hasSameSettings(as other: Credentials) -> Bool {
            service == other.service && key == other.key && orgKey == other.orgKey
                && appsFlyerAppID == other.appsFlyerAppID
        }
    }
}
