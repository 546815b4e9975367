import Foundation
import Testing

@testable import OptoLink

/// The inspector's hook: a tap sees every value without being a listener.
@Suite("Stream taps")
struct BroadcasterTapTests {
    /// Collects what a tap sees.
    final class Seen: @unchecked Sendable {
        // @unchecked: `values` and `finished` are only touched while `lock` is held.
        private let lock = NSLock()
        private var values: [Int] = []
        private var finished = false
        func add(_ value: Int) {
            lock.lock()
            values.append(value)
            lock.unlock()
        }
        func finish() {
            lock.lock()
            finished = true
            lock.unlock()
        }
        var all: [Int] {
            lock.lock()
            defer { lock.unlock() }
            return values
        }
        var isFinished: Bool {
            lock.lock()
            defer { lock.unlock() }
            return finished
        }
    }

    @Test func aTapSeesEveryValueInOrderAndTheFirstListenerStillGetsTheKeptOnes() async {
        // Given values kept while nobody listens
        let hub = Broadcaster<Int>(pendingLimit: 10, limit: .unbounded)
        hub.send(1)
        hub.send(2)

        // When a tap is added, more values are sent, then a listener arrives
        let seen = Seen()
        let (_, backlog) = hub.addTap({ seen.add($0) }, onFinish: { seen.finish() })
        hub.send(3)
        let listener = hub.stream()
        hub.send(4)
        hub.finish()

        // Then the tap got a copy of the kept values and every later one; the listener got all of them
        #expect(backlog == [1, 2])
        #expect(seen.all == [3, 4])
        #expect(await collect(listener) == [1, 2, 3, 4])
        #expect(seen.isFinished)
    }

    @Test func aRemovedTapSeesNothingMoreAndATapOnAFinishedHubIsFinishedAtOnce() {
        let hub = Broadcaster<Int>(pendingLimit: 10, limit: .unbounded)
        let seen = Seen()
        let (id, _) = hub.addTap { seen.add($0) }
        hub.send(1)
        hub.removeTap(id)
        hub.send(2)
        #expect(seen.all == [1])
        hub.finish()
        let late = Seen()
        let (_, backlog) = hub.addTap({ late.add($0) }, onFinish: { late.finish() })
        #expect(backlog.isEmpty && late.isFinished)
    }
}
