import Foundation
import OptoLink
import OptoLinkTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// optolink-event-child BASE_URL STORE_DIR COUNT START [HOLD_AFTER]
//
// The durability test's "app": tracks events `evt-START` … `evt-COUNT` through the real SDK, whose
// FileKeyValueStore lives in STORE_DIR, then waits until the queue is empty. The test kills it with
// SIGKILL at random moments and starts it again on the same STORE_DIR. With HOLD_AFTER, it stops tracking
// after `evt-HOLD_AFTER` (prints `holding`) and only keeps flushing its queue until it is killed: so a run
// the test means to kill can never finish first, however slowly a loaded machine lets the test watch it.
//
// Lines on stdout (each written with one unbuffered write, so a killed child never loses a printed line):
//   device <deviceId>           at start
//   queued <n>                  events found in the store at start (left by a killed run)
//   tracked <i>                 `trackEvent` returned true: the event is persisted in STORE_DIR
//                               (EventQueue.enqueue persists before it returns)
//   holding                     HOLD_AFTER reached: no more tracking; the queue keeps flushing
//   drained                     every event was answered 2xx; exit 0 follows
//
// OPTOLINK_CHILD_TRACE=1 writes every SDK diagnostic to stderr.

/// Writes one line to stdout at once (no stdio buffer that a SIGKILL could lose).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("optolink-event-child: \(message)\n".utf8))
    exit(2)
}

/// The event name for index `i`: `evt-0001` … (at least four digits).
func eventName(_ i: Int) -> String {
    String(format: "evt-%04d", i)
}

/// ``URLSessionTransport`` with a simulated `X-Forwarded-For` that changes on every request
/// (`10.77.x.y`), so the backend's per-address limit (events: 600 per minute) does not turn a
/// 1 000-event run into a minute of 429 waits; the test is about kills and faults, not rate limits.
struct RotatingAddressTransport: HTTPTransport {
    let base = URLSessionTransport()
    let counter = Counter()

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let n = counter.next()
        var request = request
        request.headers["X-Forwarded-For"] = "10.77.\((n / 250) % 250 + 1).\(n % 250 + 1)"
        return try await base.send(request)
    }
}

/// A thread-safe counter. `@unchecked Sendable` is safe: `value` is only touched while `lock` is held.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = Int(getpid()) * 7919

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 5 || arguments.count == 6, let baseURL = URL(string: arguments[1]),
    let count = Int(arguments[3]), let start = Int(arguments[4]), count >= 0, start >= 1
else {
    fail("usage: optolink-event-child BASE_URL STORE_DIR COUNT START [HOLD_AFTER]")
}
let holdAfter = arguments.count == 6 ? Int(arguments[5]) : nil
if arguments.count == 6, holdAfter == nil { fail("HOLD_AFTER must be a number") }
let store = FileKeyValueStore(directory: URL(fileURLWithPath: arguments[2], isDirectory: true))

let configuration: OptoLinkConfiguration
do {
    // Timeout 1 s (Linux URLSession works in whole seconds); short backoff so fault bursts pass quickly;
    // a queue larger than the run so the "oldest is dropped when full" rule never applies here.
    configuration = try .optoLink(
        apiKey: "opl_sdk_demo_client_key_0000000001", orgKey: "demo", baseURL: baseURL,
        clipboard: .init(reading: .never), retry: RetryPolicy(maxRetries: 2, backoffBase: 0.05, maxBackoff: 0.4),
        timeout: 1, events: .init(queueCapacity: count + 100))
} catch {
    fail("configuration: \(error)")
}
let environment = OptoLinkEnvironment(
    store: store, pasteboard: InMemoryPasteboard(), deviceInfo: FixedDeviceInfo.iPhone,
    transport: RotatingAddressTransport(),
    clock: SystemClock())
let sdk = OptoLink.start(configuration: configuration, environment: environment)
if ProcessInfo.processInfo.environment["OPTOLINK_CHILD_TRACE"] == "1" {
    // Debugging aid: every diagnostic on stderr, with its time.
    Task {
        for await diagnostic in sdk.diagnostics {
            FileHandle.standardError.write(
                Data("trace \(String(format: "%.3f", diagnostic.time)) \(diagnostic.kind)\n".utf8))
        }
    }
}
say("device \(sdk.deviceId)")
say("queued \(await sdk.queuedEventCount())")

/// Like an app that tracks now and then: at most this many events wait in the queue before the next is tracked.
let pending = 8
var index = start
while index <= count {
    while await sdk.queuedEventCount() >= pending {
        try? await Task.sleep(nanoseconds: 2_000_000)
    }
    guard await sdk.trackEvent(eventName(index), properties: ["index": .number(Double(index))]) else {
        fail("trackEvent refused \(eventName(index))")
    }
    say("tracked \(index)")
    if let holdAfter, index >= holdAfter {
        say("holding")
        while true { try? await Task.sleep(nanoseconds: 1_000_000_000) }  // the queue flushes until the kill
    }
    index += 1
}
while await sdk.queuedEventCount() > 0 {
    await sdk.flushEvents()
    if await sdk.queuedEventCount() > 0 { try? await Task.sleep(nanoseconds: 20_000_000) }
}
say("drained")
exit(0)
