import DashboardCore
import Foundation

/// The host answers, over HTTPS, and `/health` is healthy: the first three lines of the checklist, read
/// from the `GET /health` exchange.
enum HostChecks {
    /// The `host.answers` line.
    static let answersLine = DoctorLine("host.answers", "host answers")
    /// The `host.https` line of the link's host.
    static let httpsLine = DoctorLine("host.https", "HTTPS")
    /// The `health` line.
    static let healthLine = DoctorLine("health", "/health")

    /// `host.answers`: any HTTP answer, whatever its status, proves the host is there. `flag` is the option
    /// that names the host (`--base-url`, or the other services' `--link`).
    static func answers(_ exchange: DoctorExchange, flag: String = "--base-url") -> DoctorCheck {
        if exchange.response != nil { return answersLine.pass(exchange.summary) }
        let failure = exchange.failure ?? .init(code: 0, message: "no answer")
        let host = exchange.request.url.host ?? "the host"
        let fix: String
        switch failure.code {
        case -1004:
            fix = "check \(flag) (scheme, host and port) and that the backend is running and reachable from here"
        case -1003, -1006: fix = "check the host name in \(flag) and its DNS records"
        case -1001: fix = "the backend did not answer within the timeout: check it is up, or raise --timeout"
        default:
            fix =
                failure.isTLS
                ? "serve \(host) with a certificate from a public CA that covers the host name, with the full chain"
                : "check \(flag) and that the backend is reachable from this machine"
        }
        return answersLine.fail(exchange.summary, fix: fix)
    }

    /// `host.https`: iOS fetches the AASA (and users open links) only over HTTPS with a trusted
    /// certificate. Plain HTTP is accepted only for a loopback test server.
    static func https(baseURL: URL, health: DoctorExchange) -> DoctorCheck {
        https(
            baseURL, exchange: health, line: httpsLine,
            plainHTTPFix:
                "serve the link domain over HTTPS (with a trusted certificate) and use an https:// "
                + "--base-url: iOS fetches apple-app-site-association only over HTTPS"
        )
    }

    /// A line on whether `url`'s host is served over HTTPS, judged by `exchange` (a request to that host, nil
    /// when none was sent: then only a plain `http://` URL off loopback is judged, by its scheme; anything else
    /// is skipped with `notContacted`). Plain HTTP passes only for a loopback host that answered, and says so.
    static func https(
        _ url: URL, exchange: DoctorExchange?, line: DoctorLine, plainHTTPFix: String,
        notContacted: String = "no answer to judge the TLS set-up by"
    ) -> DoctorCheck {
        let host = url.host ?? ""
        if url.scheme?.lowercased() == "https" {
            guard let exchange else { return line.skip(notContacted) }
            if exchange.response != nil {
                return line.pass(
                    "https://\(host): the TLS handshake succeeded and the certificate is trusted by this machine")
            }
            if let failure = exchange.failure, failure.isTLS {
                return line.fail(
                    failure.explanation,
                    fix:
                        "serve \(host) with a certificate from a public CA that covers the host name, with "
                        + "the full chain: iOS refuses anything else"
                )
            }
            return line.skip("no answer to judge the TLS set-up by")
        }
        if isLoopback(host) {
            guard exchange != nil else { return line.skip(notContacted) }
            return line.pass(
                "plain HTTP on \(host): fine for a loopback test server only; a real deployment must use HTTPS")
        }
        return line.fail("plain HTTP on \(host)", fix: plainHTTPFix)
    }

    /// `health`: `GET /health` answers 2xx (the reference answers `{"ok":true}`), and not `"ok": false`.
    static func health(_ exchange: DoctorExchange) -> DoctorCheck {
        guard let response = exchange.response else { return healthLine.skip("no answer from the host") }
        let body = BodyExcerpt.line(response.body)
        let saysNotOK =
            (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any])?["ok"] as? Bool == false
        if (200...299).contains(response.status) && !saysNotOK {
            return healthLine.pass("\(response.status) \(body)")
        }
        return healthLine.fail(
            "\(response.status) \(body)",
            fix:
                "GET /health must answer 2xx (and not \"ok\": false): check the backend's logs and that --base-url "
                + "points at the backend, not at another site on the same host"
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
