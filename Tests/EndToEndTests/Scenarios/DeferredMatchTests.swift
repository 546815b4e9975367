import Foundation
import OptoLink
import OptoLinkTesting
import Testing

/// The dashboard's deferred scenarios, SDK ↔ server over loopback: a browser click recorded through
/// `/dev/deferred/simulate`, then a fresh install's first launch. Method, confidence and `matchScore`
/// are the ones the contract demands; expected scores are computed from the seed's weight table.
@Suite("Deferred scenarios end to end")
struct DeferredMatchTests {
    /// A browser's traits (empty = the browser does not tell).
    static func browser(_ platform: String, _ os: String, model: String = "", _ language: String, tz: String = "")
        -> Fingerprint
    {
        Fingerprint(platform: platform, osVersion: os, deviceModel: model, language: language, timezone: tz)
    }

    /// Runs a fresh install's first launch and returns the link it resolved to, the links delivered
    /// (listened to for a bounded time after) and the device.
    static func firstLaunch(
        _ server: TestServer, device: SimulatedDevice, clipboardEnabled: Bool = true, expectDelivery: Bool
    ) async throws -> (resolved: OptoLinkData?, delivered: [OptoLinkData], sdk: OptoLink) {
        let sdk = try device.start(server.baseURL, clipboardEnabled: clipboardEnabled)
        let links = Collector(sdk.links)
        let resolved = await sdk.resolveDeferredLink()
        let delivered = await links.settle(count: expectDelivery ? 1 : 0)
        return (resolved, delivered, sdk)
    }

    @Test("deferred-clipboard: the copied token matches across networks, CLIPBOARD / exact, pasteboard cleared")
    func clipboard() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let token = try await server.simulateClick(
            "summer", browser: Self.browser("iOS", "17.4.1", "en-US"), from: "198.51.100.20")
        var device = SimulatedDevice(address: "203.0.113.20")  // another network: only the token can match
        device.pasteboard = InMemoryPasteboard(string: token)

        let (resolved, delivered, sdk) = try await Self.firstLaunch(server, device: device, expectDelivery: true)

        let link = try #require(resolved)
        #expect(link.matchType == .clipboard)
        #expect(link.confidence == .exact)
        #expect(link.matchScore == nil)
        #expect(link.isDeferred)
        #expect(link.path == DemoLinks.summerPath)
        #expect(link.params == DemoLinks.summerParams)
        #expect(delivered == [link])
        #expect(device.pasteboard.content == nil)
        #expect(device.pasteboard.clearCount == 1)
        #expect(device.firstLaunchDone)
        await sdk.shutdown()
    }

    @Test("deferred-clipboard through the real redirect page: the token in its HTML matches CLIPBOARD / exact")
    func clipboardFromRedirectPage() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let (status, html) = try await server.send(
            "GET", "/demo/welcome", address: "198.51.100.21",
            headers: [
                "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15",
                "Accept-Language": "en-US,en;q=0.9",
            ])
        #expect(status == 200)
        let page = String(decoding: html, as: UTF8.self)
        let pattern = try NSRegularExpression(pattern: "opl_[A-Za-z0-9_-]{22}")
        let match = try #require(pattern.firstMatch(in: page, range: NSRange(page.startIndex..., in: page)))
        let token = String(page[try #require(Range(match.range, in: page))])
        var device = SimulatedDevice(address: "203.0.113.21")
        device.pasteboard = InMemoryPasteboard(string: token)  // what the page's script copied

        let (resolved, delivered, sdk) = try await Self.firstLaunch(server, device: device, expectDelivery: true)

        #expect(resolved?.matchType == .clipboard)
        #expect(resolved?.confidence == .exact)
        #expect(resolved?.path == DemoLinks.welcomePath)
        #expect(resolved?.params == DemoLinks.welcomeParams)
        #expect(delivered.count == 1)
        await sdk.shutdown()
    }

    @Test("deferred-fingerprint-exact: same network, platform + OS + model equal → FINGERPRINT_EXACT / high")
    func fingerprintExact() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = SimulatedDevice(address: "198.51.100.30")
        // Language differs on purpose: P2 compares platform, OS version and model only.
        _ = try await server.simulateClick(
            "welcome", browser: Self.browser("iOS", "17.4.1", model: "iPhone16,1", "de-DE"), from: device.address)

        let (resolved, delivered, sdk) = try await Self.firstLaunch(server, device: device, expectDelivery: true)

        let link = try #require(resolved)
        #expect(link.matchType == .fingerprintExact)
        #expect(link.confidence == .high)
        #expect(link.matchScore == nil)
        #expect(link.path == DemoLinks.welcomePath)
        #expect(link.params == DemoLinks.welcomeParams)
        #expect(link.isDeferred)
        #expect(delivered == [link])
        #expect(device.pasteboard.readCount == 0)  // nothing on the pasteboard: never read
        #expect(device.firstLaunchDone)
        await sdk.shutdown()
    }

    @Test("deferred-scored-medium: IP + platform + OS major + language + timezone + recency = 77 → medium")
    func scoredMedium() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = SimulatedDevice(address: "198.51.100.40")
        // App: iOS 17.4.1, iPhone16,1, en-US, America/New_York. Browser: OS 17.2 (major only), model unknown.
        _ = try await server.simulateClick(
            "summer", browser: Self.browser("iOS", "17.2", "en-US", tz: "America/New_York"), from: device.address)
        let expectedPoints = [
            "ip": ContractScore.ip, "platform": ContractScore.platform, "osVersion": ContractScore.osMajorOnly,
            "language": ContractScore.language, "timezone": ContractScore.timezone, "deviceModel": 0,
            "recency": ContractScore.recency(ageSeconds: 0),
        ]
        let expected = expectedPoints.values.reduce(0, +)
        #expect(expected == 77)

        let (resolved, delivered, sdk) = try await Self.firstLaunch(
            server, device: device, clipboardEnabled: false, expectDelivery: true)

        let link = try #require(resolved)
        #expect(link.matchType == .fingerprintScored)
        #expect(link.matchScore == Double(expected))
        #expect(link.confidence == MatchConfidence(rawValue: ContractScore.confidence(expected)))
        #expect(link.confidence == .medium)
        #expect(link.path == DemoLinks.summerPath)
        #expect(delivered == [link])
        let attempt = try #require(try await server.matchAttempts(deviceId: sdk.deviceId).first)
        #expect(attempt.candidates.first?.points == expectedPoints)
        #expect(attempt.result.matchScore == expected)
        await sdk.shutdown()
    }

    @Test("deferred-scored-low: IP + platform + OS major + language + recency(10 min) = 65 (the threshold) → low")
    func scoredLow() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = SimulatedDevice(address: "198.51.100.50")
        let age = 600.0
        _ = try await server.simulateClick(
            "flash", browser: Self.browser("iOS", "17.0", "en-US", tz: "Europe/Berlin"),
            from: device.address, ageSeconds: age)
        let expectedPoints = [
            "ip": ContractScore.ip, "platform": ContractScore.platform, "osVersion": ContractScore.osMajorOnly,
            "language": ContractScore.language, "timezone": 0, "deviceModel": 0,
            "recency": ContractScore.recency(ageSeconds: age),
        ]
        let expected = expectedPoints.values.reduce(0, +)
        #expect(expected == ContractScore.threshold)

        let (resolved, delivered, sdk) = try await Self.firstLaunch(server, device: device, expectDelivery: true)

        let link = try #require(resolved)
        #expect(link.matchType == .fingerprintScored)
        #expect(link.matchScore == Double(expected))
        #expect(link.confidence == .low)
        #expect(link.path == DemoLinks.flashPath)
        #expect(link.params == DemoLinks.flashParams)
        #expect(delivered == [link])
        let attempt = try #require(try await server.matchAttempts(deviceId: sdk.deviceId).first)
        #expect(attempt.candidates.first?.points == expectedPoints)
        await sdk.shutdown()
    }

    @Test("deferred-ip-fuzzy: same network, nothing else alike (score 39 < 65) → IP_FUZZY / low, no score")
    func ipFuzzy() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = SimulatedDevice(address: "198.51.100.60")
        _ = try await server.simulateClick(
            "summer", browser: Self.browser("Android", "14", model: "Pixel 8", "fr-FR", tz: "Europe/Paris"),
            from: device.address)

        let (resolved, delivered, sdk) = try await Self.firstLaunch(server, device: device, expectDelivery: true)

        let link = try #require(resolved)
        #expect(link.matchType == .ipFuzzy)
        #expect(link.confidence == .low)
        #expect(link.matchScore == nil)
        #expect(link.path == DemoLinks.summerPath)
        #expect(delivered == [link])
        let attempt = try #require(try await server.matchAttempts(deviceId: sdk.deviceId).first)
        #expect(attempt.candidates.first?.total == ContractScore.ip + ContractScore.recency(ageSeconds: 0))
        await sdk.shutdown()
    }

    /// Four browsers on one network, each scoring ≥ 65 against the app without being an exact match.
    static let sharedNetworkClicks: [(code: String, browser: Fingerprint, score: Int)] = [
        (
            "summer", browser("iOS", "17.2", "en-US", tz: "America/New_York"),
            ContractScore.ip + ContractScore.platform + ContractScore.osMajorOnly + ContractScore.language
                + ContractScore.timezone + 9
        ),
        (
            "welcome", browser("iOS", "17.4.1", "en-US", tz: "America/New_York"),
            ContractScore.ip + ContractScore.platform + ContractScore.osExact + ContractScore.language
                + ContractScore.timezone + 9
        ),
        (
            "flash", browser("iOS", "17.1", "en-US"),
            ContractScore.ip + ContractScore.platform + ContractScore.osMajorOnly + ContractScore.language + 9
        ),
        (
            "summer", browser("iOS", "17.4.1", model: "iPhone15,2", "en-US"),
            ContractScore.ip + ContractScore.platform + ContractScore.osExact + ContractScore.language + 9
        ),
    ]

    @Test("shared-network-guard: 4 candidates ≥ 65 on one address → no match and no fall-through to IP_FUZZY")
    func sharedNetworkGuardFires() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = SimulatedDevice(address: "198.51.100.70")
        for click in Self.sharedNetworkClicks {
            #expect(click.score >= ContractScore.threshold)
            _ = try await server.simulateClick(click.code, browser: click.browser, from: device.address)
        }

        let (resolved, delivered, sdk) = try await Self.firstLaunch(server, device: device, expectDelivery: false)

        #expect(resolved == nil)
        #expect(delivered.isEmpty)
        #expect(device.firstLaunchDone)
        let attempt = try #require(try await server.matchAttempts(deviceId: sdk.deviceId).first)
        #expect(attempt.guardFired)
        #expect(attempt.result.matched == false)
        #expect(attempt.result.matchMethod == "NONE")  // IP_FUZZY would have matched: the chain stopped
        #expect(attempt.candidates.map(\.total).sorted() == Self.sharedNetworkClicks.map(\.score).sorted())
        await sdk.shutdown()
    }

    @Test("shared-network-guard: 3 candidates ≥ 65 → the best one matches (FINGERPRINT_SCORED 84, medium)")
    func sharedNetworkThreeCandidatesMatch() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = SimulatedDevice(address: "198.51.100.71")
        let clicks = Array(Self.sharedNetworkClicks.prefix(3))
        for click in clicks {
            _ = try await server.simulateClick(click.code, browser: click.browser, from: device.address)
        }
        let best = try #require(clicks.max { $0.score < $1.score })
        #expect(best.code == "welcome")

        let (resolved, delivered, sdk) = try await Self.firstLaunch(server, device: device, expectDelivery: true)

        let link = try #require(resolved)
        #expect(link.matchType == .fingerprintScored)
        #expect(link.matchScore == Double(best.score))
        #expect(link.confidence == MatchConfidence(rawValue: ContractScore.confidence(best.score)))
        #expect(link.path == DemoLinks.welcomePath)
        #expect(delivered == [link])
        let attempt = try #require(try await server.matchAttempts(deviceId: sdk.deviceId).first)
        #expect(!attempt.guardFired)
        await sdk.shutdown()
    }

    @Test(
        "window-expired: a click older than the link's 1 h window matches nothing, token included; inside it, it does")
    func windowExpired() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let exact = Self.browser("iOS", "17.4.1", model: "iPhone16,1", "en-US", tz: "America/New_York")
        var late = SimulatedDevice(address: "198.51.100.80")
        let token = try await server.simulateClick("flash", browser: exact, from: late.address, ageSeconds: 3600 + 60)
        late.pasteboard = InMemoryPasteboard(string: token)

        let (resolved, delivered, sdk) = try await Self.firstLaunch(server, device: late, expectDelivery: false)

        #expect(resolved == nil)
        #expect(delivered.isEmpty)
        #expect(late.firstLaunchDone)
        #expect(late.pasteboard.readCount == 1)  // the token was read and sent, and matched nothing
        #expect(late.pasteboard.content == nil)  // cleared after the first launch, as in the Flutter SDK
        await sdk.shutdown()

        // The control: the same click 1 minute inside the window matches.
        let inTime = SimulatedDevice(address: "198.51.100.81")
        _ = try await server.simulateClick("flash", browser: exact, from: inTime.address, ageSeconds: 3600 - 60)
        let control = try await Self.firstLaunch(server, device: inTime, expectDelivery: true)
        #expect(control.resolved?.matchType == .fingerprintExact)
        #expect(control.resolved?.path == DemoLinks.flashPath)
        #expect(control.delivered.count == 1)
        await control.sdk.shutdown()
    }

    @Test("reinstall-rematch: a relaunch does not match again; a reinstall (new store, new device id) does")
    func reinstallRematch() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let exact = Self.browser("iOS", "17.4.1", model: "iPhone16,1", "en-US", tz: "America/New_York")
        let install = SimulatedDevice(address: "198.51.100.90")
        _ = try await server.simulateClick("summer", browser: exact, from: install.address)
        let first = try await Self.firstLaunch(server, device: install, expectDelivery: true)
        #expect(first.resolved?.path == DemoLinks.summerPath)
        #expect(first.delivered.count == 1)
        let firstDeviceId = first.sdk.deviceId
        await first.sdk.shutdown()

        // Relaunch: same store → same device, no /match, nothing delivered.
        let relaunch = try install.start(server.baseURL)
        let relaunchLinks = Collector(relaunch.links)
        let relaunchDiagnostics = Collector(relaunch.diagnostics)
        #expect(relaunch.deviceId == firstDeviceId)
        #expect(await relaunch.resolveDeferredLink() == nil)
        #expect(await relaunchLinks.settle(count: 0).isEmpty)
        await relaunchDiagnostics.wait { $0.finished(.session) }
        #expect(relaunchDiagnostics.values.requests(.match).isEmpty)
        #expect(relaunchDiagnostics.values.requests(.session).count == 1)
        await relaunch.shutdown()

        // Reinstall: the app's data is gone; the user taps another link before opening the app again.
        var reinstall = install
        reinstall.store = InMemoryKeyValueStore()
        _ = try await server.simulateClick("welcome", browser: exact, from: reinstall.address)
        let second = try await Self.firstLaunch(server, device: reinstall, expectDelivery: true)
        #expect(second.sdk.deviceId != firstDeviceId)
        #expect(second.resolved?.matchType == .fingerprintExact)
        #expect(second.resolved?.path == DemoLinks.welcomePath)  // P2 picks the newest click
        #expect(second.delivered.count == 1)
        #expect(try await server.matchAttempts(deviceId: second.sdk.deviceId).count == 1)
        await second.sdk.shutdown()
    }
}
