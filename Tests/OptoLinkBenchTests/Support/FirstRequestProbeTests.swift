import Foundation
import OptoLink
import Testing

@testable import optolink_bench

@Suite("Row 2f's probe: the first transport call and the hook's moments")
struct FirstRequestProbeTests {
    private func request(_ path: String) -> HTTPRequest {
        HTTPRequest(method: "POST", url: URL(string: "http://127.0.0.1:1\(path)")!, timeout: 10)
    }

    @Test func onlyTheFirstTransportCallIsKept() async throws {
        // Given a probe that saw /match, then /sdk/session
        let probe = FirstRequestProbe()
        probe.transportCalled(request("/match"), at: 2)
        probe.transportCalled(request("/sdk/session"), at: 3)

        // When the bench waits for the first request after the calls
        let call = try #require(await probe.firstRequest())

        // Then it gets the first call at once
        #expect(call.request.url.path == "/match")
        #expect(call.time == 2)
    }

    @Test func aWaitBegunBeforeTheCallEndsWithIt() async throws {
        // Given a bench waiting before the SDK called its transport
        let probe = FirstRequestProbe()
        let waiting = Task { await probe.firstRequest() }
        while !probe.hasWaiter { await Task.yield() }

        // When the transport is called
        probe.transportCalled(request("/match"), at: 7)

        // Then the wait ends with that call
        let call = try #require(await waiting.value)
        #expect(call.time == 7)
    }

    @Test func abandoningEndsAWaitWithNothing() async {
        // Given a bench waiting for a call that never comes
        let probe = FirstRequestProbe()
        let waiting = Task { await probe.firstRequest() }
        while !probe.hasWaiter { await Task.yield() }

        // When the watchdog gives up, a later wait too ends at once
        probe.abandon()

        // Then both end with nothing
        #expect(await waiting.value == nil)
        #expect(await probe.firstRequest() == nil)
    }

    @Test func theHookIsItsFirstCallsEntryAndReturnCountingEveryCall() {
        // Given a hook entered twice (a retry of the whole request would), returning each time
        let probe = FirstRequestProbe()
        probe.hookEntered(at: 1)
        probe.hookReturned(at: 1.5)
        probe.hookEntered(at: 4)
        probe.hookReturned(at: 4.5)

        // Then the interval is the first call's, and both calls are counted
        #expect(probe.hook == 1...1.5)
        #expect(probe.hookCallCount == 2)
    }

    @Test func aHookThatNeverReturnedHasNoInterval() {
        let probe = FirstRequestProbe()
        probe.hookEntered(at: 1)
        #expect(probe.hook == nil)
        #expect(probe.hookCallCount == 1)
    }
}
