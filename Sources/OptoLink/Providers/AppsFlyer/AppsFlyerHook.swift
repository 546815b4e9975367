import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How the SDK reaches AppsFlyer's server-to-server deep-link API without ever holding the DevKey: the
/// DevKey is a secret, so your **backend** signs the request or makes the call, and the app hands the
/// SDK a hook to it.
///
/// ```swift
/// // Your backend signs: it sees the device's address, and answers {ip, af_sig}.
/// let hook = AppsFlyerHook.signing { timestamp in
///     let answer = try await myBackend.signAppsFlyer(timestamp: timestamp)
///     return AppsFlyerSignature(ip: answer.ip, signature: answer.afSig)
/// }
/// // Or your backend makes the call: it adds `ip`, signs, posts to AppsFlyer and relays the answer.
/// let relay = AppsFlyerHook.relay { request in try await myBackend.forward(request) }
/// ```
///
/// `af_sig` is the lowercase hex HMAC-SHA256 of `timestamp + ip` keyed with the DevKey (seed 003); the
/// server-side signer belongs in your backend, never in this SDK. A relay that throws is an attempt with
/// no answer (retried); a signing hook that throws, does not answer within the configuration's `timeout`,
/// or answers a signature that is not 64 lowercase hex digits, fails the request before anything is sent
/// (logged, no link): the SDK never waits on your backend longer than on a request.
public struct AppsFlyerHook: Sendable {
    enum Kind: Sendable {
        case signing(@Sendable (String) async throws -> AppsFlyerSignature)
        case relay(@Sendable (HTTPRequest) async throws -> HTTPResponse)
    }

    let kind: Kind

    /// Your backend signs: given the request's `timestamp` (`2015-01-22T08:45:33.412`, UTC), it returns
    /// the device's IPv4 address as it saw it and `af_sig` over `timestamp + ip`. The SDK then sends the
    /// request to AppsFlyer itself (the configuration's base URL), with its retries (503 and 504 too).
    public static func signing(_ sign: @escaping @Sendable (_ timestamp: String) async throws -> AppsFlyerSignature)
        -> AppsFlyerHook
    {
        AppsFlyerHook(kind: .signing(sign))
    }

    /// Your backend makes the call: the hook gets the request the SDK would send
    /// (`POST <base>/ios/<app_id>`, JSON body **without** `ip` and without `af_sig`) and returns
    /// AppsFlyer's answer as your backend relayed it (status and body). Retried on no answer and 5xx.
    public static func relay(_ call: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) -> AppsFlyerHook {
        AppsFlyerHook(kind: .relay(call))
    }
}
