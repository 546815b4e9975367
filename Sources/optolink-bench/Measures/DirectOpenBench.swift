import Foundation
import OptoLink
import OptoLinkTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Measure 2: `handle(url:)` until the link arrives on `links`, against a bare `URLSession` GET of the
/// same `/data` URL on the same server.
enum DirectOpenBench {
    static let measure = "2. Direct open: handle(url:) → links"
    static let goal = "≤ 1.10× (medians)"

    /// Opens `url` with `sdk` and times it until the link's delivery stamp reaches `deliveries` (the link is
    /// delivered before `handle` returns; the listener's stamp may lag it by a few task hops). Seconds, or nil
    /// when no link arrived.
    static func timedOpen(_ sdk: OptoLink, url: URL, deliveries: TimeCollector) async -> Double? {
        let before = deliveries.count
        let start = Stopwatch.now()
        guard await sdk.handle(url: url) != nil else { return nil }
        var spins = 0
        while deliveries.count == before, spins < 10_000 {
            await Task.yield()
            spins += 1
        }
        guard deliveries.count > before, let delivered = deliveries.last else { return nil }
        return delivered - start
    }

    /// Durations reported from another task.
    final class TimeCollector: @unchecked Sendable {
        // @unchecked: `storage` is only touched while `lock` is held.
        private let lock = NSLock()
        private var storage: [Double] = []
        var values: [Double] {
            lock.lock()
            defer { lock.unlock() }
            return storage
        }
        /// How many, and the newest (without copying them all: read around every timed open).
        var count: Int {
            lock.lock()
            defer { lock.unlock() }
            return storage.count
        }
        var last: Double? {
            lock.lock()
            defer { lock.unlock() }
            return storage.last
        }
        func add(_ value: Double) {
            lock.lock()
            storage.append(value)
            lock.unlock()
        }
    }

    static func run(pairs: Int, warmup: Int) async -> MeasureResult {
        let server: BenchServer
        do { server = try BenchServer() } catch {
            return MeasureResult(rows: [.notMeasured(measure, goal: goal, reason: "server: \(error)")], notes: [])
        }
        defer { server.stop() }
        guard let configuration = try? server.configuration() else {
            return MeasureResult(rows: [.notMeasured(measure, goal: goal, reason: "configuration refused")], notes: [])
        }
        // Not a first launch: no /match in the way, only the direct opens.
        let store = InMemoryKeyValueStore()
        store.set(true, forKey: LaunchState.key)
        let recorder = RequestRecorder(suffix: "/data")
        let sdkTransport = ForwardedForTransport(
            base: RecordingTransport(base: URLSessionTransport(), recorder: recorder),
            address: BenchAddress.rotating(block: 4))
        let sdk = OptoLink.start(
            configuration: configuration,
            environment: OptoLinkEnvironment(
                store: store, pasteboard: InMemoryPasteboard(), deviceInfo: FixedDeviceInfo.iPhone,
                transport: sdkTransport,
                clock: SystemClock()))
        defer { Task { await sdk.shutdown() } }
        // A listener stamps each link when `links` hands it over (the end of A). The opening task awaits
        // `handle(url:)` itself, so the harness adds no task of its own to A's path.
        let deliveries = TimeCollector()
        let listener = Task {
            for await link in sdk.links where link.path == "/promo/summer" { deliveries.add(Stopwatch.now()) }
        }
        defer { listener.cancel() }
        // The SDK's own view of each /data attempt (transport time), to split the overhead. Like the
        // dashboard, this listens to `diagnostics`; an app usually does not, and a listener costs the SDK a
        // task wake-up per diagnostic on this 2-core machine, so it is attached only for a second series of
        // pairs (reported in the notes), after the pairs that decide the row.
        let transportTimes = TimeCollector()
        var diagnosticsTask: Task<Void, Never>?
        defer { diagnosticsTask?.cancel() }

        let bareConfiguration = URLSessionConfiguration.ephemeral
        bareConfiguration.httpCookieStorage = nil
        bareConfiguration.urlCache = nil
        bareConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let bare = URLSession(configuration: bareConfiguration)
        defer { bare.invalidateAndCancel() }
        let bareAddresses = Counter()

        var serial = 0
        // One SDK open; nil when the link did not arrive.
        func sdkOpen() async -> Double? {
            serial += 1
            // A new query each time: the SDK treats the same URL within 5 s as one open (query is ignored for routing).
            let url = URL(string: "\(server.baseURL.absoluteString)/demo/summer?open=\(serial)")!
            return await Self.timedOpen(sdk, url: url, deliveries: deliveries)
        }
        // One bare GET of the same URL; nil unless 200.
        // Timed from before its URLRequest is built, as A's time includes the SDK building its request
        // (and both include the harness's X-Forwarded-For address).
        func bareGet(_ url: URL) async -> Double? {
            let start = Stopwatch.now()
            var request = URLRequest(url: url)
            request.timeoutInterval = 10
            request.setValue(BenchServer.clientKey, forHTTPHeaderField: "X-API-Key")
            request.setValue(
                BenchAddress.address(block: 5, index: bareAddresses.next()),
                forHTTPHeaderField: "X-Forwarded-For")
            let status: Int = await withCheckedContinuation { continuation in
                bare.dataTask(with: request) { data, response, _ in
                    _ = data
                    continuation.resume(returning: (response as? HTTPURLResponse)?.statusCode ?? 0)
                }.resume()
            }
            let elapsed = Stopwatch.now() - start
            return status == 200 ? elapsed : nil
        }

        guard await sdkOpen() != nil, let dataURL = recorder.last?.url else {
            return MeasureResult(
                rows: [.notMeasured(measure, goal: goal, reason: "the SDK did not deliver the link")], notes: [])
        }
        for _ in 0..<warmup {
            _ = await sdkOpen()
            _ = await bareGet(dataURL)
        }
        /// `count` interleaved pairs (alternating which goes first): A times, B times, failures, and the
        /// ratio of medians per block of pairs (how much the machine's load moves it).
        func measurePairs(_ count: Int) async -> (ours: [Double], base: [Double], failures: Int, blockRatios: [Double])
        {
            var ours: [Double] = []
            var base: [Double] = []
            var failures = 0
            let blockSize = max(10, count / 5)
            var blockRatios: [Double] = []
            var blockA: [Double] = []
            var blockB: [Double] = []
            for index in 0..<count {
                var a: Double?
                var b: Double?
                if index % 2 == 0 {
                    a = await sdkOpen()
                    b = await bareGet(dataURL)
                } else {
                    b = await bareGet(dataURL)
                    a = await sdkOpen()
                }
                if let a {
                    ours.append(a)
                    blockA.append(a)
                } else {
                    failures += 1
                }
                if let b {
                    base.append(b)
                    blockB.append(b)
                } else {
                    failures += 1
                }
                if blockA.count + blockB.count >= 2 * blockSize || index == count - 1 {
                    if !blockA.isEmpty, !blockB.isEmpty {
                        blockRatios.append(Stats(blockA).median / Stats(blockB).median)
                    }
                    blockA = []
                    blockB = []
                }
            }
            return (ours, base, failures, blockRatios)
        }
        let blockSize = max(10, pairs / 5)
        let (ours, base, failures, blockRatios) = await measurePairs(pairs)

        // The second series, with a diagnostics listener attached (only diagnostics emitted from now on count).
        let listenedPairs = max(20, pairs / 5)
        let listenedSince = SystemClock().now()
        diagnosticsTask = Task {
            for await diagnostic in sdk.diagnostics where diagnostic.time >= listenedSince {
                if case .responseReceived(_, .linkData, _, _, let duration) = diagnostic.kind {
                    transportTimes.add(duration)
                }
            }
        }
        let listened = await measurePairs(listenedPairs)
        guard !ours.isEmpty, !base.isEmpty else {
            return MeasureResult(rows: [.notMeasured(measure, goal: goal, reason: "no successful request")], notes: [])
        }
        let a = Stats(ours)
        let b = Stats(base)
        let ratio = a.median / b.median
        let row = BenchRow(
            measure: measure,
            ours: "median \(Format.duration(a.median)), p99 \(Format.duration(a.p99))",
            baseline: "median \(Format.duration(b.median)), p99 \(Format.duration(b.p99)) (bare URLSession GET)",
            ratio: Format.ratio(ratio)
                + " (blocks "
                + "\(Format.ratio(Stats(blockRatios).sorted.first ?? 0))–\(Format.ratio(Stats(blockRatios).max)))",
            goal: goal, verdict: ratio <= 1.10 ? .met : .missed)
        let path = dataURL.path + (dataURL.query.map { "?" + $0 } ?? "")
        let inside = Stats(transportTimes.values.isEmpty ? [0] : transportTimes.values)
        let listenedRatio =
            listened.ours.isEmpty || listened.base.isEmpty
            ? 0 : Stats(listened.ours).median / Stats(listened.base).median
        let notes = [
            "Direct open: \(pairs) interleaved pairs (A/B order alternating) after \(warmup) warm-up pairs, "
                + "on one keep-alive "
                + "connection each (two separate ephemeral URLSessions). A = `handle(url:)` of "
                + "`/demo/summer?open=N` until the link "
                + "arrives on `links` (stamped by a listener task, as an app's router would get it; the "
                + "opening task awaits `handle` directly); B = bare `URLSession` GET of the URL the SDK "
                + "requested (`\(path)`, same `X-API-Key`, own "
                + "`X-Forwarded-For`), timed from before it builds its `URLRequest` (A's time includes the "
                + "SDK building its own). Both include the harness's `X-Forwarded-For` address (so the "
                + "per-address rate limit never triggers). \(failures) failed requests. The ratio is over "
                + "all pairs; `blocks` gives the range of the same ratio over \(blockRatios.count) "
                + "consecutive blocks of \(blockSize) pairs (how much the machine's load moved it). "
                + "Nobody listens to `diagnostics` during these pairs (an app usually does not). A second "
                + "series of \(listened.ours.count) pairs with a `diagnostics` listener attached, as the "
                + "dashboard has one, gave \(Format.ratio(listenedRatio)) (A median "
                + "\(Format.duration(Stats(listened.ours.isEmpty ? [0] : listened.ours).median)), B median "
                + "\(Format.duration(Stats(listened.base.isEmpty ? [0] : listened.base).median)), "
                + "\(listened.failures) failed): each diagnostic then wakes that listener's task. "
                + "In that series the SDK's own diagnostics put the median transport time of its `/data` "
                + "attempts (URLSessionTransport, request to response) at "
                + "\(Format.duration(inside.median)): the rest of A is "
                + "the SDK's work around it (URL matching, the launch coordinator's bookkeeping, request "
                + "building, retry "
                + "policy, JSON parsing, diagnostics, the links broadcast from URLSession's callback) and "
                + "the thread wake-ups between them."
        ]
        return MeasureResult(rows: [row], notes: notes)
    }
}
