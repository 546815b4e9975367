import DashboardCore
import DashboardProxy
import Foundation
import OptoLink

/// The cause behind a failed scenario that the devices' exchanges name, so a FAIL that only said "got no link" does
/// not leave it in the log: the deployment refused the run's key (a 401 or 403, with the key masked, the route and
/// the deployment's own message), AppsFlyer's S2S route was not found because `--base-url` lacks `/v1.0`, or a
/// link request got no answer at all (no answer is not the service's "no link").
enum FailureCause {
    /// The cause, `QubeRoute refused the key --api-key qr_l… on /api/v1/sdk/resolve: 401 Unknown API key`, or nil
    /// when the devices' exchanges name none.
    static func cause(in devices: [SimulatedDevice], target: BackendTarget) -> String? {
        cause(
            exchanges: devices.flatMap { $0.recorder.diagnostics.compactMap(\.exchange) },
            requests: devices.flatMap(\.recorder.requests), target: target)
    }

    /// The cause in the devices' `exchanges` (their answers' bodies) and `requests` (each request's attempts).
    static func cause(exchanges: [HTTPExchange], requests: [RequestTrace], target: BackendTarget) -> String? {
        if target.service == .appsFlyer, !target.baseURL.path.contains("/v1.0"),
            exchanges.contains(where: { $0.status == 404 && $0.endpoint == Endpoint.match.rawValue })
        {
            var base = target.baseURL.absoluteString
            while base.hasSuffix("/") { base.removeLast() }
            return
                "AppsFlyer answered 404 for \(base)/ios/…: its S2S API lives under /v1.0, try --base-url \(base)/v1.0"
        }
        for exchange in exchanges {
            guard let status = exchange.status, [401, 403].contains(status) else { continue }
            let said = exchange.responseBody.map { BodyExcerpt.line(message(in: $0.text)) } ?? ""
            let route = Endpoint(rawValue: exchange.endpoint).map { label($0, target.profile) } ?? exchange.endpoint
            return "\(target.service.displayName) refused the key \(keyLabel(target)) on \(route): \(status)"
                + (said.isEmpty ? "" : " \(said)")
        }
        return unanswered(requests, target.profile)
    }

    /// The first link request (a direct open's lookup or the deferred match) whose every attempt went
    /// unanswered: `check-deferred got no answer in 3 attempts (The request timed out)`.
    static func unanswered(_ requests: [RequestTrace], _ profile: any ServiceProfile) -> String? {
        guard
            let request = requests.first(where: { request in
                [.match, .linkData].contains(request.endpoint) && !request.attempts.isEmpty
                    && request.statuses.allSatisfy { $0 == nil }
            }), let last = request.attempts.last
        else { return nil }
        let count = request.attempts.count == 1 ? "1 attempt" : "\(request.attempts.count) attempts"
        return "\(label(request.endpoint, profile)) got no answer in \(count)" + (last.error.map { " (\($0))" } ?? "")
    }

    /// The error envelope's message (`message`, `error.message`, `detail`), else the body as it is.
    static func message(in body: String) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any] else {
            return body
        }
        let nested = object["error"] as? [String: Any]
        return object["message"] as? String ?? nested?["message"] as? String ?? object["detail"] as? String ?? body
    }

    /// The key the devices sent, masked, with its flag: `--api-key opl_sdk_…`, `--dev-key w8sZ…`.
    static func keyLabel(_ target: BackendTarget) -> String {
        target.service == .appsFlyer
            ? "--dev-key \(SecretMask.key(target.devKey?.rawValue ?? ""))"
            : "--api-key \(SecretMask.key(target.apiKey?.rawValue ?? ""))"
    }

    /// How the service names the route of `endpoint`.
    static func label(_ endpoint: Endpoint, _ profile: any ServiceProfile) -> String {
        ServiceRoute(endpoint).map(profile.label) ?? "/sdk/" + endpoint.rawValue
    }
}
