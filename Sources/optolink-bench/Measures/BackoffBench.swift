import Foundation
import OptoLink
import OptoLinkTesting

/// Measure 3: with the default 1 s base and the real `SystemClock`, how much later than scheduled each
/// retry starts, read from the SDK's own diagnostics (`retryScheduled` → next `requestStarted`).
enum BackoffBench {
    static let measure = "3. Backoff accuracy (503, 503, 200; 1 s and 2 s waits)"
    static let goal = "≤ 10 ms late"

    static func run(rounds: Int) async -> MeasureResult {
        let server: BenchServer
        do { server = try BenchServer() } catch {
            return MeasureResult(rows: [.notMeasured(measure, goal: goal, reason: "server: \(error)")], notes: [])
        }
        defer { server.stop() }
        guard let configuration = try? server.configuration() else {
            return MeasureResult(rows: [.notMeasured(measure, goal: goal, reason: "configuration refused")], notes: [])
        }
        var lateness: [Double] = []
        var problems: [String] = []
        var perRetry: [String] = []
        for round in 0..<rounds {
            do {
                try await server.addFault(#"{"route":"match","kind":"status","status":503,"count":2}"#)
            } catch {
                problems.append("\(error)")
                continue
            }
            let clock = SystemClock()
            let sdk = OptoLink.start(
                configuration: configuration,
                environment: OptoLinkEnvironment(
                    store: InMemoryKeyValueStore(), pasteboard: InMemoryPasteboard(),
                    deviceInfo: FixedDeviceInfo.iPhone,
                    transport: ForwardedForTransport(
                        base: URLSessionTransport(),
                        address: (BenchAddress.address(block: 6, index: round))),
                    clock: clock))
            var scheduled: [Int: (time: Double, delay: Double)] = [:]
            var finalStatus: Int?
            var observed: [(retry: Int, late: Double)] = []
            for await diagnostic in sdk.diagnostics {
                switch diagnostic.kind {
                case .retryScheduled(_, .match, let attempt, let delay):
                    scheduled[attempt + 1] = (diagnostic.time, delay)
                case .requestStarted(_, .match, let attempt):
                    if let wait = scheduled[attempt] {
                        observed.append((attempt - 1, diagnostic.time - wait.time - wait.delay))
                    }
                case .requestFinished(_, .match, _, let status):
                    finalStatus = status
                default:
                    break
                }
                if finalStatus != nil { break }
            }
            await sdk.shutdown()
            if finalStatus != 200 || observed.count != 2 {
                problems.append(
                    "round \(round + 1): final status \(finalStatus.map(String.init) ?? "none"), \(observed.count) "
                        + "retries seen"
                )
            }
            for entry in observed {
                lateness.append(entry.late)
                perRetry.append("retry \(entry.retry): \(Format.duration(entry.late))")
            }
        }
        // Baseline: the same waits with a bare SystemClock sleep (what any Swift code gets from the platform).
        var bare: [Double] = []
        let clock = SystemClock()
        for _ in 0..<rounds {
            for delay in [1.0, 2.0] {
                let start = clock.now()
                try? await clock.sleep(for: delay)
                bare.append(clock.now() - start - delay)
            }
        }
        guard !lateness.isEmpty else {
            return MeasureResult(
                rows: [.notMeasured(measure, goal: goal, reason: problems.joined(separator: "; "))], notes: [])
        }
        let ours = Stats(lateness)
        let base = Stats(bare)
        let row = BenchRow(
            measure: measure,
            ours: "worst \(Format.duration(ours.max)), median \(Format.duration(ours.median)) (\(ours.count) retries)",
            baseline: "worst \(Format.duration(base.max)) (bare sleep)",
            ratio: Format.ratio(ours.max / max(base.max, 1e-9)), goal: goal,
            verdict: ours.max <= 0.010 && problems.isEmpty ? .met : .missed)
        var notes = [
            "Backoff: real server, `/dev/faults` 503 ×2 on `/match`, then 200; default `backoffBase` 1 s, real "
                + "`SystemClock`; "
                + "lateness = time of `requestStarted` (attempt n+1) − time of `retryScheduled` (attempt n) − its "
                + "delay, "
                + "from the diagnostics' own times, \(rounds) round(s): " + perRetry.joined(separator: ", ")
                + ". Baseline: bare `SystemClock.sleep` of 1 s and 2 s, measured the same way."
        ]
        if !problems.isEmpty { notes.append("Backoff problems: " + problems.joined(separator: "; ")) }
        return MeasureResult(rows: [row], notes: notes)
    }
}
