import Foundation
import OptoLink

/// Whether a `--base-url` answers HTTP at all: checked once, before anything runs against it.
///
/// Any HTTP status is an answer: real QubeRoute, Deep Blue Links and AppsFlyer deployments have no
/// `/health` and answer it 404, which proves they are there. A transport error (refused, no such host,
/// TLS), no answer within the timeout, or bytes that are not HTTP are no answer. Then a headless run (or
/// compare) runs nothing, and the dashboard does not open its screen: both print one line on stderr and
/// exit 4, "no backend to run against".
///
/// ```swift
/// // optolink-dash: --base-url http://127.0.0.1:49439 gave no HTTP answer: connection refused (…)
/// if let code = await BackendAnswerCheck.exitCode(options: options, errors: { printToStderr($0) }) { exit(code) }
/// ```
///
/// It is not the dashboard's health indicator (``BackendClient/isReachable()``, every 5 s: an OptoLink
/// backend's `/health` must answer 2xx).
package enum BackendAnswerCheck {
    /// How long the check waits for an answer: 3 s (default). A backend answers in milliseconds; a dead one
    /// should not hold the run for long.
    package static let defaultTimeout: TimeInterval = 3

    /// What the check found.
    package enum Outcome: Sendable, Hashable {
        /// An HTTP answer, with its status (any status).
        case answered(status: Int)
        /// No HTTP answer, and why, in words (`connection refused (…)`, `no answer within 3.0s`, `the answer
        /// was not HTTP`).
        case noAnswer(String)
    }

    /// Sends `GET <baseURL>/health` once and reads what came back.
    /// - Parameters:
    ///   - baseURL: the backend.
    ///   - transport: sends the request (default the real `URLSessionTransport`).
    ///   - timeout: how long to wait (default ``defaultTimeout``).
    /// - Returns: ``Outcome/answered(status:)`` for any HTTP answer, ``Outcome/noAnswer(_:)`` otherwise.
    package static func check(
        _ baseURL: URL, transport: any HTTPTransport = URLSessionTransport(), timeout: TimeInterval = defaultTimeout
    ) async -> Outcome {
        guard let url = BackendTarget(baseURL: baseURL).url("health") else {
            return .noAnswer("cannot build a URL from it")
        }
        do {
            return .answered(
                status: try await transport.send(HTTPRequest(method: "GET", url: url, timeout: timeout)).status)
        } catch {
            let failure = DoctorExchange.Failure(error)
            let timedOut = failure.code == URLError.Code.timedOut.rawValue
            return .noAnswer(timedOut ? "no answer within \(formatSeconds(timeout))" : failure.explanation)
        }
    }

    /// The line to print before exiting 4 when `options` name a `--base-url` that gives no HTTP answer; nil
    /// when there is no `--base-url` (the embedded server) or it answered.
    ///
    /// ```
    /// optolink-dash: --base-url http://127.0.0.1:49439 gave no HTTP answer: connection refused (nothing
    /// listens at that address and port)
    /// ```
    /// (one line).
    package static func problem(
        options: DashboardOptions, transport: any HTTPTransport = URLSessionTransport(),
        timeout: TimeInterval = defaultTimeout
    ) async -> String? {
        guard let baseURL = options.baseURL,
            case .noAnswer(let reason) = await check(baseURL, transport: transport, timeout: timeout)
        else { return nil }
        return "optolink-dash: --base-url \(baseURL.absoluteString) gave no HTTP answer: \(reason)"
    }

    /// The exit code when `options` name a `--base-url` that gives no HTTP answer: 4, after writing the
    /// ``problem(options:transport:timeout:)`` line to `errors`. Nil when there is a backend to run against
    /// (no `--base-url`, or it answered).
    package static func exitCode(
        options: DashboardOptions, errors: @Sendable (String) -> Void,
        transport: any HTTPTransport = URLSessionTransport(), timeout: TimeInterval = defaultTimeout
    ) async -> Int32? {
        guard let line = await problem(options: options, transport: transport, timeout: timeout) else { return nil }
        errors(line)
        return 4
    }
}
