import OptoLinkS2S

/// The app's backend as the dashboard plays it for AppsFlyer: it holds the DevKey and answers the SDK's
/// signing hook with `af_sig` over `timestamp + ip` (``OptoLinkS2S``'s signer, libcrypto's HMAC-SHA256).
/// The DevKey stays here; the SDK's configuration only ever holds the hook.
struct AppsFlyerBackendSigner: Sendable {
    /// The DevKey, read once (a wrong one is reported by every signature, as a backend would answer).
    private let devKey: Result<AppsFlyerDevKey, any Error>

    /// Creates the signer of a backend holding `devKey`.
    init(devKey: String) { self.devKey = Result { try AppsFlyerDevKey(devKey) } }

    /// The lower-case hex `af_sig` for a body with `timestamp` and `ip`.
    /// - Throws: when the DevKey is empty or holds spaces or control characters.
    func afSig(timestamp: String, ip: String) throws -> String {
        try devKey.get().afSig(timestamp: timestamp, ip: ip)
    }
}
