import Foundation
import OptoLinkHTTP
import OptoLinkServer

/// The match engine driven directly, for the dashboard's match lab: clicks and first launches go through the
/// same ``MatchState`` and chain as the routes, with the fingerprint each service's click page and API give
/// the engine (the routes' own conversions), on the caller's clock. No HTTP, no SQLite, no rate limiter.
///
/// One difference from ``MatchStore``: expired clicks are swept once per match window of the caller's clock,
/// not once a minute. A lab's clock runs days in seconds, where a sweep per simulated minute
/// would visit every stored click thousands of times over; without any, clicks on addresses never touched again
/// would stay until the state's own sweep (after as many inserts as it holds clicks). Sweeps change what is
/// held, never a decision: an expired click never matches, and the per-address cap drops the oldest clicks
/// first, which are the expired ones.
///
/// ```swift
/// let matcher = DirectMatcher(service: .optoLink, policy: .seed)
/// let safari = DirectMatcher.Browser(userAgent: safariUserAgent, acceptLanguage: "en-US")
/// matcher.click(id: 7, address: "10.0.0.7", signals: .click(.optoLink, safari), at: 0)
/// let decision = matcher.launch(address: "10.0.0.7", clipboardClick: 7, signals: .launch(.optoLink, app), at: 120)
/// // decision.click == 7, decision.method == .clipboard
/// ```
package final class DirectMatcher: Sendable {
    /// The services whose wire formats the reference server emulates.
    package enum Service: String, Sendable, Hashable, CaseIterable {
        /// OptoLink (seed 000): the redirect page's headers; `/match` with the clipboard token and the device's
        /// five fields.
        case optoLink = "optolink"
        /// QubeRoute (seed 001): the click's headers; `match` with the install token and the app's headers.
        case quberoute
        /// Deep Blue Links (seed 004): the click page's gathered time zone, screen and language;
        /// `check-deferred` with the same three.
        case deepBlue = "deepblue"
        /// AppsFlyer's S2S call (seed 003): the click's headers and device family; `os`, `lang`, `type`.
        case appsFlyer = "appsflyer"

        /// Whether the service's first-launch request carries a clipboard token (only OptoLink's `/match`).
        package var carriesClipboardToken: Bool { self == .optoLink }

        /// Whether the service's first-launch request can carry `address`: AppsFlyer's S2S call takes the
        /// device's address as IPv4 only (seed 003's `ip`), and the emulation refuses any other (400), so
        /// such a launch matches nothing, as over the wire.
        package func carries(address: String) -> Bool {
            self != .appsFlyer || AppsFlyerRequest.isIPv4(address)
        }
    }

    /// The numbers the chain decides with (the server's ``MatchPolicy``): the seed's by default.
    package typealias Policy = MatchPolicy

    /// A browser's click as a click page sees it.
    package struct Browser: Sendable, Hashable {
        /// The `User-Agent` header.
        package var userAgent: String
        /// The `Accept-Language` header.
        package var acceptLanguage: String
        /// What a page's script gathers (Deep Blue's click page): the IANA time zone, the screen in pixels and
        /// `navigator.language`. Nil when the page gathered nothing.
        package var timezone: String?
        /// See ``timezone``.
        package var screenWidth: Double?
        /// See ``timezone``.
        package var screenHeight: Double?
        /// See ``timezone``.
        package var language: String?

        /// A click with its headers and what the page gathered.
        package init(
            userAgent: String, acceptLanguage: String, timezone: String? = nil, screenWidth: Double? = nil,
            screenHeight: Double? = nil, language: String? = nil
        ) {
            self.userAgent = userAgent
            self.acceptLanguage = acceptLanguage
            self.timezone = timezone
            self.screenWidth = screenWidth
            self.screenHeight = screenHeight
            self.language = language
        }
    }

    /// What an app's first launch knows about its device, and the headers its HTTP client adds.
    package struct App: Sendable, Hashable {
        /// `UIDevice.systemVersion`, e.g. `26.2`.
        package var osVersion: String
        /// `utsname.machine`, e.g. `iPhone16,1`.
        package var deviceModel: String
        /// The hyphenated locale, e.g. `en-US`.
        package var language: String
        /// The IANA time zone.
        package var timezone: String
        /// The main screen in pixels.
        package var screenWidth: Double
        /// See ``screenWidth``.
        package var screenHeight: Double
        /// The `User-Agent` the app's URLSession sends (`… CFNetwork/… Darwin/…`).
        package var userAgent: String
        /// The `Accept-Language` the app's URLSession sends.
        package var acceptLanguage: String

        /// A device.
        package init(
            osVersion: String, deviceModel: String, language: String, timezone: String, screenWidth: Double,
            screenHeight: Double, userAgent: String, acceptLanguage: String
        ) {
            self.osVersion = osVersion
            self.deviceModel = deviceModel
            self.language = language
            self.timezone = timezone
            self.screenWidth = screenWidth
            self.screenHeight = screenHeight
            self.userAgent = userAgent
            self.acceptLanguage = acceptLanguage
        }
    }

    /// What one side gave the engine, as it compares it.
    package struct Signals: Sendable, Hashable {
        let fingerprint: ClickFingerprint

        /// What `service`'s click page records for `browser` (the route's own conversion).
        package static func click(_ service: Service, _ browser: Browser) -> Signals {
            let headers = ClickFingerprint.headers(userAgent: browser.userAgent, acceptLanguage: browser.acceptLanguage)
            switch service {
            case .optoLink, .quberoute:
                return Signals(fingerprint: headers)
            case .deepBlue:
                let screen = browser.screenWidth.flatMap { width in browser.screenHeight.map { (width, $0) } }
                return Signals(
                    fingerprint: DeepBlueEmulation.fingerprint(
                        headers: headers, timezone: browser.timezone, screen: screen, language: browser.language))
            case .appsFlyer:
                return Signals(
                    fingerprint: AppsFlyerEmulation.clickFingerprint(
                        userAgent: browser.userAgent, acceptLanguage: browser.acceptLanguage))
            }
        }

        /// What `service`'s first-launch request gives the engine for `app` (the route's own conversion).
        package static func launch(_ service: Service, _ app: App) -> Signals {
            switch service {
            case .optoLink:
                func sent(_ value: String) -> String? { value.isEmpty ? nil : value }
                return Signals(
                    fingerprint: ClickFingerprint(
                        platform: "iOS", osVersion: sent(app.osVersion), deviceModel: sent(app.deviceModel),
                        language: sent(app.language), timezone: sent(app.timezone)))
            case .quberoute:
                return Signals(
                    fingerprint: ClickFingerprint.headers(userAgent: app.userAgent, acceptLanguage: app.acceptLanguage))
            case .deepBlue:
                return Signals(
                    fingerprint: DeepBlueEmulation.fingerprint(
                        headers: ClickFingerprint.headers(userAgent: app.userAgent, acceptLanguage: app.acceptLanguage),
                        timezone: app.timezone, screen: (app.screenWidth, app.screenHeight), language: app.language))
            case .appsFlyer:
                return Signals(
                    fingerprint: AppsFlyerEmulation.launchFingerprint(
                        os: app.osVersion, lang: app.language, type: app.deviceModel))
            }
        }

        /// Signals as a stored click or a match request holds them: the five fields, each nil (or empty) when
        /// unknown. What a replay of recorded clicks and first opens gives the engine.
        package static func fields(
            platform: String?, osVersion: String?, deviceModel: String?, language: String?, timezone: String?
        ) -> Signals {
            func known(_ value: String?) -> String? { value?.isEmpty == false ? value : nil }
            return Signals(
                fingerprint: ClickFingerprint(
                    platform: known(platform), osVersion: known(osVersion), deviceModel: known(deviceModel),
                    language: known(language), timezone: known(timezone)))
        }

        /// The platform compared (nil: unknown).
        package var platform: String? { fingerprint.platform }
        /// The OS version compared.
        package var osVersion: String? { fingerprint.osVersion }
        /// The device model compared (Deep Blue: `screen:<short>x<long>`; AppsFlyer: the device family).
        package var deviceModel: String? { fingerprint.deviceModel }
        /// The language compared.
        package var language: String? { fingerprint.language }
        /// The time zone compared.
        package var timezone: String? { fingerprint.timezone }
    }

    /// What the chain decided for one launch.
    package struct Decision: Sendable, Hashable {
        /// How a launch matched.
        package enum Method: String, Sendable, Hashable, CaseIterable {
            /// P1: the clipboard token.
            case clipboard = "CLIPBOARD"
            /// P1.5: the install referrer (Android only).
            case installReferrer = "INSTALL_REFERRER"
            /// P2: platform, OS version and model equal on the same address.
            case exact = "FINGERPRINT_EXACT"
            /// P2.5: the weighted score reached the threshold.
            case scored = "FINGERPRINT_SCORED"
            /// P3: the newest click on the address.
            case ip = "IP_FUZZY"
        }

        /// The id of the click matched, nil for none.
        package var click: Int?
        /// How, nil for no match.
        package var method: Method?
        /// The answer's `matchConfidence` (`exact`, `high`, `medium`, `low`), nil for no match.
        package var confidence: String?
        /// The matched click's points when it was scored (every fingerprint method, when the click was on the
        /// address's scored list), nil for the clipboard and for no match.
        package var score: Int?
        /// True when the shared-network guard rejected every candidate.
        package var guardFired: Bool
        /// How many clicks on the address were scored.
        package var candidates: Int
    }

    /// One click the chain scored for a launch, for an explanation.
    package struct Candidate: Sendable, Hashable {
        /// The click's id.
        package var click: Int
        /// How old the click was, in seconds.
        package var ageSeconds: Double
        /// Points per component, keyed as `/dev/match-attempts` keys them (`ip`, `platform`, `osVersion`,
        /// `language`, `timezone`, `deviceModel`, `recency`).
        package var points: [String: Int]
        /// The total.
        package var total: Int
        /// What the click recorded.
        package var signals: Signals
    }

    /// The service whose wire format the signals follow.
    package let service: Service
    /// The numbers the chain decides with.
    package let policy: Policy
    private let enginePolicy: MatchEngine.Policy
    private let state = Locked(
        (state: MatchState(limits: .init(maxRecordsPerAddress: 1_000, memoryBudget: .max)), lastSweep: -Double.infinity)
    )

    /// An empty store for `service`, deciding with `policy`. The per-address cap is the server's (1 000
    /// clicks); the memory budget is off, so no click leaves before its window ends.
    package init(service: Service, policy: Policy = .seed) {
        self.service = service
        self.policy = policy
        self.enginePolicy = policy.engine
    }

    /// Records click `id` from `address`, `at` seconds on the caller's clock, as `service`'s click page would.
    package func click(id: Int, address: String, signals: Signals, at: TimeInterval) {
        let now = Date(timeIntervalSinceReferenceDate: at)
        let record = MatchRecord(
            token: Self.token(forClick: id), orgId: 0, linkId: "lab", shortCode: "lab", path: "/lab", params: [:],
            ipHash: address, fingerprint: signals.fingerprint, recordedAt: now,
            expiresAt: now.addingTimeInterval(policy.window))
        state.withLock {
            if at - $0.lastSweep >= policy.window {
                $0.state.sweep(now: now)
                $0.lastSweep = at
            }
            $0.state.insert(record, now: now)
        }
    }

    /// Runs the chain for a first launch from `address` at `at`, with the clipboard holding click
    /// `clipboardClick`'s token (ignored by a service whose request carries none).
    package func launch(address: String, clipboardClick: Int?, signals: Signals, at: TimeInterval) -> Decision {
        decide(address: address, clipboardClick: clipboardClick, signals: signals, at: at).decision
    }

    /// ``launch(address:clipboardClick:signals:at:)``, with every click the chain scored, best first.
    package func explainLaunch(address: String, clipboardClick: Int?, signals: Signals, at: TimeInterval) -> (
        decision: Decision, candidates: [Candidate]
    ) {
        let (decision, made) = decide(address: address, clipboardClick: clipboardClick, signals: signals, at: at)
        let candidates = made.candidates.compactMap { candidate -> Candidate? in
            guard let id = Self.click(forToken: candidate.record.token) else { return nil }
            let points = candidate.points
            return Candidate(
                click: id, ageSeconds: candidate.age,
                points: [
                    "ip": points.ip, "platform": points.platform, "osVersion": points.osVersion,
                    "language": points.language, "timezone": points.timezone, "deviceModel": points.deviceModel,
                    "recency": points.recency,
                ], total: points.total, signals: Signals(fingerprint: candidate.record.fingerprint))
        }
        return (decision, candidates)
    }

    private func decide(address: String, clipboardClick: Int?, signals: Signals, at: TimeInterval) -> (
        decision: Decision, made: MatchEngine.Decision
    ) {
        guard service.carries(address: address) else {
            return (
                Decision(guardFired: false, candidates: 0),
                MatchEngine.Decision(result: nil, guardFired: false, candidates: [])
            )
        }
        let token = service.carriesClipboardToken ? clipboardClick.map(Self.token(forClick:)) : nil
        let input = MatchEngine.Input(
            clipboardToken: token, installReferrer: nil, deviceId: nil, fingerprint: signals.fingerprint)
        let now = Date(timeIntervalSinceReferenceDate: at)
        let made = state.withLock {
            MatchEngine.evaluate(input, ipHash: address, now: now, state: &$0.state, policy: enginePolicy)
        }
        guard let result = made.result else {
            return (Decision(guardFired: made.guardFired, candidates: made.candidates.count), made)
        }
        let score =
            result.score
            ?? made.candidates.first { $0.record.token == result.record.token }.map(\.points.total)
        return (
            Decision(
                click: Self.click(forToken: result.record.token), method: Decision.Method(rawValue: result.method),
                confidence: result.confidence, score: result.method == "CLIPBOARD" ? nil : score,
                guardFired: made.guardFired,
                candidates: made.candidates.count),
            made
        )
    }

    /// The base64url digits of a click token.
    private static let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    /// Each byte's digit value, 255 for a byte that is no digit.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 255, count: 256)
        for (value, byte) in digits.enumerated() { table[Int(byte)] = UInt8(value) }
        return table
    }()

    /// Click `id`'s token: `lab:` and the id's base64url digits (`lab:A` for 0, `lab:H` for 7). Not an `opl_`
    /// token (the server's are random): short enough (at most 15 bytes) to live inside a `String` without an
    /// allocation, which the store copies into several lists per click.
    package static func token(forClick id: Int) -> String {
        var value = UInt64(bitPattern: Int64(id))
        var bytes: [UInt8] = []
        repeat {
            bytes.append(digits[Int(value & 63)])
            value >>= 6
        } while value > 0
        return "lab:" + String(decoding: bytes.reversed(), as: UTF8.self)
    }

    /// The click id a ``token(forClick:)`` token spells, nil for any other string.
    package static func click(forToken token: String) -> Int? {
        guard token.hasPrefix("lab:"), (5...15).contains(token.utf8.count) else { return nil }
        var value: UInt64 = 0
        for byte in token.utf8.dropFirst(4) {
            let digit = values[Int(byte)]
            guard digit != 255, value >> 58 == 0 else { return nil }
            value = value << 6 | UInt64(digit)
        }
        return Int(exactly: Int64(bitPattern: value))
    }
}
