import Foundation

@testable import OptoLink
@testable import OptoLinkInspector
@testable import OptoLinkInspectorWire

/// A test double of ``InspectorConnection``: the test plays the dashboard (`emit`), and reads what the
/// inspector sent (`controlLines`, `streamingOutbox`) and why it closed.
///
/// `@unchecked Sendable` is safe: every stored property is only touched while `lock` is held; the
/// handler is called after it is released.
final class ScriptedInspectorConnection: InspectorConnection, @unchecked Sendable {
    private let lock = NSLock()
    private var handler: (@Sendable (InspectorConnectionEvent) -> Void)?
    private var controls: [[UInt8]] = []
    private var controlWaiters: [CheckedContinuation<[UInt8], Never>] = []
    private var outbox: InspectorOutbox?
    private var streamingWaiters: [CheckedContinuation<InspectorOutbox, Never>] = []
    private var closed: String?
    private let onStart: @Sendable (ScriptedInspectorConnection) -> Void

    init(onStart: @escaping @Sendable (ScriptedInspectorConnection) -> Void) {
        self.onStart = onStart
    }

    func start(events: @escaping @Sendable (InspectorConnectionEvent) -> Void) {
        lock.lock()
        handler = events
        lock.unlock()
        onStart(self)
    }

    /// Plays the connection (or the dashboard): `.ready`, a message, or `.closed` (once; later events are dropped).
    func emit(_ event: InspectorConnectionEvent) {
        lock.lock()
        guard closed == nil, let handler else { return lock.unlock() }
        if case .closed(let reason) = event { closed = reason }
        lock.unlock()
        handler(event)
    }

    func sendControl(_ line: [UInt8]) {
        lock.lock()
        if controlWaiters.isEmpty {
            controls.append(line)
            lock.unlock()
        } else {
            let waiter = controlWaiters.removeFirst()
            lock.unlock()
            waiter.resume(returning: line)
        }
    }

    /// The next control line the inspector sends (the hello), decoded.
    func nextControl() async -> InspectorDecoding {
        let line: [UInt8] = await withCheckedContinuation { continuation in
            lock.lock()
            if controls.isEmpty {
                controlWaiters.append(continuation)
                lock.unlock()
            } else {
                let line = controls.removeFirst()
                lock.unlock()
                continuation.resume(returning: line)
            }
        }
        return InspectorLineCodec.decode(line.dropLast())
    }

    func startStreaming(from outbox: InspectorOutbox) {
        lock.lock()
        self.outbox = outbox
        let waiters = streamingWaiters
        streamingWaiters = []
        lock.unlock()
        for waiter in waiters { waiter.resume(returning: outbox) }
    }

    /// Waits until the inspector starts streaming; returns its outbox.
    func streaming() async -> InspectorOutbox {
        await withCheckedContinuation { continuation in
            lock.lock()
            if let outbox {
                lock.unlock()
                continuation.resume(returning: outbox)
            } else {
                streamingWaiters.append(continuation)
                lock.unlock()
            }
        }
    }

    func close(reason: String) { emit(.closed(reason: reason)) }

    /// Why the connection closed, nil while open.
    var closeReason: String? {
        lock.lock()
        defer { lock.unlock() }
        return closed
    }
}

/// Hands out a new ``ScriptedInspectorConnection`` per attempt and lets the test wait for each.
///
/// `@unchecked Sendable` is safe: the stored properties are only touched while `lock` is held.
final class ScriptedDashboard: @unchecked Sendable {
    private let lock = NSLock()
    private var started: [ScriptedInspectorConnection] = []
    private var waiters: [CheckedContinuation<ScriptedInspectorConnection, Never>] = []
    /// Connections so far.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return startedCount
    }
    private var startedCount = 0
    /// Called right after each connection starts (e.g. to close it at once).
    let behaviour: @Sendable (ScriptedInspectorConnection) -> Void

    init(behaviour: @escaping @Sendable (ScriptedInspectorConnection) -> Void = { _ in }) {
        self.behaviour = behaviour
    }

    /// The resolver the inspector uses.
    var resolver: InspectorResolver {
        { [self] in
            [InspectorCandidate(label: "scripted:7420") { ScriptedInspectorConnection(onStart: { self.started($0) }) }]
        }
    }

    private func started(_ connection: ScriptedInspectorConnection) {
        lock.lock()
        startedCount += 1
        if waiters.isEmpty {
            started.append(connection)
            lock.unlock()
        } else {
            let waiter = waiters.removeFirst()
            lock.unlock()
            waiter.resume(returning: connection)
        }
        behaviour(connection)
    }

    /// The next connection the inspector starts.
    func next() async -> ScriptedInspectorConnection {
        await withCheckedContinuation { continuation in
            lock.lock()
            if started.isEmpty {
                waiters.append(continuation)
                lock.unlock()
            } else {
                let connection = started.removeFirst()
                lock.unlock()
                continuation.resume(returning: connection)
            }
        }
    }
}
