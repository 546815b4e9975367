import Foundation

/// Maps AppsFlyer's answer `{found, click_event{timestamp, custom_params, campaign_id, match_type,
/// media_source, campaign, click_http_referrer, af_sub1…5}}` into ``OptoLinkData`` (`docs/providers.md`):
///
/// - `found: false` → no link;
/// - `params`: `custom_params`; `path`: `/` + `custom_params.deep_link_value` when it is a string (AppsFlyer's
///   convention for the in-app destination), else `/`;
/// - `matchMethod` from `match_type`: `probabilistic` → ``MatchMethod/fingerprintScored``, `referrer` →
///   ``MatchMethod/installReferrer``, `id_matching` → ``MatchMethod/fingerprintExact``, anything else
///   (`srn`…) kept in ``MatchMethod/unknown(_:)``; always deferred; no confidence (AppsFlyer gives none);
/// - `providerFields`: every other `click_event` field, `match_type` included, under its own name.
enum AppsFlyerAnswer {
    static func link(_ response: HTTPResponse) throws(OptoLinkError) -> OptoLinkData? {
        let object = try JSONAnswer.object(response)
        guard let found = object["found"]?.boolValue else {
            throw .invalidResponse(
                status: response.status, "AppsFlyer answer without a Boolean \"found\"",
                requestId: response.header("X-Request-Id"))
        }
        guard found else { return nil }
        guard let event = object["click_event"]?.objectValue else {
            throw .invalidResponse(
                status: response.status, "AppsFlyer answer without a \"click_event\" object",
                requestId: response.header("X-Request-Id"))
        }
        let params = event["custom_params"]?.objectValue ?? [:]
        var fields = event
        fields["custom_params"] = nil
        let method: MatchMethod
        switch event["match_type"]?.stringValue {
        case "probabilistic": method = .fingerprintScored
        case "referrer": method = .installReferrer
        case "id_matching": method = .fingerprintExact
        case let other: method = .unknown(other ?? "")
        }
        var path = "/"
        if let value = params["deep_link_value"]?.stringValue, !value.isEmpty {
            path = value.hasPrefix("/") ? value : "/" + value
        }
        return OptoLinkData(
            linkId: event["campaign_id"]?.stringValue, path: path, params: params, matchType: method,
            isDeferred: true,
            service: .appsFlyer, providerFields: fields)
    }
}
