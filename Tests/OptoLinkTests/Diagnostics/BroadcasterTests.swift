import Foundation
import Testing

@testable import OptoLink

@Suite("Streams")
struct BroadcasterTests {
    @Test func valuesSentBeforeAnyListenerGoToTheFirstListenerOnly() async {
        let hub = Broadcaster<Int>(pendingLimit: 10, limit: .unbounded)
        hub.send(1)
        hub.send(2)
        let first = hub.stream()
        let second = hub.stream()
        hub.send(3)
        hub.finish()
        #expect(await collect(first) == [1, 2, 3])
        #expect(await collect(second) == [3])
    }

    @Test func pendingValuesAreBounded() async {
        let hub = Broadcaster<Int>(pendingLimit: 3, limit: .unbounded)
        for value in 1...10 { hub.send(value) }
        let stream = hub.stream()
        hub.finish()
        #expect(await collect(stream) == [8, 9, 10])
    }

    @Test func pendingValuesStayTheNewestAcrossManyTrims() async {
        // The buffer is trimmed in batches (up to twice the limit is held); a listener still gets exactly
        // the newest `pendingLimit`, whatever the count sent.
        for count in [3, 4, 6, 7, 8, 13, 100, 1001] {
            let hub = Broadcaster<Int>(pendingLimit: 3, limit: .unbounded)
            for value in 1...count { hub.send(value) }
            let stream = hub.stream()
            hub.finish()
            #expect(await collect(stream) == Array(max(1, count - 2)...count))
        }
    }

    @Test func eachListenerBufferIsBounded() async {
        let hub = Broadcaster<Int>(pendingLimit: 0, limit: .newest(2))
        let stream = hub.stream()
        for value in 1...5 { hub.send(value) }
        hub.finish()
        #expect(await collect(stream) == [4, 5])
    }

    @Test func aFinishedHubGivesFinishedStreamsAndDropsValues() async {
        let hub = Broadcaster<Int>(pendingLimit: 10, limit: .unbounded)
        hub.finish()
        hub.send(1)
        #expect(await collect(hub.stream()).isEmpty)
    }

    @Test func aListenerThatStopsIsForgotten() async {
        let hub = Broadcaster<Int>(pendingLimit: 10, limit: .unbounded)
        let task = Task {
            for await _ in hub.stream() {}
        }
        task.cancel()
        await task.value
        await Self.expectNobodyListens(hub)
    }

    @Test func aListenerWhoseStreamIsDroppedIsForgotten() async {
        let hub = Broadcaster<Int>(pendingLimit: 10, limit: .unbounded)
        do {
            let dropped = hub.stream()
            _ = dropped
        }
        await Self.expectNobodyListens(hub)
    }

    /// A value sent now is kept for the next listener, as when nobody listens.
    static func expectNobodyListens(_ hub: Broadcaster<Int>) async {
        hub.send(7)
        let next = hub.stream()
        hub.finish()
        #expect(await collect(next) == [7])
    }

    @Test func aWaitingListenerGetsEachValueSentFromAnotherThreadInOrder() async {
        let hub = Broadcaster<Int>(pendingLimit: 0, limit: .unbounded)
        let stream = hub.stream()
        let reader = Task { await collect(stream) }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                for value in 1...500 { hub.send(value) }
                hub.finish()
                done.resume()
            }
        }
        #expect(await reader.value == Array(1...500))
    }

    @Test func aSecondTaskReadingTheSameStreamAtOnceEndsInsteadOfTrapping() async {
        let hub = Broadcaster<Int>(pendingLimit: 0, limit: .unbounded)
        let stream = hub.stream()
        let first = Task { () -> Int? in
            var iterator = stream.makeAsyncIterator()
            return await iterator.next()
        }
        // Let the first reader wait before the second one asks.
        while hub.waitingListenerCount == 0 { await Task.yield() }
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == nil)
        hub.send(1)
        #expect(await first.value == 1)
    }
}
