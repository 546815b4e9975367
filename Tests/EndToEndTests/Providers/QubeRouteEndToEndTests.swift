import Foundation
import OptoLink
import OptoLinkTesting
import Testing

/// The SDK's QubeRoute provider against the server's QubeRoute emulation (seed 001), over loopback: the
/// real `URLSessionTransport`, the demo seed's project, `X-Forwarded-For` for the simulated network.
@Suite("QubeRoute end to end")
struct QubeRouteEndToEndTests {
    /// The app's link host: QubeRoute finds a link by its click URL (`…/qr/<alias>`) on any host.
    static let linkHost = "go.demo.test"
    static let springURL = URL(string: "https://\(linkHost)/qr/spring")!

    static func configuration(
        _ server: TestServer, key: String = EmulatedDemo.quberouteLive, timeout: TimeInterval = 3,
        backoffBase: TimeInterval = 0.05
    ) throws -> OptoLinkConfiguration {
        try OptoLinkConfiguration.quberoute(
            publishableKey: key, baseURL: server.baseURL, links: .init(domains: [linkHost]),
            retry: RetryPolicy(backoffBase: backoffBase), timeout: timeout)
    }

    /// The `eventId`s of every events request on the wire, one list per attempt.
    static func eventIdBatches(_ wire: WireLog) -> [[String]] {
        wire.sent(to: "/api/v1/sdk/events").map { entry in
            ((entry.json["events"] as? [[String: Any]]) ?? []).compactMap { $0["eventId"] as? String }
        }
    }

    /// The server's record of this install (`/dev/quberoute/installs`), polled until `predicate` holds.
    static func install(
        _ server: TestServer, token: String, timeout: TimeInterval = 30,
        until predicate: ([String: Any]) -> Bool = { _ in true }
    ) async throws -> [String: Any]? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let install = try await server.quberouteInstalls(token: token).first, predicate(install) {
                return install
            }
            if Date() > deadline { return nil }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
    }

    static func eventCount(_ install: [String: Any]?) -> Int { (install?["eventCount"] as? Int) ?? -1 }

    // MARK: Direct open

    @Test("direct open of a click URL: one resolve, the link's data as params, confidence 1, reason direct")
    func directOpenDeliversLinkDataWithConfidenceOne() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = ProviderDevice(address: "198.51.100.10")
        device.markInstalledEarlier()
        let sdk = device.start(try Self.configuration(server))
        let links = Collector(sdk.links)

        let opened = try #require(await sdk.handle(url: Self.springURL))

        #expect(opened.service == .quberoute)
        #expect(opened.matchType == .direct)
        #expect(opened.isDeferred == false)
        #expect(opened.path == "/promo/spring")
        #expect(opened.params == ["sku": .string("spring-box")])
        #expect(opened.linkId == "spring")
        #expect(opened.confidenceScore == 1)
        #expect(opened.confidence == .exact)
        #expect(opened.reason == "direct")
        #expect(opened.providerFields["campaign"] == .string("spring-sale"))
        #expect(opened.providerFields["channel"] == .string("email"))
        #expect(opened.providerFields["attributed"] == .bool(true))
        #expect(await links.settle(count: 1) == [opened])
        // The wire: one resolve with the bearer key and this install's token.
        let resolves = device.wire.sent(to: "/api/v1/sdk/resolve")
        try #require(resolves.count == 1)
        #expect(resolves[0].headers["Authorization"] == "Bearer \(EmulatedDemo.quberouteLive)")
        #expect(resolves[0].json["url"] as? String == Self.springURL.absoluteString)
        let token = try #require(resolves[0].json["installToken"] as? String)
        #expect(token == sdk.deviceId)
        #expect(token.count == 32 && !token.contains("-"))
        // The server attributed the install to the opened link.
        let install = try #require(try await Self.install(server, token: token))
        #expect(install["attribution"] as? String == "direct")
        #expect(install["alias"] as? String == "spring")
        #expect(opened.providerFields["installId"] == (install["installId"] as? String).map(JSONValue.string))
        await sdk.shutdown()
    }

    // MARK: First launch

    @Test(
        """
        first launch after a dev click: matched below confidence 1 (reason ip_address: the app sends \
        no browser traits); the next launch asks no /match, and the server answers already_attributed
        """
    )
    func firstLaunchMatchesOnceBelowConfidenceOne() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = ProviderDevice(address: "198.51.100.11")
        try await server.emulatedClick(
            "quberoute", ["alias": "spring"].merging(TestServer.clickTraits(device.deviceInfo.value)) { a, _ in a },
            from: device.address)

        let sdk = device.start(try Self.configuration(server))
        let links = Collector(sdk.links)
        let link = try #require(await sdk.resolveDeferredLink())

        #expect(link.isDeferred)
        #expect(link.path == "/promo/spring")
        #expect(link.params == ["sku": .string("spring-box")])
        let score = try #require(link.confidenceScore)
        #expect(score > 0 && score < 1)
        // docs/server.md: an app's requests carry no browser User-Agent or Accept-Language, so only the
        // address (and recency) compare: a P3 address match, `ip_address`, scored fingerprint method.
        #expect(link.reason == "ip_address")
        #expect(link.matchType == .fingerprintScored)
        #expect(await links.settle(count: 1) == [link])
        #expect(device.firstLaunchDone)
        let matches = device.wire.sent(to: "/api/v1/sdk/match")
        try #require(matches.count == 1)
        #expect(matches[0].json.keys.sorted() == ["installToken"])
        let token = try #require(matches[0].json["installToken"] as? String)
        #expect(token == sdk.deviceId)
        // The confidence and reason the SDK kept are the ones the emulation logged with its attempt.
        let (_, data) = try await server.send("GET", "/dev/match-attempts?deviceId=\(token)&limit=5")
        let logged = try #require(
            ((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["attempts"] as? [[String: Any]])?.first)
        #expect(logged["service"] as? String == "quberoute")
        let answer = try #require(logged["answer"] as? [String: Any])
        #expect(answer["confidence"] as? Double == score)
        #expect(answer["reason"] as? String == "ip_address")
        await sdk.shutdown()

        // The next launch of the same install: no second /match.
        let relaunch = device.start(try Self.configuration(server))
        let relaunchLinks = Collector(relaunch.links)
        #expect(await relaunch.resolveDeferredLink() == nil)
        #expect(await relaunchLinks.settle(count: 0).isEmpty)
        #expect(device.wire.sent(to: "/api/v1/sdk/match").count == 1)
        await relaunch.shutdown()

        // Asked anyway (outside the SDK), the emulation refuses to match the install twice.
        let (status, second) = try await server.postJSON(
            "/api/v1/sdk/match", ["installToken": token],
            headers: ["Authorization": "Bearer \(EmulatedDemo.quberouteLive)"], address: device.address)
        #expect(status == 200)
        #expect(second["reason"] as? String == "already_attributed")
        #expect(second["link"] is NSNull)
        #expect(second["attributed"] as? Bool == true)
    }

    // MARK: Events

    @Test(
        "tracked events reach the install batched, each with the eventId made at trackEvent, a value with its currency")
    func trackedEventsArriveBatchedWithTheirEventIds() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = ProviderDevice(address: "198.51.100.12")
        device.markInstalledEarlier()
        // The first events request waits 1.5 s at the server, so the next two events queue behind it
        // and go together in one batch.
        try await server.addFault(route: "qr-events", kind: "delay", delaySeconds: 1.5)
        let sdk = device.start(try Self.configuration(server))

        #expect(await sdk.trackEvent("signup", properties: ["plan": .string("pro")]))
        #expect(
            try await #require(sdk.quberoute).trackEvent(
                "purchase", valueMinor: 499, currency: "GBP", properties: ["sku": .string("spring-box")]))
        #expect(await sdk.trackEvent("share"))
        let token = sdk.deviceId
        let install = try await Self.install(server, token: token) { Self.eventCount($0) == 3 }

        #expect(Self.eventCount(install) == 3)
        let batches = Self.eventIdBatches(device.wire)
        #expect(batches.contains { $0.count > 1 }, "batches on the wire: \(batches)")
        let sentIds = batches.flatMap { $0 }
        #expect(Set(sentIds).count == 3)
        let stored = (install?["events"] as? [[String: Any]]) ?? []
        #expect(stored.compactMap { $0["eventId"] as? String }.sorted() == sentIds.sorted())
        #expect(stored.compactMap { $0["name"] as? String } == ["signup", "purchase", "share"])
        let purchase = try #require(stored.first { $0["name"] as? String == "purchase" })
        #expect(purchase["valueMinor"] as? Int == 499)
        #expect(purchase["currency"] as? String == "GBP")
        #expect((purchase["properties"] as? [String: Any])?["sku"] as? String == "spring-box")
        // The queue forgets them once each answer is back (the server counts before it answers).
        #expect(await eventually { await sdk.queuedEventCount() == 0 })
        // A value without a valid currency is refused locally, never sent.
        #expect(try await #require(sdk.quberoute).trackEvent("bad", valueMinor: 100, currency: "gbp") == false)
        await sdk.shutdown()
    }

    @Test(
        "a batch whose connection is dropped after the server read it is retried with the same eventIds and counts once"
    )
    func droppedBatchIsRetriedAndCountsOnce() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = ProviderDevice(address: "198.51.100.13")
        device.markInstalledEarlier()
        try await server.addFault(route: "qr-events", kind: "drop")
        let sdk = device.start(try Self.configuration(server))

        #expect(try await #require(sdk.quberoute).trackEvent("purchase", valueMinor: 1299, currency: "EUR"))
        let install = try await Self.install(server, token: sdk.deviceId) { Self.eventCount($0) == 1 }
        #expect(await eventually { device.wire.sent(to: "/api/v1/sdk/events").last?.status == 200 })
        try await Task.sleep(nanoseconds: 300_000_000)  // nothing more arrives

        let attempts = device.wire.sent(to: "/api/v1/sdk/events")
        #expect(attempts.count == 2)
        #expect(attempts.first?.status == nil)  // dropped: no answer
        #expect(attempts.last?.status == 200)
        let batches = Self.eventIdBatches(device.wire)
        #expect(batches.count == 2 && batches[0] == batches[1] && batches[0].count == 1)
        #expect(Self.eventCount(try await Self.install(server, token: sdk.deviceId)) == 1)
        #expect(Self.eventCount(install) == 1)
        #expect(try await server.pendingFaultCount() == 0)
        await sdk.shutdown()
    }

    @Test(
        """
        a batch the server recorded but answered too late (past the 1 s timeout) \
        is resent; the server refuses the resend as duplicates and counts once
        """,
        .tags(.realTime), .skippable(.realTime)
    )
    func resentBatchTheServerAlreadyRecordedCountsOnce() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = ProviderDevice(address: "198.51.100.14")
        device.markInstalledEarlier()
        try await server.addFault(route: "qr-events", kind: "delay", delaySeconds: 2.5)
        let sdk = device.start(try Self.configuration(server, timeout: 1))

        #expect(await sdk.trackEvent("level_up", properties: ["level": .number(7)]))
        let token = sdk.deviceId
        _ = try await Self.install(server, token: token) { Self.eventCount($0) == 1 }
        // The delayed first attempt is handled 2.5 s after it arrived: wait until the server has handled both
        // attempts (whichever comes second is refused as a duplicate), then count.
        _ = try await Self.install(server, token: token) { ($0["duplicateEvents"] as? Int) == 1 }
        #expect(await eventually { device.wire.sent(to: "/api/v1/sdk/events").last?.status == 200 })

        let attempts = device.wire.sent(to: "/api/v1/sdk/events")
        try #require(attempts.count == 2)
        #expect(attempts[0].status == nil)  // the SDK's timeout ended it
        #expect(attempts[1].status == 200)
        // The resend's answer names the event either as accepted (it was handled before the delayed first
        // attempt) or as a duplicate (after it): which one depends on when each reached the server's workers.
        let ids = Self.eventIdBatches(device.wire)[0]
        let accepted = attempts[1].answerJSON["accepted"] as? [String] ?? []
        let duplicates = attempts[1].answerJSON["duplicates"] as? [String] ?? []
        #expect(
            (accepted == ids && duplicates.isEmpty) || (accepted.isEmpty && duplicates == ids),
            "\(attempts[1].answerJSON)")
        #expect(Self.eventIdBatches(device.wire)[0] == Self.eventIdBatches(device.wire)[1])
        let install = try await Self.install(server, token: token)
        #expect(Self.eventCount(install) == 1)
        #expect(((install?["events"] as? [[String: Any]]) ?? []).count == 1)
        await sdk.shutdown()
    }

    // MARK: Retries and keys

    @Test("a 429 on resolve is retried (after Retry-After) and the link delivered")
    func rateLimitedResolveIsRetried() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = ProviderDevice(address: "198.51.100.15")
        device.markInstalledEarlier()
        try await server.addFault(route: "qr-resolve", kind: "status", status: 429)
        let sdk = device.start(try Self.configuration(server))
        let diagnostics = Collector(sdk.diagnostics)

        let opened = await sdk.handle(url: Self.springURL)

        #expect(opened?.path == "/promo/spring")
        #expect(device.wire.sent(to: "/api/v1/sdk/resolve").map(\.status) == [429, 200])
        #expect(await diagnostics.wait { $0.finished(.linkData) })
        let story = try #require(diagnostics.values.requests(.linkData).first)
        #expect(story.statuses == [429, 200])
        #expect(story.retryDelays.count == 1)
        await sdk.shutdown()
    }

    @Test(
        "a wrong key's 401 is not retried: resolve delivers nothing, an event stays queued (not lost), nothing throws")
    func wrongKeysUnauthorizedIsNotRetried() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = ProviderDevice(address: "198.51.100.16")
        device.markInstalledEarlier()
        let sdk = device.start(try Self.configuration(server, key: "qr_live_not_this_projects_key_01"))
        let links = Collector(sdk.links)

        #expect(await sdk.handle(url: Self.springURL) == nil)
        #expect(await sdk.trackEvent("signup"))
        await sdk.flushEvents()
        try await Task.sleep(nanoseconds: 500_000_000)  // a retry would have come by now (backoff 0.05 s)

        let resolves = device.wire.sent(to: "/api/v1/sdk/resolve")
        #expect(resolves.map(\.status) == [401])
        #expect((resolves.first?.answerJSON["error"] as? [String: Any])?["code"] as? String == "invalid_key")
        #expect(device.wire.sent(to: "/api/v1/sdk/events").allSatisfy { $0.status == 401 })
        #expect(device.wire.sent(to: "/api/v1/sdk/events").count <= 2)  // the send and the flush, no retries
        #expect(await sdk.queuedEventCount() == 1)
        #expect(await links.settle(count: 0, settle: 0.2).isEmpty)
        await sdk.shutdown()
    }

    @Test("a secret key (qr_sk_) is refused at configuration; the emulation refuses it too (403 secret_key_refused)")
    func secretKeyIsRefusedAtConfiguration() async throws {
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration.quberoute(publishableKey: EmulatedDemo.quberouteSecret)
        }
        let server = try TestServer()
        defer { server.stop() }
        let (status, answer) = try await server.postJSON(
            "/api/v1/sdk/resolve", ["url": Self.springURL.absoluteString],
            headers: ["Authorization": "Bearer \(EmulatedDemo.quberouteSecret)"], address: "198.51.100.17")
        #expect(status == 403)
        #expect((answer["error"] as? [String: Any])?["code"] as? String == "secret_key_refused")
    }
}
