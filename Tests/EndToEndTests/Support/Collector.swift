import Foundation

/// Collects everything an `AsyncStream` yields, in the background, so a test can wait for a value and
/// then keep listening for a bounded time to prove nothing else came.
///
/// `@unchecked Sendable` is safe: `items` is only touched while `lock` is held.
final class Collector<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Element] = []
    private var task: Task<Void, Never>?

    init(_ stream: AsyncStream<Element>) {
        task = Task { [weak self] in
            for await item in stream { self?.append(item) }
        }
    }

    deinit { task?.cancel() }

    private func append(_ item: Element) {
        lock.lock()
        items.append(item)
        lock.unlock()
    }

    /// Everything received so far.
    var values: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }

    /// Polls (every 10 ms, real time: this is an end-to-end test) until `predicate` holds or `timeout`
    /// seconds passed; returns whether it held.
    @discardableResult
    // Default 30 s: three times the SDK's default 10 s request timeout. A liveness bound, not a speed
    // target: a flow of two requests where one waits out a timeout must still be seen through (a 10 s
    // bound once expired before a session + event pair under a load average of 10).
    func wait(timeout: TimeInterval = 30, until predicate: ([Element]) -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if predicate(values) { return true }
            if Date() > deadline { return false }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
    }

    /// Waits until at least `count` values arrived (or `timeout`), then listens `settle` seconds more
    /// (so a second, unwanted delivery would be caught), and returns all values.
    func settle(count: Int, timeout: TimeInterval = 10, settle: TimeInterval = 0.5) async -> [Element] {
        await wait(timeout: timeout) { $0.count >= count }
        try? await Task.sleep(nanoseconds: UInt64(settle * 1_000_000_000))
        return values
    }
}
