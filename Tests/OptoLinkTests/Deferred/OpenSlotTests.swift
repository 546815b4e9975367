import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

@Suite("Direct opens in flight")
struct OpenSlotTests {
    /// Waits (yielding) until `transport` has received `count` `/data` requests; false if it never did.
    static func linkDataRequests(_ transport: ScriptedTransport, atLeast count: Int) async -> Bool {
        for _ in 0..<100_000 {
            if await endpoints(transport).filter({ $0 == .linkData }).count >= count { return true }
            await Task.yield()
        }
        return false
    }

    static let link = OptoLinkData(linkId: "l-summer", path: "/promo/summer", matchType: .direct, isDeferred: false)

    @Test func anOpenJoinedBeforeOrAfterItsAnswerGetsTheSameAnswerOnce() async {
        let slot = OpenSlot(time: 0)
        let early = Task { await slot.value() }
        for _ in 0..<100 { await Task.yield() }  // let it wait for the answer
        slot.fulfill(Self.link)
        slot.fulfill(nil)  // only the first answer counts
        #expect(await early.value == Self.link)
        #expect(await slot.value() == Self.link)
        #expect(!slot.isStopped)
        slot.stop()
        #expect(slot.isStopped)
    }

    @Test func shutdownStopsOpensAtTheirNextStepEvenPastTheDuplicateWindow() async throws {
        // Given two opens whose /data attempts are on the wire (held at a gate, then answered 503), the
        // first older than the 5 s duplicate window when the second starts (so it left the duplicate table)
        let gate = Gate()
        let transport = routedTransport { endpoint, _ in
            guard endpoint == .linkData else { return Fixtures.response(200, Fixtures.sessionJSON) }
            await gate.wait()
            return Fixtures.response(503, #"{"message":"down"}"#)
        }
        let device = SessionAndIdentityTests.laterLaunch(transport)
        let sdk = device.start()
        let links = sdk.links
        let returned = Recorder<String>()
        let first = Task {
            let link = await sdk.handle(url: URL(string: "https://links.demo.test/demo/summer")!)
            returned.record("first \(link == nil ? "nil" : "link")")
        }
        #expect(await Self.linkDataRequests(device.transport, atLeast: 1))
        await device.clock.advance(by: RecentOpens.duplicateWindow + 1)
        let second = Task {
            let link = await sdk.handle(url: URL(string: "https://links.demo.test/demo/welcome")!)
            returned.record("second \(link == nil ? "nil" : "link")")
        }
        #expect(await Self.linkDataRequests(device.transport, atLeast: 2))

        // When the SDK shuts down and the attempts then come back 503
        await sdk.shutdown()
        await gate.open()
        _ = await first.value
        _ = await second.value

        // Then neither is retried (no wait, no further attempt), both return nil and nothing is delivered
        #expect(Set(returned.all) == ["first nil", "second nil"])
        #expect(await endpoints(device.transport).filter { $0 == .linkData }.count == 2)
        #expect(device.clock.sleeperCount == 0)
        #expect(await collect(links).isEmpty)
    }

    @Test func cancellingTheCallingTaskCancelsItsOpen() async throws {
        // The open runs in the caller's task (structured): cancelling it cancels the request.
        let device = SessionAndIdentityTests.laterLaunch(
            routedTransport { endpoint, _ in
                guard endpoint == .linkData else { return Fixtures.response(200, Fixtures.sessionJSON) }
                _ = try await ScriptedTransport.Answer.hang.answer()
                return Fixtures.response(200, Fixtures.summerJSON)
            })
        let sdk = device.start()
        let links = sdk.links
        let open = Task { await sdk.handle(url: URL(string: "https://links.demo.test/demo/summer")!) }
        #expect(await Self.linkDataRequests(device.transport, atLeast: 1))
        open.cancel()
        #expect(await open.value == nil)
        await sdk.shutdown()
        #expect(await collect(links).isEmpty)
        #expect(await endpoints(device.transport).filter { $0 == .linkData }.count == 1)
    }
}
