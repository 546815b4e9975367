import Foundation
import OptoLink

/// The dashboard's own calls to the backend (not the SDK's): `/health`, the browser's click, and the dev
/// endpoints (`/dev/deferred/simulate`, `/dev/faults`, `/dev/match-attempts`).
///
/// Every request carries `X-Forwarded-For` with the simulated address of whoever makes it (the browser for
/// a click). Without dev endpoints a click is a real `GET /<org>/<code>` of the redirect page, with a
/// User-Agent and Accept-Language built from the browser fingerprint, and the token is read from the HTML.
public struct BackendClient: Sendable {
    /// The backend.
    public let target: BackendTarget
    private let transport: any HTTPTransport
    /// Clicks name their network by the loopback address they are sent from (``reachedThroughFaultProxy()``).
    private var namesSourceAddress = false

    /// Creates a client.
    /// - Parameters:
    ///   - target: the backend.
    ///   - transport: sends the requests (default the real `URLSessionTransport`, and to a loopback backend
    ///     from the simulated network's own loopback address: ``LoopbackSourceTransport``; tests may script it).
    public init(
        target: BackendTarget, transport: any HTTPTransport = LoopbackSourceTransport(base: URLSessionTransport())
    ) {
        self.target = target
        self.transport = transport
    }

    /// This client as the scenarios use it while the dashboard's fault proxy stands in front of the backend
    /// (``FaultProxy``'s `namesSourceAddress`): a browser's click on a loopback backend names its network by
    /// the loopback address it is sent from, in `X-Forwarded-For` too, as the proxy names the devices'
    /// requests, so the backend attributes both to that address whether or not it trusts the header.
    public func reachedThroughFaultProxy() -> BackendClient {
        var client = self
        client.namesSourceAddress = true
        return client
    }

    /// What `X-Forwarded-For` says for a request made from the simulated network `address`.
    private func forwardedFor(_ address: String) -> String {
        namesSourceAddress ? LoopbackUpstream.attributedAddress(for: address, upstream: target.baseURL) : address
    }

    /// The result of a browser click.
    public struct Click: Sendable, Hashable {
        /// The clipboard token the redirect page wrote (`opl_…`).
        public var token: String
        /// `dev` (through `/dev/deferred/simulate`) or `page` (the real redirect page).
        public var via: String
        /// `expiresAt` when the dev endpoint answered it.
        public var expiresAt: String?
    }

    // MARK: Health and capabilities

    /// True when `GET /health` answers within 2 s: 2xx from an OptoLink backend (the contract's health
    /// route); any status from another service's deployment, which has no such route (a QubeRoute, Deep Blue
    /// or AppsFlyer API answering 404 there is up). The embedded server answers 200 whatever the service.
    public func isReachable() async -> Bool {
        guard let url = target.url("health"),
            let response = try? await transport.send(HTTPRequest(method: "GET", url: url, headers: [:], timeout: 2))
        else { return false }
        return target.service != .optoLink || (200...299).contains(response.status)
    }

    /// True when the backend has the dev endpoints (`GET /dev/faults` answers 200 with `pending`); false for
    /// any other answer and for none at all, so a run against `--base-url` first checks that it answers
    /// (``BackendAnswerCheck``).
    public func hasDevEndpoints() async -> Bool {
        guard let url = target.url("dev/faults"),
            let response = try? await transport.send(HTTPRequest(method: "GET", url: url, headers: [:], timeout: 5)),
            response.status == 200,
            let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        else { return false }
        return object["pending"] != nil
    }

    // MARK: Clicks

    /// A browser with `browser`'s traits, on `browser.networkAddress`, clicks `<org>/<shortCode>`.
    /// - Parameters:
    ///   - ageSeconds: pretend the click happened this long ago (dev endpoint only).
    ///   - useDevEndpoint: `/dev/deferred/simulate` (every trait recorded) or the real redirect page.
    /// - Returns: the token and how it was obtained.
    public func click(
        shortCode: String, browser: FingerprintValues, ageSeconds: Double? = nil,
        useDevEndpoint: Bool
    ) async throws(DashboardError) -> Click {
        let profile = target.profile
        if useDevEndpoint {
            let (path, body) = profile.devClick(shortCode, browser: browser, ageSeconds: ageSeconds, target: target)
            let object = try await json("POST", path, body: body, address: browser.networkAddress)
            guard let token = object["clipboardToken"] as? String ?? object["token"] as? String else {
                throw .backend("/\(path) answered without a token")
            }
            return Click(token: token, via: "dev", expiresAt: object["expiresAt"] as? String)
        }
        let (path, needsToken) = profile.pageClick(shortCode, browser: browser, target: target)
        guard let url = target.url(path) else { throw .backend("cannot build the link URL") }
        let headers = [
            "User-Agent": Self.userAgent(for: browser), "Accept-Language": browser.language,
            "Accept": "text/html", "X-Forwarded-For": forwardedFor(browser.networkAddress),
        ]
        let route = "/" + (path.split(separator: "?").first.map(String.init) ?? path)
        let response = try await send(HTTPRequest(method: "GET", url: url, headers: headers, timeout: 10))
        guard (200...299).contains(response.status) else {
            throw .backend("GET \(route) answered \(response.status)")
        }
        let token = Self.token(inPage: String(decoding: response.body, as: UTF8.self))
        guard let token = token ?? (needsToken ? nil : "") else {
            throw .backend("the redirect page of \(route) holds no opl_ clipboard token")
        }
        return Click(token: token, via: "page", expiresAt: nil)
    }

    /// The first `opl_` + 22 base64url characters in an HTML page.
    public static func token(inPage html: String) -> String? {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var search = html[...]
        while let range = search.range(of: "opl_") {
            let rest = search[range.upperBound...]
            let body = rest.prefix(22)
            let next = rest.dropFirst(22).first
            if body.count == 22, body.allSatisfy({ allowed.contains($0) }), next.map({ !allowed.contains($0) }) ?? true
            {
                return "opl_" + body
            }
            search = rest
        }
        return nil
    }

    /// A browser User-Agent with the fingerprint's platform and OS version (what a real redirect page sees).
    public static func userAgent(for browser: FingerprintValues) -> String {
        switch browser.platform.lowercased() {
        case "ios":
            let version = browser.osVersion.replacingOccurrences(of: ".", with: "_")
            let major = browser.osVersion.split(separator: ".").first.map(String.init) ?? "17"
            // Safari names the device family: AppsFlyer's click page reads it (an iPad is not an iPhone).
            if browser.deviceModel.hasPrefix("iPad") {
                return
                    "Mozilla/5.0 (iPad; CPU OS \(version) like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
                    + "Version/\(major).0 Mobile/15E148 Safari/604.1"
            }
            return
                "Mozilla/5.0 (iPhone; CPU iPhone OS \(version) like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
                + "Version/\(major).0 Mobile/15E148 Safari/604.1"
        case "android":
            return "Mozilla/5.0 (Linux; Android \(browser.osVersion); \(browser.deviceModel)) AppleWebKit/537.36 "
                + "(KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36"
        default:
            return "Mozilla/5.0 (\(browser.platform) \(browser.osVersion))"
        }
    }

    // MARK: Faults and match attempts

    /// `POST /dev/faults`.
    public func addFault(_ fault: FaultSpec) async throws(DashboardError) {
        _ = try await json("POST", "dev/faults", body: fault.body, address: nil)
    }

    /// `DELETE /dev/faults`.
    public func clearFaults() async throws(DashboardError) {
        _ = try await json("DELETE", "dev/faults", body: nil, address: nil)
    }

    /// `GET /dev/match-attempts?deviceId=&limit=`, newest first, as dashboard rows with their breakdown.
    public func matchAttempts(deviceId: String, limit: Int = 20) async throws(DashboardError) -> [MatchAttempt] {
        let id = deviceId.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? deviceId
        let object = try await json("GET", "dev/match-attempts?deviceId=\(id)&limit=\(limit)", body: nil, address: nil)
        guard let attempts = object["attempts"] as? [[String: Any]] else {
            throw .backend("/dev/match-attempts answered without attempts")
        }
        return attempts.map(Self.attempt)
    }

    /// The server's record of the match attempts made from `address` on the target's service, newest
    /// first: by the device id for OptoLink and QubeRoute (its install token), by the address for Deep
    /// Blue and AppsFlyer, whose requests carry no id the server keeps.
    public func matchAttempts(deviceId: String, address: String, limit: Int = 20) async throws(DashboardError)
        -> [MatchAttempt]
    {
        let profile = target.profile
        if profile.service == .optoLink { return try await matchAttempts(deviceId: deviceId, limit: limit) }
        let object = try await json(
            "GET", "dev/match-attempts?service=\(profile.attemptTag)&limit=200", body: nil, address: nil)
        guard let attempts = object["attempts"] as? [[String: Any]] else {
            throw .backend("/dev/match-attempts answered without attempts")
        }
        let mine = attempts.filter { attempt in
            attempt["ip"] as? String == address
                && (profile.service != .quberoute || attempt["deviceId"] as? String == deviceId)
        }
        return mine.prefix(limit).map(Self.attempt)
    }

    /// `GET /dev/quberoute/installs?installToken=`: the install QubeRoute's emulation keeps for the token
    /// (`eventCount`, `events`, `attribution`…), nil when it has none.
    public func quberouteInstall(installToken: String) async throws(DashboardError) -> [String: Any]? {
        let token = installToken.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? installToken
        let object = try await json("GET", "dev/quberoute/installs?installToken=\(token)", body: nil, address: nil)
        return (object["installs"] as? [[String: Any]])?.first
    }

    static func attempt(_ json: [String: Any]) -> MatchAttempt {
        let result = json["result"] as? [String: Any] ?? [:]
        let candidates = (json["candidates"] as? [[String: Any]] ?? []).map { c -> MatchCandidate in
            var points: [ScoreComponent: Int] = [:]
            for (key, value) in c["points"] as? [String: Any] ?? [:] {
                if let component = ScoreComponent(key: key) { points[component] = Int(number(value) ?? 0) }
            }
            return MatchCandidate(
                shortCode: c["shortCode"] as? String ?? "?", path: c["path"] as? String ?? "?",
                ageSeconds: number(c["ageSeconds"]) ?? 0, points: points, total: Int(number(c["total"]) ?? 0))
        }
        return MatchAttempt(
            id: json["id"] as? String ?? "?", at: json["at"] as? String, matched: result["matched"] as? Bool ?? false,
            method: result["matchMethod"] as? String ?? "NONE", confidence: result["matchConfidence"] as? String,
            score: number(result["matchScore"]), path: result["path"] as? String,
            breakdown: MatchBreakdown(
                threshold: Int(number(json["threshold"]) ?? 65), guardFired: json["guardFired"] as? Bool ?? false,
                candidates: candidates),
            source: .server)
    }

    private static func number(_ value: Any?) -> Double? {
        if let n = value as? NSNumber { return n.doubleValue }
        if let d = value as? Double { return d }
        if let i = value as? Int { return Double(i) }
        return nil
    }

    // MARK: Requests

    private func json(_ method: String, _ path: String, body: [String: Any]?, address: String?)
        async throws(DashboardError) -> [String: Any]
    {
        guard let url = target.url(path) else { throw .backend("cannot build a URL for /\(path)") }
        var headers = ["Accept": "application/json"]
        var data: Data?
        if let body {
            headers["Content-Type"] = "application/json"
            data = try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
        }
        if let address { headers["X-Forwarded-For"] = forwardedFor(address) }
        let response = try await send(HTTPRequest(method: method, url: url, headers: headers, body: data, timeout: 10))
        let route = "/" + (path.split(separator: "?").first.map(String.init) ?? path)
        guard (200...299).contains(response.status) else {
            let message =
                (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any])?["message"] as? String
            throw .backend("\(method) \(route) answered \(response.status)\(message.map { ": \($0)" } ?? "")")
        }
        guard let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any] else {
            throw .backend("\(method) \(route) answered something that is not a JSON object")
        }
        return object
    }

    /// Sends `request`; a transport's error becomes ``DashboardError/backend(_:)`` naming the request, unless
    /// it is one already (``LoopbackSourceTransport``'s names the request and the source address itself).
    private func send(_ request: HTTPRequest) async throws(DashboardError) -> HTTPResponse {
        do {
            return try await transport.send(request)
        } catch let error as DashboardError {
            throw error
        } catch {
            // In words (`timed out`, `connection refused (…)`), not Foundation's "The operation could not be
            // completed. (NSURLErrorDomain error -1001.)", which is all a URLError says on Linux.
            throw .backend(
                "\(request.method) \(request.url.path) got no answer: \(DoctorExchange.Failure(error).explanation)")
        }
    }
}
