import Foundation

/// The inspector's current phase, readable synchronously, with listeners for tests and debug screens.
///
/// `@unchecked Sendable` is safe: the stored properties are only touched while `lock` is held, and
/// continuations are `Sendable`.
final class InspectorStatusBox: @unchecked Sendable {
    private let lock = NSLock()
    private var phase: InspectorStatus.Phase
    private var listeners: [Int: AsyncStream<InspectorStatus.Phase>.Continuation] = [:]
    private var nextID = 0

    init(_ phase: InspectorStatus.Phase) {
        self.phase = phase
    }

    /// The current phase.
    var current: InspectorStatus.Phase {
        lock.lock()
        defer { lock.unlock() }
        return phase
    }

    /// Moves to `phase` (after ``InspectorStatus/Phase/stopped`` nothing changes any more).
    func set(_ phase: InspectorStatus.Phase) {
        lock.lock()
        guard self.phase != .stopped else { return lock.unlock() }
        self.phase = phase
        // Yielded under the lock so two changes reach every listener in order.
        for listener in listeners.values { listener.yield(phase) }
        var finished: [AsyncStream<InspectorStatus.Phase>.Continuation] = []
        if phase == .stopped {
            finished = Array(listeners.values)
            listeners.removeAll()
        }
        lock.unlock()
        // `finish` runs the stream's termination handler, which takes the lock: outside it.
        for listener in finished { listener.finish() }
    }

    /// The current phase, then every change, until ``InspectorStatus/Phase/stopped``.
    func updates() -> AsyncStream<InspectorStatus.Phase> {
        var captured: AsyncStream<InspectorStatus.Phase>.Continuation?
        let stream = AsyncStream<InspectorStatus.Phase>(bufferingPolicy: .unbounded) { captured = $0 }
        guard let continuation = captured else { return stream }
        lock.lock()
        continuation.yield(phase)
        if phase == .stopped {
            continuation.finish()
        } else {
            let id = nextID
            nextID += 1
            listeners[id] = continuation
            continuation.onTermination = { [weak self] _ in self?.remove(id) }
        }
        lock.unlock()
        return stream
    }

    private func remove(_ id: Int) {
        lock.lock()
        listeners[id] = nil
        lock.unlock()
    }
}
