import Foundation

@testable import OptoLinkServer

/// A clock tests move by hand.
final class ManualServerClock: ServerClock, @unchecked Sendable {
    // @unchecked: `current` is only touched under `lock`.
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { current = start }

    func now() -> Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func advance(by seconds: TimeInterval) {
        lock.lock()
        current += seconds
        lock.unlock()
    }

    func set(_ date: Date) {
        lock.lock()
        current = date
        lock.unlock()
    }
}
