import Foundation
import OptoLink
import OptoLinkTesting

/// An iPhone running the real SDK for one of the emulated services, over the real
/// ``URLSessionTransport`` on the simulated network `address` (sent as `X-Forwarded-For`, which the test
/// server trusts), with an in-memory store, the stock iPhone's traits and screen
/// (``FixedDeviceInfo/iPhone``: en-US, America/New_York, 1179 × 2556 pixels), and a log of every request
/// the SDK put on the wire.
struct ProviderDevice {
    var address: String
    var store = InMemoryKeyValueStore()
    /// The pasteboard every launch reads (empty unless a test copies a click token to it).
    var pasteboard = InMemoryPasteboard()
    var deviceInfo = FixedDeviceInfo.iPhone
    let wire = WireLog()

    init(address: String) {
        self.address = address
    }

    /// The flag the SDK sets for the first launch.
    var firstLaunchDone: Bool { store.bool(forKey: LaunchState.key) }

    /// Starts the SDK with `configuration` (one call = one app launch), on the system clock unless a test
    /// gives its own (a ``ManualClock`` holds the SDK's windows open however slow the machine is).
    func start(
        _ configuration: OptoLinkConfiguration, launchURL: URL? = nil, clock: any OptoLinkClock = SystemClock()
    ) -> OptoLink {
        let environment = OptoLinkEnvironment(
            store: store, pasteboard: pasteboard, deviceInfo: deviceInfo,
            transport: RecordingTransport(base: ForwardedForTransport(address: address), log: wire),
            clock: clock)
        return OptoLink.start(configuration: configuration, environment: environment, launchURL: launchURL)
    }

    /// Marks this install's first launch as already done (an app installed earlier).
    func markInstalledEarlier() {
        LaunchState(store: store).markFirstLaunchDone()
    }
}

/// Polls `condition` every 20 ms (real time: an end-to-end test) until it holds or `timeout` seconds
/// passed; returns whether it held. A liveness bound, not a speed target.
func eventually(timeout: TimeInterval = 30, _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
        if try await condition() { return true }
        if Date() > deadline { return false }
        try? await Task.sleep(nanoseconds: 20_000_000)
    }
}

/// Every request a device sent (each attempt), and whether an answer came back for it.
final class WireLog: Sendable {
    struct Entry: Sendable {
        var method: String
        var path: String
        var query: String?
        var headers: [String: String]
        var body: Data
        /// The answer's status; nil while waiting, or when none came.
        var status: Int?
        /// The answer's body.
        var answer = Data()

        /// The body as a JSON object (empty when it is not one).
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        /// The answer's body as a JSON object (empty when it is not one).
        var answerJSON: [String: Any] { (try? JSONSerialization.jsonObject(with: answer)) as? [String: Any] ?? [:] }
    }

    private let entries = LockedBox<[Entry]>([])

    /// Every attempt so far, in the order they were sent.
    var all: [Entry] { entries.withLock { $0 } }

    /// The attempts to `path`.
    func sent(to path: String) -> [Entry] { all.filter { $0.path == path } }

    func append(_ entry: Entry) -> Int {
        entries.withLock {
            $0.append(entry)
            return $0.count - 1
        }
    }

    func answered(_ index: Int, _ response: HTTPResponse) {
        entries.withLock {
            $0[index].status = response.status
            $0[index].answer = response.body
        }
    }
}

/// A value behind a lock.
///
/// `@unchecked Sendable` is safe: `value` is only touched while `lock` is held.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// Logs each request into a ``WireLog`` and passes it on unchanged (the early answer included, so the
/// SDK takes its real path).
struct RecordingTransport: HTTPTransport {
    let base: any HTTPTransport
    let log: WireLog

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await send(request, onAnswer: { _ in })
    }

    func send(_ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void) async throws -> HTTPResponse
    {
        let index = log.append(
            .init(
                method: request.method, path: request.url.path, query: request.url.query, headers: request.headers,
                body: request.body ?? Data()))
        let response = try await base.send(request, onAnswer: onAnswer)
        log.answered(index, response)
        return response
    }
}
