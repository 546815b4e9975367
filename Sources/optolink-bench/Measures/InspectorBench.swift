import DashboardAttach
import DashboardCore
import Foundation
import OptoLink
import OptoLinkInspector
import OptoLinkTesting

/// Measure 2b: a direct open on an SDK with the inspector attached to a dashboard (an `AttachListener` in
/// this process, reading and decoding every line) against the same open on an SDK without it, in the
/// same run, on the same server.
enum InspectorBench {
    static let measure = "2b. Direct open with the inspector attached"
    static let goal = "≤ 1.10× (medians)"

    /// Lines the dashboard side decoded (to check the inspector really streamed during the pairs).
    final class Counter: @unchecked Sendable {
        // @unchecked: `value` is only touched while `lock` is held.
        private let lock = NSLock()
        private var value = 0
        func add() {
            lock.lock()
            value += 1
            lock.unlock()
        }
        var count: Int {
            lock.lock()
            defer { lock.unlock() }
            return value
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
        let token = PairingToken.random()
        let diagnosticsSeen = Counter()
        let attached = Counter()
        let listener: AttachListener
        do {
            listener = try AttachListener(
                address: AttachListenAddress(host: "127.0.0.1", port: 0), token: token, clock: SystemDashboardClock(),
                dashboardName: "optolink-bench"
            ) { event in
                switch event {
                case .attached: attached.add()
                case .message(_, .diagnostic): diagnosticsSeen.add()
                default: break
                }
            }
        } catch {
            return MeasureResult(rows: [.notMeasured(measure, goal: goal, reason: "listener: \(error)")], notes: [])
        }
        defer { listener.stop() }

        /// An SDK that is not on its first launch, its own addresses, and a links listener stamping deliveries.
        func makeSDK(block: Int) -> (OptoLink, DirectOpenBench.TimeCollector, Task<Void, Never>) {
            let store = InMemoryKeyValueStore()
            store.set(true, forKey: LaunchState.key)
            let transport = ForwardedForTransport(
                base: URLSessionTransport(), address: BenchAddress.rotating(block: block))
            let sdk = OptoLink.start(
                configuration: configuration,
                environment: OptoLinkEnvironment(
                    store: store, pasteboard: InMemoryPasteboard(), deviceInfo: FixedDeviceInfo.iPhone,
                    transport: transport, clock: SystemClock()))
            let deliveries = DirectOpenBench.TimeCollector()
            let task = Task {
                for await link in sdk.links where link.path == "/promo/summer" { deliveries.add(Stopwatch.now()) }
            }
            return (sdk, deliveries, task)
        }
        let (plain, plainDeliveries, plainListener) = makeSDK(block: 6)
        let (inspected, inspectedDeliveries, inspectedListener) = makeSDK(block: 7)
        defer {
            plainListener.cancel()
            inspectedListener.cancel()
            Task {
                await plain.shutdown()
                await inspected.shutdown()
            }
        }
        let inspector = OptoLinkInspector.attach(
            to: inspected, dashboard: .address(host: "127.0.0.1", port: listener.address.port),
            token: token.value, allowsCommands: true)
        defer { inspector.stop() }
        // Wait (real time, at most 10 s) for the inspector to stream before timing anything.
        let deadline = Stopwatch.now() + 10
        while Stopwatch.now() < deadline {
            if case .streaming = inspector.status.phase { break }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        guard case .streaming = inspector.status.phase else {
            return MeasureResult(
                rows: [
                    .notMeasured(measure, goal: goal, reason: "the inspector did not attach: \(inspector.status.phase)")
                ], notes: [])
        }

        var serial = 0
        func open(_ sdk: OptoLink, _ deliveries: DirectOpenBench.TimeCollector) async -> Double? {
            serial += 1
            let url = URL(string: "\(server.baseURL.absoluteString)/demo/summer?open=\(serial)")!
            return await DirectOpenBench.timedOpen(sdk, url: url, deliveries: deliveries)
        }
        for _ in 0..<warmup {
            _ = await open(inspected, inspectedDeliveries)
            _ = await open(plain, plainDeliveries)
        }
        let linesBefore = diagnosticsSeen.count
        var ours: [Double] = []
        var base: [Double] = []
        var failures = 0
        for index in 0..<pairs {
            var a: Double?
            var b: Double?
            if index % 2 == 0 {
                a = await open(inspected, inspectedDeliveries)
                b = await open(plain, plainDeliveries)
            } else {
                b = await open(plain, plainDeliveries)
                a = await open(inspected, inspectedDeliveries)
            }
            if let a { ours.append(a) } else { failures += 1 }
            if let b { base.append(b) } else { failures += 1 }
        }
        // Let the dashboard catch up (at most 5 s) so the note says how much it received.
        let caughtUp = Stopwatch.now() + 5
        while inspector.status.buffered > 0, Stopwatch.now() < caughtUp {
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        let streamed = diagnosticsSeen.count - linesBefore
        guard !ours.isEmpty, !base.isEmpty else {
            return MeasureResult(rows: [.notMeasured(measure, goal: goal, reason: "no successful open")], notes: [])
        }
        let a = Stats(ours)
        let b = Stats(base)
        let ratio = a.median / b.median
        let row = BenchRow(
            measure: measure,
            ours: "median \(Format.duration(a.median)), p99 \(Format.duration(a.p99))",
            baseline:
                "median \(Format.duration(b.median)), p99 \(Format.duration(b.p99)) (the same open, no inspector)",
            ratio: Format.ratio(ratio), goal: goal, verdict: ratio <= 1.10 ? .met : .missed)
        let notes = [
            "Inspector: \(pairs) interleaved pairs (order alternating) after \(warmup) warm-up pairs, each SDK on its "
                + "own keep-alive "
                + "URLSession to the same bench server. A = `handle(url:)` until the link arrives on `links` on an "
                + "SDK with "
                + "`OptoLinkInspector` attached (allowsCommands, streaming) to an `AttachListener` in this process on "
                + "127.0.0.1, which "
                + "reads, decodes and hands on every line on its own thread; B = the same on a second SDK without the "
                + "inspector. "
                + "The dashboard side received \(streamed) diagnostics during the pairs (≈ 4 per open: request "
                + "started, answer, finished, "
                + "link delivered); the inspector dropped \(inspector.status.dropped). \(failures) failed opens. The "
                + "inspector's cost on the "
                + "app's path is a tap in the diagnostics hub (a locked append to its buffer, and one wake-up of its "
                + "thread per burst: it "
                + "lingers 5 ms after the first diagnostic so an open's 4 go out in one write); "
                + "encoding and writing run on the inspector's thread, decoding on the listener's, both sharing the "
                + "machine's 2 cores with A and B."
        ]
        return MeasureResult(rows: [row], notes: notes)
    }
}
