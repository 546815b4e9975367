import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Waits for the first diagnostic satisfying `predicate` (the stream keeps early values for its first listener).
func waitFor(_ stream: AsyncStream<Diagnostic>, _ predicate: (Diagnostic.Kind) -> Bool) async -> Diagnostic? {
    for await diagnostic in stream where predicate(diagnostic.kind) { return diagnostic }
    return nil
}

func isSessionRegistered(_ kind: Diagnostic.Kind) -> Bool {
    if case .sessionRegistered = kind { return true } else { return false }
}

@Suite("Deferred first-launch sequence")
struct DeferredSequenceTests {
    static func answering(match: String = Fixtures.matchedJSON, matchStatus: Int = 200) -> ScriptedTransport {
        routedTransport { endpoint, _ in
            switch endpoint {
            case .match: return Fixtures.response(matchStatus, match)
            case .linkData: return Fixtures.response(200, Fixtures.summerJSON)
            case .session: return Fixtures.response(200, Fixtures.sessionJSON)
            case .identity: return Fixtures.response(200, Fixtures.identityJSON)
            case .identityClear: return Fixtures.response(200, Fixtures.clearJSON)
            case .events: return Fixtures.response(200, Fixtures.okJSON)
            }
        }
    }

    @Test func firstLaunchMatchesWithTheClipboardTokenAndDeliversOnce() async throws {
        // Given a fresh install whose pasteboard holds the click token
        let device = TestDevice(transport: Self.answering(), pasteboard: InMemoryPasteboard(string: Fixtures.token))
        let sdk = device.start()

        // When the first launch settles
        let link = try #require(await sdk.resolveDeferredLink())

        // Then the match is delivered as deferred, the token was sent, cleared, and the launch marked done
        #expect(link.isDeferred)
        #expect(link.matchType == .clipboard)
        #expect(link.confidence == .exact)
        #expect(link.path == "/promo/summer")
        #expect(link.params == ["campaign": "summer", "utm_source": "newsletter"])
        let match = try #require(await device.transport.requests.first)
        #expect(route(of: match) == .match)
        #expect(match.jsonBody?["clipboardToken"] == .string(Fixtures.token))
        #expect(match.jsonBody?["deviceId"] == .string(sdk.deviceId))
        #expect(device.pasteboard.hasStringsCount == 1)
        #expect(device.pasteboard.readCount == 1)
        #expect(device.pasteboard.clearCount == 1)
        #expect(device.pasteboard.content == nil)
        #expect(device.store.bool(forKey: LaunchState.key))

        // And identity needs no extra session: /match already registered the device in this launch
        #expect(await sdk.setIdentity("user-42"))
        let late = sdk.links
        await sdk.shutdown()
        #expect(await collect(late) == [link])
        #expect(await endpoints(device.transport) == [.match, .identity])
    }

    @Test func laterLaunchesNeitherReadThePasteboardNorMatchButRegisterASession() async throws {
        let store = InMemoryKeyValueStore()
        let first = TestDevice(
            transport: Self.answering(match: Fixtures.noMatchJSON), store: store,
            pasteboard: InMemoryPasteboard(string: Fixtures.token))
        let sdk1 = first.start()
        #expect(await sdk1.resolveDeferredLink() == nil)
        let deviceId = sdk1.deviceId
        await sdk1.shutdown()

        // A relaunch: same store, token still (again) on the pasteboard
        let pasteboard = InMemoryPasteboard(string: Fixtures.token)
        let second = TestDevice(transport: Self.answering(), store: store, pasteboard: pasteboard)
        let sdk2 = second.start()
        let diagnostics = sdk2.diagnostics
        #expect(await sdk2.resolveDeferredLink() == nil)
        let session = await waitFor(diagnostics, isSessionRegistered)
        #expect(session != nil)
        await sdk2.shutdown()
        #expect(sdk2.deviceId == deviceId)
        #expect(await endpoints(second.transport) == [.session])
        #expect(pasteboard.readCount == 0)
        #expect(pasteboard.hasStringsCount == 0)
        #expect(pasteboard.content == Fixtures.token)
    }

    @Test func aFailedMatchStillMarksTheFirstLaunchDone() async throws {
        // Given a backend that fails /match for good
        let store = InMemoryKeyValueStore()
        let pasteboard = InMemoryPasteboard(string: Fixtures.token)
        let logs = Recorder<String>()
        let configuration = Fixtures.configuration(maxRetries: 0, logger: { _, message in logs.record(message) })
        let device = TestDevice(
            transport: Self.answering(match: #"{"message":"boom"}"#, matchStatus: 503), store: store,
            pasteboard: pasteboard)
        let sdk = device.start(configuration)
        let diagnostics = sdk.diagnostics

        // When the first launch settles
        #expect(await sdk.resolveDeferredLink() == nil)

        // Then it is done anyway, the token is cleared, the failure is reported, nothing thrown
        #expect(store.bool(forKey: LaunchState.key))
        #expect(pasteboard.content == nil)
        #expect(logs.all.contains { $0.contains("Deferred match failed") })
        let result = await waitFor(diagnostics) { kind in
            if case .matchResult(nil) = kind { return true } else { return false }
        }
        #expect(result != nil)
        await sdk.shutdown()

        // And the next launch does not match again
        let next = TestDevice(transport: Self.answering(), store: store)
        let sdk2 = next.start()
        #expect(await sdk2.resolveDeferredLink() == nil)
        #expect(await sdk2.setIdentity("user-1"))
        await sdk2.shutdown()
        #expect(await endpoints(next.transport) == [.session, .identity])
    }

    @Test func clipboardDisabledNeverTouchesThePasteboard() async throws {
        let pasteboard = InMemoryPasteboard(string: Fixtures.token)
        let device = TestDevice(transport: Self.answering(match: Fixtures.noMatchJSON), pasteboard: pasteboard)
        let sdk = device.start(Fixtures.configuration(clipboardReading: .never))
        #expect(await sdk.resolveDeferredLink() == nil)
        await sdk.shutdown()
        #expect(pasteboard.hasStringsCount == 0)
        #expect(pasteboard.readCount == 0)
        #expect(pasteboard.clearCount == 0)
        let match = try #require(await device.transport.requests.first)
        #expect(match.jsonBody?["clipboardToken"] == nil)
    }

    @Test func thePasteboardIsAskedBeforeItIsRead() async throws {
        let empty = InMemoryPasteboard()
        let device = TestDevice(transport: Self.answering(match: Fixtures.noMatchJSON), pasteboard: empty)
        let sdk = device.start()
        _ = await sdk.resolveDeferredLink()
        await sdk.shutdown()
        #expect(empty.hasStringsCount == 1)
        #expect(empty.readCount == 0)
        #expect(empty.clearCount == 0)
    }

    @Test func someoneElsesTextIsNeitherSentNorCleared() async throws {
        let pasteboard = InMemoryPasteboard(string: "my shopping list")
        let device = TestDevice(transport: Self.answering(match: Fixtures.noMatchJSON), pasteboard: pasteboard)
        let sdk = device.start()
        _ = await sdk.resolveDeferredLink()
        await sdk.shutdown()
        #expect(pasteboard.readCount == 1)
        #expect(pasteboard.clearCount == 0)
        #expect(pasteboard.content == "my shopping list")
        #expect(await device.transport.requests.first?.jsonBody?["clipboardToken"] == nil)
    }

    @Test func whatTheUserCopiedDuringTheMatchIsNotCleared() async throws {
        // Given /match held in flight after the token was read
        let gate = Gate()
        let pasteboard = InMemoryPasteboard(string: Fixtures.token)
        let transport = routedTransport { endpoint, _ in
            if endpoint == .match { await gate.wait() }
            return Fixtures.response(200, endpoint == .match ? Fixtures.matchedJSON : Fixtures.sessionJSON)
        }
        let device = TestDevice(transport: transport, pasteboard: pasteboard)
        let sdk = device.start()
        await transport.waitForRequests(1)

        // When the user copies something else before /match answers
        pasteboard.content = "my shopping list"
        await gate.open()
        _ = try #require(await sdk.resolveDeferredLink())
        await sdk.shutdown()

        // Then the user's text stays: the pasteboard changed since the SDK read its token
        #expect(pasteboard.content == "my shopping list")
        #expect(pasteboard.clearCount == 0)
    }

    @Test func aFirstLaunchOpenedByALinkDeliversItDirectlyWithoutMatching() async throws {
        let pasteboard = InMemoryPasteboard(string: Fixtures.token)
        let device = TestDevice(transport: Self.answering(), pasteboard: pasteboard)
        let url = URL(string: "https://links.demo.test/demo/summer")!
        let sdk = device.start(launchURL: url)

        let link = try #require(await sdk.resolveDeferredLink())
        #expect(link.matchType == .direct)
        #expect(!link.isDeferred)
        #expect(link.path == "/promo/summer")
        #expect(device.store.bool(forKey: LaunchState.key))
        #expect(pasteboard.readCount == 0)

        // The same cold-start URL reported again (e.g. onOpenURL after willConnectTo) is the same open
        #expect(await sdk.handle(url: url) == link)
        let stream = sdk.links
        await sdk.shutdown()
        #expect(await collect(stream) == [link])
        #expect(await endpoints(device.transport) == [.linkData])
    }

    @Test func aLinkOpenedWhileMatchIsInFlightWinsOverTheDeferredMatch() async throws {
        // Given /match held in flight
        let gate = Gate()
        let transport = routedTransport { endpoint, _ in
            switch endpoint {
            case .match:
                await gate.wait()
                return Fixtures.response(200, Fixtures.matchedJSON)
            case .linkData: return Fixtures.response(200, Fixtures.welcomeJSON)
            default: return Fixtures.response(200, Fixtures.sessionJSON)
            }
        }
        let device = TestDevice(transport: transport)
        let sdk = device.start()
        let diagnostics = sdk.diagnostics
        await transport.waitForRequests(1)

        // When a link opens the app, then the match comes back
        let direct = try #require(await sdk.handle(url: URL(string: "https://go.demo.test/demo/welcome")!))
        await gate.open()

        // Then only the direct link is delivered; the match is reported, not delivered
        #expect(await sdk.resolveDeferredLink() == direct)
        let matchResult = await waitFor(diagnostics) { kind in
            if case .matchResult(let link?) = kind { return link.path == "/promo/summer" } else { return false }
        }
        #expect(matchResult != nil)
        let links = sdk.links
        await sdk.shutdown()
        #expect(await collect(links) == [direct])
    }

    @Test func startReturnsAtOnceWhileTheTransportHangs() async throws {
        // Given a network that never answers
        let device = TestDevice(
            transport: ScriptedTransport(fallback: .hang), pasteboard: InMemoryPasteboard(string: Fixtures.token))

        // When the SDK starts, it returns without waiting (this line would hang otherwise)
        let sdk = device.start()
        await device.transport.waitForRequests(1)
        #expect(await endpoints(device.transport) == [.match])
        #expect(await sdk.trackEvent("app_open"))
        #expect(await sdk.queuedEventCount() == 1)

        // Then shutdown cancels the hanging request; nothing was marked done for a cancelled match
        let links = sdk.links
        await sdk.shutdown()
        #expect(await sdk.resolveDeferredLink() == nil)
        #expect(await collect(links).isEmpty)
        #expect(!device.store.bool(forKey: LaunchState.key))
    }
}
