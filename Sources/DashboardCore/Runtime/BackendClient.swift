import Foundation
import OptoLink
import OptoLinkFaults
import OptoLinkToolSupport

/// The dashboard's own calls to the backend (not the SDK's): `/health`, the browser's click, and the dev
/// endpoints (`/dev/deferred/simulate`, `/dev/faults`, `/dev/match-attempts`).
///
/// Every request carries `X-Forwarded-For` with the simulated address of whoever makes it (the browser for
/// a click). Without dev endpoints a click is the ``SimulatedBrowser`` opening the link itself, and the
/// token is read from the pages it reached.
package struct BackendClient: Sendable {
    /// The backend.
    package let target: BackendTarget
    private let transport: any HTTPTransport
    private let browser: SimulatedBrowser
    /// Clicks name their network by the loopback address they are sent from (``reachedThroughFaultProxy()``).
    private var namesSourceAddress = false

    /// Creates a client.
    /// - Parameters:
    ///   - target: the backend.
    ///   - transport: sends the requests (default the real `URLSessionTransport`, and to a loopback backend
    ///     from the simulated network's own loopback address: ``LoopbackSourceTransport``; tests may script it).
    ///   - browser: clicks the links (default a ``SimulatedBrowser`` on the real network).
    package init(
        target: BackendTarget, transport: any HTTPTransport = LoopbackSourceTransport(base: URLSessionTransport()),
        browser: SimulatedBrowser = SimulatedBrowser()
    ) {
        self.target = target
        self.transport = transport
        self.browser = browser
    }

    /// This client as the scenarios use it while the dashboard's fault proxy stands in front of the backend
    /// (``FaultProxy``'s `namesSourceAddress`): a browser's click on a loopback backend names its network by
    /// the loopback address it is sent from, in `X-Forwarded-For` too, as the proxy names the devices'
    /// requests, so the backend attributes both to that address whether or not it trusts the header.
    package func reachedThroughFaultProxy() -> BackendClient {
        var client = self
        client.namesSourceAddress = true
        return client
    }

    /// What `X-Forwarded-For` says for a request made from the simulated network `address`.
    private func forwardedFor(_ address: String) -> String {
        namesSourceAddress ? LoopbackUpstream.attributedAddress(for: address, upstream: target.baseURL) : address
    }

    /// The result of a browser click.
    package struct Click: Sendable, Hashable {
        /// The clipboard token the redirect page wrote (`opl_…`; empty when the service's pages write none).
        package var token: String
        /// `dev` (through the reference server's `/dev` click route) or `page` (the browser opened the link).
        package var via: String
        /// `expiresAt` when the dev endpoint answered it.
        package var expiresAt: String?
        /// The browser's hops, for a `page` click.
        package var visit: BrowserVisit?
    }

    // MARK: Health and capabilities

    /// True when `GET /health` answers within 2 s: 2xx from an OptoLink backend (the contract's health
    /// route); any status from another service's deployment, which has no such route (a QubeRoute, Deep Blue
    /// or AppsFlyer API answering 404 there is up). The embedded server answers 200 whatever the service.
    package func isReachable() async -> Bool {
        guard let url = target.url("health"),
            let response = try? await transport.send(HTTPRequest(method: "GET", url: url, headers: [:], timeout: 2))
        else { return false }
        return target.service != .optoLink || (200...299).contains(response.status)
    }

    /// True when the backend has every dev endpoint (``capabilities()``).
    package func hasDevEndpoints() async -> Bool { await capabilities().devEndpoints }

    /// What the backend offers beyond its service's API, each route asked once: `GET /dev/faults` (200 with
    /// `pending`), `GET /dev/match-attempts?limit=1` (200 with `attempts`), and the service's dev click route with
    /// an empty body (there when it refuses the body, 400 or 422, or takes it; a 401, 403, 404 or 405 says it is
    /// not). Whether it is the reference server at all is read from its `Server` header
    /// (``ReferenceServer/name``) on any answer, in production too. No answer reads as none of them, so a run
    /// against `--base-url` first checks that it answers (``BackendAnswerCheck``).
    package func capabilities() async -> BackendCapabilities {
        async let faults = probe("GET", "dev/faults", member: "pending")
        async let attempts = probe("GET", "dev/match-attempts?limit=1", member: "attempts")
        async let click = probe("POST", target.profile.devClickPath, member: nil)
        let (f, a, c) = await (faults, attempts, click)
        return BackendCapabilities(
            clickRoute: c.present, faults: f.present, matchAttempts: a.present,
            referenceServer: f.reference || a.reference || c.reference)
    }

    /// Whether the route answers as present (a JSON object with `member`, or for a POST of `{}` a refusal of
    /// the body or a success), and whether the answer came from the reference server.
    private func probe(_ method: String, _ path: String, member: String?) async -> (present: Bool, reference: Bool) {
        guard let url = target.url(path) else { return (false, false) }
        let body = method == "POST" ? Data("{}".utf8) : nil
        let headers = method == "POST" ? ["Content-Type": "application/json"] : [:]
        guard
            let response = try? await transport.send(
                HTTPRequest(method: method, url: url, headers: headers, body: body, timeout: 5))
        else { return (false, false) }
        let reference = response.header("Server")?.hasPrefix(ReferenceServer.name) == true
        guard let member else {
            return ((200...299).contains(response.status) || [400, 422].contains(response.status), reference)
        }
        guard response.status == 200,
            let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        else { return (false, reference) }
        return (object[member] != nil, reference)
    }

    // MARK: Clicks

    /// A browser with `browser`'s traits, on `browser.networkAddress`, clicks `link`.
    /// - Parameters:
    ///   - ageSeconds: pretend the click happened this long ago (the reference server's dev route only).
    ///   - useDevEndpoint: through the reference server's `/dev` click route (every trait recorded; needs the
    ///     link's code, known for the demo links or read from a URL of the reference server's shape), else the
    ///     ``SimulatedBrowser`` opens the link.
    ///   - observe: gets the browser's visit (its hops) before it is checked, also when it failed.
    /// - Returns: the token and how it was obtained.
    /// - Throws: ``DashboardError/backend(_:)`` when the click failed: a hop refused or unanswered, or an
    ///   OptoLink redirect page without a clipboard token.
    package func click(
        _ link: ScenarioLink, browser: FingerprintValues, ageSeconds: Double? = nil, useDevEndpoint: Bool,
        observe: @Sendable (BrowserVisit) -> Void = { _ in }
    ) async throws(DashboardError) -> Click {
        let profile = target.profile
        if useDevEndpoint, let code = link.code ?? profile.devCode(of: link.url, target: target) {
            let (path, body) = profile.devClick(code, browser: browser, ageSeconds: ageSeconds, target: target)
            let object = try await json("POST", path, body: body, address: browser.networkAddress)
            guard let token = object["clipboardToken"] as? String ?? object["token"] as? String else {
                throw .backend("/\(path) answered without a token")
            }
            return Click(token: token, via: "dev", expiresAt: object["expiresAt"] as? String)
        }
        if ageSeconds != nil {
            throw .backend(
                "a click on \(link.url.absoluteString) cannot be dated back: only the reference server's /dev click "
                    + "route can, for a link of its own shape")
        }
        let visit = await self.browser.visit(
            link.url, as: browser, forwardedFor: forwardedFor(browser.networkAddress))
        observe(visit)
        guard visit.end.isSuccess else {
            throw .backend("the click on \(link.url.absoluteString) failed: \(visit.summary)")
        }
        // Only a service with clipboard matching has a click page that writes its token to the pasteboard.
        guard let token = visit.token ?? (profile.lacks(.clipboard) == nil ? nil : "") else {
            throw .backend(
                "the \(profile.clickPage) of \(link.url.absoluteString) holds no opl_ clipboard token "
                    + "(\(visit.summary))"
            )
        }
        return Click(token: token, via: "page", expiresAt: nil, visit: visit)
    }

    // MARK: Faults and match attempts

    /// `POST /dev/faults`.
    package func addFault(_ rule: FaultRule) async throws(DashboardError) {
        guard let body = rule.wireBody else {
            throw .backend("/dev/faults cannot inject \(rule.label): only the proxy can")
        }
        _ = try await json("POST", "dev/faults", body: body, address: nil)
    }

    /// `DELETE /dev/faults`.
    package func clearFaults() async throws(DashboardError) {
        _ = try await json("DELETE", "dev/faults", body: nil, address: nil)
    }

    /// `GET /dev/match-attempts?deviceId=&limit=`, newest first, as dashboard rows with their breakdown.
    package func matchAttempts(deviceId: String, limit: Int = 20) async throws(DashboardError) -> [MatchAttempt] {
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
    package func matchAttempts(deviceId: String, address: String, limit: Int = 20) async throws(DashboardError)
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
    /// The server's newest match attempt on the target's service and the address it came from
    /// (`GET /dev/match-attempts?service=…&limit=1`), nil when there is none: for a caller that sends one first
    /// launch at a time to a server of its own, as the match lab's wire engine does (one attempt's JSON, where
    /// the filtered reads above take up to 200 with every candidate).
    package func latestMatchAttempt() async throws(DashboardError) -> (attempt: MatchAttempt, address: String?)? {
        let object = try await json(
            "GET", "dev/match-attempts?service=\(target.profile.attemptTag)&limit=1", body: nil, address: nil)
        guard let attempts = object["attempts"] as? [[String: Any]] else {
            throw .backend("/dev/match-attempts answered without attempts")
        }
        return attempts.first.map { (Self.attempt($0), $0["ip"] as? String) }
    }

    /// A lab server's control (`GET /dev/lab`: a reference server started as `optolink-lab-server`).
    package func labStatus() async throws(DashboardError) -> LabServerStatus {
        try LabServerStatus(try await json("GET", "dev/lab", body: nil, address: nil))
    }

    /// Sets a lab server's clock to `date` (`POST /dev/lab/clock`).
    package func setLabClock(_ date: Date) async throws(DashboardError) {
        _ = try await json("POST", "dev/lab/clock", body: ["now": ISO8601Text.string(date)], address: nil)
    }

    /// QubeRoute's recorded install for `installToken` (`GET /dev/quberoute/installs`), nil when it has none.
    package func quberouteInstall(installToken: String) async throws(DashboardError) -> [String: Any]? {
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
        let won = json["winner"] as? [String: Any]
        let winner = won.map { w in
            MatchWinner(
                shortCode: w["shortCode"] as? String ?? "?", path: w["path"] as? String ?? "?",
                recordedAt: w["recordedAt"] as? String ?? "?", method: w["method"] as? String ?? "?",
                matchedAt: w["matchedAt"] as? String, graceSeconds: number(w["graceSeconds"]) ?? 30)
        }
        return MatchAttempt(
            id: json["id"] as? String ?? "?", at: json["at"] as? String, matched: result["matched"] as? Bool ?? false,
            method: result["matchMethod"] as? String ?? "NONE", confidence: result["matchConfidence"] as? String,
            score: number(result["matchScore"]), path: result["path"] as? String,
            breakdown: MatchBreakdown(
                threshold: Int(number(json["threshold"]) ?? 65), guardFired: json["guardFired"] as? Bool ?? false,
                candidates: candidates),
            winner: winner, source: .server)
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
