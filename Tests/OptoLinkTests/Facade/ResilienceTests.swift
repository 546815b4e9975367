import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Resilience through the facade")
struct ResilienceTests {
    @Test func aFlakyMatchIsRetriedOnTheClockAndStillDelivered() async throws {
        // Given /match fails twice (503, then no answer) before it matches
        let answers = Script<ScriptedTransport.Answer>(
            [.response(status: 503, json: "{}"), .failure(URLError(.networkConnectionLost))],
            fallback: .response(status: 200, json: Fixtures.matchedJSON))
        let transport = ScriptedTransport { _ in try await answers.next().answer() }
        let device = TestDevice(transport: transport, pasteboard: InMemoryPasteboard(string: Fixtures.token))
        let sdk = device.start()
        let diagnostics = sdk.diagnostics
        let driver = autoAdvance(device.clock, by: 1)
        defer { driver.cancel() }

        // When the first launch settles
        let link = try #require(await sdk.resolveDeferredLink())

        // Then three attempts were made with waits of 1 s and 2 s, and the link arrived once
        #expect(link.path == "/promo/summer")
        #expect(device.clock.requestedSleeps == [1, 2])
        #expect(await transport.requests.count == 3)
        let links = sdk.links
        await sdk.shutdown()
        #expect(await collect(links) == [link])
        let kinds = await collect(diagnostics).map(\.kind)
        let retries = kinds.compactMap { kind -> TimeInterval? in
            if case .retryScheduled(_, .match, _, let delay) = kind { return delay } else { return nil }
        }
        #expect(retries == [1, 2])
        #expect(kinds.contains(.matchResult(link)))
        #expect(kinds.contains(.linkDelivered(link)))
        #expect(kinds.contains(.requestFinished(requestID: 1, endpoint: .match, attempts: 3, status: 200)))
    }

    @Test func concurrentEventsAreEachSentOnceInQueueOrder() async throws {
        let device = SessionAndIdentityTests.laterLaunch(DeferredSequenceTests.answering())
        let sdk = device.start()
        let diagnostics = sdk.diagnostics
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<40 { group.addTask { await sdk.trackEvent("e\(index)") } }
            for await queued in group { #expect(queued) }
        }
        await sdk.flushEvents()
        #expect(await sdk.queuedEventCount() == 0)
        await sdk.shutdown()
        let queuedOrder = await collect(diagnostics).compactMap { diagnostic -> String? in
            if case .eventQueued(let name, _) = diagnostic.kind { return name } else { return nil }
        }
        let sent = await EventQueueTests.sentNames(device.transport)
        #expect(sent.count == 40)
        #expect(Set(sent).count == 40)
        #expect(sent == queuedOrder)
    }

    @Test func concurrentOpensOfDifferentLinksAreAllDelivered() async throws {
        let device = SessionAndIdentityTests.laterLaunch(
            routedTransport { endpoint, request in
                guard endpoint == .linkData else { return Fixtures.response(200, Fixtures.sessionJSON) }
                let code = request.url.pathComponents.dropLast().last ?? "?"
                return Fixtures.response(200, #"{"linkId":"\#(code)","path":"/\#(code)","params":{}}"#)
            })
        let sdk = device.start()
        let links = sdk.links
        let results = await withTaskGroup(of: OptoLinkData?.self) { group in
            for index in 0..<20 {
                group.addTask { await sdk.handle(url: URL(string: "https://links.demo.test/demo/c\(index)")!) }
            }
            var all: [OptoLinkData] = []
            for await result in group { if let result { all.append(result) } }
            return all
        }
        await sdk.shutdown()
        let delivered = await collect(links)
        #expect(results.count == 20)
        #expect(delivered.count == 20)
        #expect(Set(delivered.map(\.path)) == Set((0..<20).map { "/c\($0)" }))
    }
}
