import Foundation
internal import OptoLinkClientCore

/// A client of AppsFlyer's server-to-server iOS deep-linking API, for an app's **backend**.
///
/// It signs each request with the DevKey (`af_sig`, see ``AppsFlyerDevKey/afSig(timestamp:ip:)``), sends
/// `POST {base}/ios/{app_id}?af_sig=…` with the JSON body, retries 5xx answers and network errors with
/// exponential backoff (never a 400), bounds each attempt with a timeout, and returns the answer as a
/// typed value. Everything it throws is an ``OptoLinkS2SError``.
///
/// **The DevKey is a secret: this client runs on your server, never in an app.** The app calls your
/// backend (with what only the device knows: locale, OS, model, IDFV, ATT state); the backend adds the
/// address the call came from and calls AppsFlyer with this client, or only signs
/// (``signedRequest(for:)``) and hands the signed request back. See `docs/appsflyer-s2s.md`.
///
/// ```swift
/// let client = try AppsFlyerS2SClient(
///     appID: "id123456789", devKey: try AppsFlyerDevKey(environmentVariable: "APPSFLYER_DEV_KEY"))
/// let answer = try await client.deepLink(AppsFlyerDeepLinkRequest(
///     isFirst: true, lang: "en-US", os: "17.4", type: "iPhone", ip: "198.51.100.23"))
/// if answer.found, let click = answer.clickEvent { route(click.customParams) }
/// ```
///
/// A value type, safe to share between tasks; one client serves any number of concurrent calls.
public struct AppsFlyerS2SClient: Sendable {
    /// The app's id as AppsFlyer knows it (the path's `{app_id}`, `id` followed by the App Store id).
    public let appID: String
    /// The configuration the client was created with.
    public let configuration: AppsFlyerS2SConfiguration

    private let devKey: AppsFlyerDevKey
    private let transport: any S2STransport
    private let clock: any S2SClock
    private let onEvent: (@Sendable (S2SEvent) -> Void)?
    private let endpoint: String

    /// Creates a client; checks the configuration now so a mistake shows at start-up, not at the first
    /// request.
    ///
    /// - Parameters:
    ///   - appID: the app's AppsFlyer id (`id123456789`); must not be empty or contain whitespace.
    ///   - devKey: the DevKey that signs (see ``AppsFlyerDevKey``: a secret, for servers only).
    ///   - configuration: base URL, per-attempt timeout and retries (default: production, 3 s, 2 retries).
    ///   - transport: sends the requests (default ``S2SURLSessionTransport``).
    ///   - clock: what backoff waits and attempt timeouts run on (default ``S2SSystemClock``).
    ///   - onEvent: told of every attempt, answer and retry, on the calling task (default none).
    /// - Throws: ``OptoLinkS2SError/invalidConfiguration`` naming the field (`appID`, `baseURL`,
    ///   `attemptTimeout`).
    public init(
        appID: String, devKey: AppsFlyerDevKey, configuration: AppsFlyerS2SConfiguration = AppsFlyerS2SConfiguration(),
        transport: any S2STransport = S2SURLSessionTransport(), clock: any S2SClock = S2SSystemClock(),
        onEvent: (@Sendable (S2SEvent) -> Void)? = nil
    ) throws {
        guard !appID.isEmpty else { throw OptoLinkS2SError.configuration("appID", "The app id is empty") }
        guard !appID.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 }) else {
            throw OptoLinkS2SError.configuration(
                "appID", "The app id holds whitespace or control characters: \"\(appID)\"")
        }
        try configuration.validateTimeout()
        var pathSafe = CharacterSet.urlPathAllowed
        pathSafe.remove(charactersIn: "/;")
        guard let encodedID = appID.addingPercentEncoding(withAllowedCharacters: pathSafe) else {
            throw OptoLinkS2SError.configuration("appID", "The app id cannot be put in a URL: \"\(appID)\"")
        }
        self.endpoint = try configuration.validatedBase() + "/ios/" + encodedID
        self.appID = appID
        self.configuration = configuration
        self.devKey = devKey
        self.transport = transport
        self.clock = clock
        self.onEvent = onEvent
    }

    /// Asks AppsFlyer whether a click matches this device, retrying as the configuration says.
    ///
    /// - Returns: the answer: ``AppsFlyerDeepLinkResponse/found`` and the click, if any, with the number
    ///   of attempts it took.
    /// - Throws: ``OptoLinkS2SError``: ``OptoLinkS2SError/invalidRequest`` before anything is sent when
    ///   a field is wrong; ``OptoLinkS2SError/badRequest`` for a 400 (with AppsFlyer's `code` and
    ///   `message`); ``OptoLinkS2SError/httpStatus``, ``OptoLinkS2SError/connectionFailed`` or
    ///   ``OptoLinkS2SError/timedOut`` when the last attempt failed; ``OptoLinkS2SError/cancelled`` when
    ///   the task was cancelled; ``OptoLinkS2SError/invalidResponse`` for a 2xx that is not the
    ///   documented shape.
    public func deepLink(_ request: AppsFlyerDeepLinkRequest) async throws -> AppsFlyerDeepLinkResponse {
        let http = try signedRequest(for: request)
        let policy = configuration.retryPolicy
        var attempt = 0
        while true {
            attempt += 1
            if Task.isCancelled { throw OptoLinkS2SError.cancelled(attempts: attempt - 1) }
            onEvent?(.attemptStarted(attempt: attempt))
            let outcome: AttemptOutcome
            let answer: S2SHTTPResponse?
            do {
                let response = try await AttemptRace.run(deadline: attemptDeadline) { [transport] in
                    try await transport.send(http)
                }
                onEvent?(.answered(attempt: attempt, status: response.status))
                if (200...299).contains(response.status) {
                    return try AppsFlyerDeepLinkResponse.parse(response, attempts: attempt)
                }
                outcome = .status(response.status)
                answer = response
            } catch {
                let failure = OptoLinkS2SError.transport(error, attempts: attempt)
                if Task.isCancelled || failure == .cancelled {
                    throw OptoLinkS2SError.cancelled(attempts: attempt, underlying: error)
                }
                onEvent?(.noAnswer(attempt: attempt, error: failure))
                outcome = .noAnswer(failure)
                answer = nil
            }
            switch policy.decision(afterAttempt: attempt, outcome: outcome) {
            case .retry(let seconds):
                onEvent?(.retryScheduled(attempt: attempt, seconds: seconds))
                do {
                    try await clock.sleep(for: seconds)
                } catch {
                    throw OptoLinkS2SError.cancelled(attempts: attempt, underlying: error)
                }
            case .doNotRetry, .giveUp:
                if let answer { throw Self.error(for: answer, attempts: attempt) }
                if case .noAnswer(let error) = outcome { throw error }
                throw OptoLinkS2SError.cancelled(attempts: attempt)  // not reached: an outcome is one or the other
            }
        }
    }

    /// One attempt's deadline: ``AppsFlyerS2SConfiguration/attemptTimeout`` on the client's clock, then
    /// ``OptoLinkS2SError/timedOut``.
    private var attemptDeadline: AttemptDeadline {
        let timeout = configuration.attemptTimeout
        return .sleeping(timeout, error: OptoLinkS2SError.timedOut(after: timeout, attempts: 0)) { [clock] in
            try await clock.sleep(for: $0)
        }
    }

    /// The signed request ``deepLink(_:)`` sends, without sending it: for a backend that only signs and
    /// lets someone else (the app) make the call. The body's bytes are the ones signed; send them as
    /// they are.
    ///
    /// - Throws: ``OptoLinkS2SError/invalidRequest`` when a field is wrong.
    public func signedRequest(for request: AppsFlyerDeepLinkRequest) throws -> S2SHTTPRequest {
        let (body, timestamp) = try request.encoded()
        let signature = devKey.afSig(timestamp: timestamp, ip: request.ip)
        guard let url = URL(string: endpoint + "?af_sig=" + signature) else {
            // The endpoint was checked at init and the signature is hex: not reachable.
            throw OptoLinkS2SError.configuration("baseURL", "Could not build the request URL from \(endpoint)")
        }
        return S2SHTTPRequest(
            method: "POST", url: url, headers: ["Content-Type": "application/json", "Accept": "application/json"],
            body: body, timeout: configuration.attemptTimeout)
    }

    /// The error for a non-2xx answer that is not retried (any more): a 400 `{code, message}` becomes
    /// ``OptoLinkS2SError/badRequest``, anything else ``OptoLinkS2SError/httpStatus``, with the body's
    /// `message` and `code` when it has them.
    static func error(for response: S2SHTTPResponse, attempts: Int) -> OptoLinkS2SError {
        var message: String?
        var serviceCode: String?
        if response.body.count <= 64 * 1024,
            let object = S2SJSONParser.parse(response.body)?.objectValue
        {
            message = object["message"]?.scalarText
            serviceCode = object["code"]?.scalarText
        }
        if response.status == 400 {
            return .badRequest(serviceCode: serviceCode, message: message ?? "Bad Request", attempts: attempts)
        }
        return .http(
            status: response.status, message: message ?? "HTTP \(response.status)", serviceCode: serviceCode,
            attempts: attempts)
    }
}
