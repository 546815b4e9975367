import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

/// A transport that hands each answer over early (before the call returns), as `URLSessionTransport`
/// does from URLSession's completion handler, then holds the return until `release` is opened.
private struct EarlyTransport: HTTPTransport {
    let answers: Script<HTTPResponse>
    let release: Gate
    /// Requests that are not for `/data` get this answer at once (a session registration, say).
    var others = Fixtures.response(200, Fixtures.sessionJSON)
    /// How many times each answer is handed over (a contract breach when > 1, handled once).
    var handOvers = 1
    /// Throw after handing the answer over (a contract breach: the answer still counts).
    var throwAfterHandOver = false

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        route(of: request) == .linkData ? await answers.next() : others
    }

    func send(_ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void) async throws -> HTTPResponse
    {
        guard route(of: request) == .linkData else { return others }
        let answer = await answers.next()
        for _ in 0..<handOvers { onAnswer(answer) }
        await release.wait()
        if throwAfterHandOver { throw URLError(.networkConnectionLost) }
        return answer
    }
}

/// A transport that only implements `send(_:)`: the protocol's default hands answers over afterwards.
private struct PlainTransport: HTTPTransport {
    let answer: Result<HTTPResponse, URLError>
    func send(_ request: HTTPRequest) async throws -> HTTPResponse { try answer.get() }
}

@Suite("Answers handed over early by the transport")
struct EarlyAnswerTests {
    static let request = HTTPRequest(
        method: "GET", url: URL(string: "https://links.demo.test/demo/summer/data")!, timeout: 10)

    /// Waits (yielding, never sleeping) until `condition` holds; false if it never did in 100 000 turns.
    static func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<100_000 {
            if condition() { return true }
            await Task.yield()
        }
        return condition()
    }

    @Test func theDefaultHandsTheAnswerOverAfterSendReturnsAndNeverOnFailure() async throws {
        let answers = Recorder<Int>()
        let ok = PlainTransport(answer: .success(Fixtures.response(201)))
        let response = try await ok.send(Self.request, onAnswer: { answers.record($0.status) })
        #expect(response.status == 201)
        #expect(answers.all == [201])

        let failing = PlainTransport(answer: .failure(URLError(.timedOut)))
        await #expect(throws: URLError.self) {
            try await failing.send(Self.request, onAnswer: { answers.record($0.status) })
        }
        #expect(answers.all == [201])
    }

    @Test func theLinkIsHandedOverBeforeTheCallReturnsWithDiagnosticsInOrder() async throws {
        let release = Gate()
        let transport = EarlyTransport(
            answers: Script([Fixtures.response(200, Fixtures.summerJSON)], fallback: Fixtures.response(500)),
            release: release)
        let diagnostics = Recorder<Diagnostic.Kind>()
        let api = try OptoLinkAPI(
            configuration: Fixtures.configuration(), transport: transport, clock: ManualClock(),
            diagnostics: { diagnostics.record($0.kind) })
        let handedOver = Recorder<OptoLinkData>()
        let call = Task {
            try await api.linkData(shortCode: "summer", deviceId: "device-1234", onLink: { handedOver.record($0) })
        }

        // The link arrives while the transport still holds its return.
        #expect(await Self.eventually { handedOver.all.count == 1 })
        #expect(handedOver.all.first?.path == "/promo/summer")
        await release.open()
        let link = try await call.value
        #expect(handedOver.all == [link])
        let names = diagnostics.all.map(Self.name)
        #expect(names == ["requestStarted", "responseReceived", "requestFinished"])
    }

    @Test func anAnswerHandedOverTwiceCountsOnce() async throws {
        let release = Gate()
        await release.open()
        var transport = EarlyTransport(
            answers: Script([Fixtures.response(200, Fixtures.summerJSON)], fallback: Fixtures.response(500)),
            release: release)
        transport.handOvers = 2
        let diagnostics = Recorder<Diagnostic.Kind>()
        let api = try OptoLinkAPI(
            configuration: Fixtures.configuration(), transport: transport, clock: ManualClock(),
            diagnostics: { diagnostics.record($0.kind) })
        let handedOver = Recorder<OptoLinkData>()
        let link = try await api.linkData(
            shortCode: "summer", deviceId: "device-1234", onLink: { handedOver.record($0) })
        #expect(handedOver.all == [link])
        #expect(diagnostics.all.map(Self.name) == ["requestStarted", "responseReceived", "requestFinished"])
    }

    @Test func anAnswerHandedOverBeforeAThrowStillCounts() async throws {
        let release = Gate()
        await release.open()
        var transport = EarlyTransport(
            answers: Script([Fixtures.response(200, Fixtures.summerJSON)], fallback: Fixtures.response(500)),
            release: release)
        transport.throwAfterHandOver = true
        let diagnostics = Recorder<Diagnostic.Kind>()
        let api = try OptoLinkAPI(
            configuration: Fixtures.configuration(), transport: transport, clock: ManualClock(),
            diagnostics: { diagnostics.record($0.kind) })
        let link = try await api.linkData(shortCode: "summer", deviceId: "device-1234")
        #expect(link.path == "/promo/summer")
        #expect(diagnostics.all.map(Self.name) == ["requestStarted", "responseReceived", "requestFinished"])
    }

    @Test func onlyASuccessfulWellFormedAnswerIsHandedToTheApp() async throws {
        let release = Gate()
        await release.open()
        let clock = ManualClock()
        let advancing = autoAdvance(clock)
        defer { advancing.cancel() }
        let transport = EarlyTransport(
            answers: Script(
                [
                    Fixtures.response(503), Fixtures.response(200, Fixtures.summerJSON),
                    Fixtures.response(200, "<html>portal</html>"),
                ],
                fallback: Fixtures.response(500)),
            release: release)
        let diagnostics = Recorder<Diagnostic.Kind>()
        let api = try OptoLinkAPI(
            configuration: Fixtures.configuration(), transport: transport, clock: clock,
            diagnostics: { diagnostics.record($0.kind) })
        let handedOver = Recorder<OptoLinkData>()

        // 503 then 200: only the 200's link is handed over, once.
        let link = try await api.linkData(
            shortCode: "summer", deviceId: "device-1234", onLink: { handedOver.record($0) })
        #expect(handedOver.all == [link])
        #expect(
            diagnostics.all.map(Self.name) == [
                "requestStarted", "responseReceived", "retryScheduled", "requestStarted", "responseReceived",
                "requestFinished",
            ])

        // A 200 that is not the backend's JSON: nothing handed over, the call throws invalidResponse.
        await #expect(throws: OptoLinkError.self) {
            _ = try await api.linkData(shortCode: "summer", deviceId: "device-1234", onLink: { handedOver.record($0) })
        }
        #expect(handedOver.all == [link])
    }

    @Test func theFacadeDeliversOnLinksBeforeHandleReturns() async throws {
        let release = Gate()
        let transport = EarlyTransport(
            answers: Script([Fixtures.response(200, Fixtures.summerJSON)], fallback: Fixtures.response(500)),
            release: release)
        let store = InMemoryKeyValueStore()
        store.set(true, forKey: LaunchState.key)  // a later launch: no /match
        let sdk = OptoLink.start(
            configuration: Fixtures.configuration(),
            environment: OptoLinkEnvironment(
                store: store, pasteboard: InMemoryPasteboard(), deviceInfo: FixedDeviceInfo.iPhone,
                transport: transport, clock: ManualClock()))
        let links = sdk.links
        let diagnostics = sdk.diagnostics
        let received = Recorder<OptoLinkData>()
        let listener = Task { for await link in links { received.record(link) } }
        let open = Task { await sdk.handle(url: URL(string: "https://links.demo.test/demo/summer")!) }

        #expect(await Self.eventually { received.all.count == 1 })
        await release.open()
        let returned = try #require(await open.value)
        await sdk.shutdown()
        _ = await listener.value
        #expect(received.all == [returned])
        let names = await collect(diagnostics).map(\.kind).filter(Self.isAboutLinkData).map(Self.name)
        #expect(names == ["requestStarted", "responseReceived", "requestFinished", "linkDelivered"])
    }

    /// The diagnostics of `/data` requests and link deliveries (not a session registration's).
    static func isAboutLinkData(_ kind: Diagnostic.Kind) -> Bool {
        switch kind {
        case .requestStarted(_, let endpoint, _), .responseReceived(_, let endpoint, _, _, _),
            .requestFailed(_, let endpoint, _, _, _),
            .retryScheduled(_, let endpoint, _, _), .gaveUp(_, let endpoint, _, _),
            .requestFinished(_, let endpoint, _, _):
            endpoint == .linkData
        case .linkDelivered: true
        default: false
        }
    }

    static func name(_ kind: Diagnostic.Kind) -> String {
        switch kind {
        case .requestStarted: "requestStarted"
        case .responseReceived: "responseReceived"
        case .requestFailed: "requestFailed"
        case .retryScheduled: "retryScheduled"
        case .gaveUp: "gaveUp"
        case .requestFinished: "requestFinished"
        case .linkDelivered: "linkDelivered"
        case .log: "log"
        default: "other"
        }
    }
}
