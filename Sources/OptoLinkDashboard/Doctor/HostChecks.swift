import Foundation

/// The host answers, over HTTPS, and `/health` is healthy: the first three lines of the checklist, read
/// from the `GET /health` exchange.
enum HostChecks {
    /// `host.answers`: any HTTP answer, whatever its status, proves the host is there.
    static func answers(_ exchange: DoctorExchange) -> DoctorCheck {
        let title = "host answers"
        if exchange.response != nil { return .pass("host.answers", title, exchange.summary) }
        let failure = exchange.failure ?? .init(code: 0, message: "no answer")
        let host = exchange.request.url.host ?? "the host"
        let fix: String
        switch failure.code {
        case -1004:
            fix = "check --base-url (scheme, host and port) and that the backend is running and reachable from here"
        case -1003, -1006: fix = "check the host name in --base-url and its DNS records"
        case -1001: fix = "the backend did not answer within the timeout: check it is up, or raise --timeout"
        default:
            fix =
                failure.isTLS
                ? "serve \(host) with a certificate from a public CA that covers the host name, with the full chain"
                : "check --base-url and that the backend is reachable from this machine"
        }
        return .fail("host.answers", title, exchange.summary, fix: fix)
    }

    /// `host.https`: iOS fetches the AASA (and users open links) only over HTTPS with a trusted
    /// certificate. Plain HTTP is accepted only for a loopback test server.
    static func https(baseURL: URL, health: DoctorExchange) -> DoctorCheck {
        let title = "HTTPS"
        let host = baseURL.host ?? ""
        if baseURL.scheme?.lowercased() == "https" {
            if health.response != nil {
                return .pass(
                    "host.https", title,
                    "https://\(host): the TLS handshake succeeded and the certificate is trusted by this machine")
            }
            if let failure = health.failure, failure.isTLS {
                return .fail(
                    "host.https", title, failure.explanation,
                    fix:
                        "serve \(host) with a certificate from a public CA that covers the host name, with the full chain: iOS refuses anything else"
                )
            }
            return .skip("host.https", title, "no answer to judge the TLS set-up by")
        }
        if isLoopback(host) {
            return .pass(
                "host.https", title,
                "plain HTTP on \(host): fine for a loopback test server only; a real deployment must use HTTPS")
        }
        return .fail(
            "host.https", title, "plain HTTP on \(host)",
            fix:
                "serve the link domain over HTTPS (with a trusted certificate) and use an https:// --base-url: iOS fetches apple-app-site-association only over HTTPS"
        )
    }

    /// `health`: `GET /health` answers 2xx (the reference answers `{"ok":true}`), and not `"ok": false`.
    static func health(_ exchange: DoctorExchange) -> DoctorCheck {
        let title = "/health"
        guard let response = exchange.response else { return .skip("health", title, "no answer from the host") }
        let body = BodyExcerpt.line(response.body)
        let saysNotOK =
            (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any])?["ok"] as? Bool == false
        if (200...299).contains(response.status) && !saysNotOK {
            return .pass("health", title, "\(response.status) \(body)")
        }
        return .fail(
            "health", title, "\(response.status) \(body)",
            fix:
                "GET /health must answer 200 {\"ok\":true}: check the backend's logs and that --base-url points at the backend, not at another site on the same host"
        )
    }

    /// True for `localhost`, `127.0.0.0/8` and `::1`.
    static func isLoopback(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let lower = bare.lowercased()
        if lower == "localhost" || lower.hasSuffix(".localhost") || lower == "::1" { return true }
        let parts = lower.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
