import OptoLinkClientCore
import Testing

@Suite("Locked value")
struct LockedValueTests {
    @Test func concurrentChangesAreNeverLost() async {
        // Given a counter
        let counter = LockedValue(0)

        // When 8 tasks add 1000 each
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<1000 { counter.withLock { $0 += 1 } }
                }
            }
        }

        // Then every change counted
        #expect(counter.value == 8000)
    }

    @Test func withLockReturnsWhatTheBodyReturnsAndSetReplaces() {
        let value = LockedValue([1, 2])
        let removed = value.withLock { $0.removeFirst() }
        #expect(removed == 1 && value.value == [2])
        value.set([])
        #expect(value.value.isEmpty)
    }
}
