import Foundation
import Testing
@testable import OptoLink
import OptoLinkTesting

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

    static let link = OptoLinkData(linkId: "l-summer", path: "/promo/summer", matchMethod: .direct, isDeferred: false)

    @Test func anOpenJoinedBeforeOrAfterItsRequestStartsGetsTheSameAnswer() async {
        let slot = OpenSlot(time: 0)
        let early = Task { await slot.value() }
        for _ in 0..<100 { await Task.yield() }   // let it wait for the task to be attached
        slot.attach(Task { Self.link })
        let late = await slot.value()
        #expect(await early.value == Self.link)
        #expect(late == Self.link)
    }

    @Test func aSlotCancelledBeforeItsRequestStartsCancelsItOnAttach() async {
        let slot = OpenSlot(time: 0)
        slot.cancel()
        let fetch = Task { () -> OptoLinkData? in
            while !Task.isCancelled { await Task.yield() }
            return nil
        }
        slot.attach(fetch)
        #expect(await slot.value() == nil)
        #expect(fetch.isCancelled)
    }

    @Test func shutdownCancelsAnOpenStillRunningPastTheDuplicateWindow() async throws {
        // Given two hanging opens, the first older than the 5 s duplicate window when the second starts
        // (so it has left the duplicate table)
        let device = SessionAndIdentityTests.laterLaunch(ScriptedTransport(fallback: .hang))
        let sdk = device.start()
        let returned = Recorder<String>()
        let first = Task {
            let link = await sdk.handle(url: URL(string: "https://links.demo.test/demo/summer")!)
            returned.record("first \(link == nil ? "nil" : "link")")
        }
        #expect(await Self.linkDataRequests(device.transport, atLeast: 1))
        await device.clock.advance(by: LaunchCoordinator.duplicateOpenWindow + 1)
        let second = Task {
            let link = await sdk.handle(url: URL(string: "https://links.demo.test/demo/welcome")!)
            returned.record("second \(link == nil ? "nil" : "link")")
        }
        #expect(await Self.linkDataRequests(device.transport, atLeast: 2))

        // When the SDK shuts down, then both return nil without waiting for their requests
        await sdk.shutdown()
        #expect(await EarlyAnswerTests.eventually { returned.all.count == 2 })
        #expect(Set(returned.all) == ["first nil", "second nil"])
        first.cancel()
        second.cancel()
    }
}
