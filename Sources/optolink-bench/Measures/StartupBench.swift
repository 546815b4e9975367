import Foundation
import OptoLink
import OptoLinkTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Measure 1: how long `OptoLink.start` takes to return on a first launch while `/match` takes 2 s,
/// against the Flutter-style start that waits for the match.
enum StartupBench {
    static let measure = "1. Start-up (first launch, /match answers after 2 s)"
    static let goal = "< 1 ms p99"

    static func run(starts: Int, baselineStarts: Int, batch: Int) async -> MeasureResult {
        let server: BenchServer
        do { server = try BenchServer() } catch {
            return MeasureResult(rows: [.notMeasured(measure, goal: goal, reason: "server: \(error)")], notes: [])
        }
        defer { server.stop() }
        do {
            try await server.addFault(
                #"{"route":"match","kind":"delay","delaySeconds":2,"count":\#(starts + baselineStarts + 100)}"#)
        } catch {
            return MeasureResult(rows: [.notMeasured(measure, goal: goal, reason: "\(error)")], notes: [])
        }
        guard let configuration = try? server.configuration() else {
            return MeasureResult(rows: [.notMeasured(measure, goal: goal, reason: "configuration refused")], notes: [])
        }

        // Ours: each start is a first launch (fresh in-memory store), from its own address.
        let shared = URLSessionTransport()
        var durations: [Double] = []
        var inFlight = 0
        for index in 0..<starts {
            let environment = OptoLinkEnvironment(
                store: InMemoryKeyValueStore(), pasteboard: InMemoryPasteboard(), deviceInfo: FixedDeviceInfo.iPhone,
                transport: ForwardedForTransport(
                    base: shared, address: (BenchAddress.address(block: 2, index: index))),
                clock: SystemClock())
            let start = Stopwatch.now()
            let sdk = OptoLink.start(configuration: configuration, environment: environment)
            durations.append(Stopwatch.now() - start)
            // Let the first launch really begin (its /match is on the wire), then shut the instance down so
            // instances do not pile up. A watchdog ends the wait if /match never starts.
            let watchdog = Task {
                try? await Task.sleep(nanoseconds: 5_000_000_000)
                await sdk.shutdown()
            }
            for await diagnostic in sdk.diagnostics {
                if case .requestStarted(_, .match, _) = diagnostic.kind {
                    inFlight += 1
                    break
                }
            }
            watchdog.cancel()
            await sdk.shutdown()
        }

        // Baseline: the Flutter-style start awaits the match (about 2 s each), so the starts run in
        // concurrent batches; each is still timed alone, from its call to its return.
        let configurationForSession = URLSessionConfiguration.ephemeral
        configurationForSession.httpMaximumConnectionsPerHost = batch + 4
        configurationForSession.urlCache = nil
        let session = URLSession(configuration: configurationForSession)
        var baseline: [Double] = []
        var matchedOrAnswered = 0
        var done = 0
        while done < baselineStarts {
            let size = min(batch, baselineStarts - done)
            let first = done
            let results = await withTaskGroup(of: Double.self) { group in
                for offset in 0..<size {
                    group.addTask {
                        let store = InMemoryKeyValueStore()
                        let start = Stopwatch.now()
                        _ = await FlutterStyleStart.initialize(
                            baseURL: server.baseURL, apiKey: BenchServer.clientKey, store: store,
                            deviceInfo: FixedDeviceInfo.iPhone,
                            session: session,
                            forwardedFor: BenchAddress.address(block: 3, index: first + offset))
                        return Stopwatch.now() - start
                    }
                }
                var all: [Double] = []
                for await duration in group { all.append(duration) }
                return all
            }
            baseline += results
            matchedOrAnswered += results.filter { $0 >= 2 }.count
            done += size
        }
        session.invalidateAndCancel()
        await server.clearFaults()

        let ours = Stats(durations)
        let base = Stats(baseline)
        let row = BenchRow(
            measure: measure,
            ours: "p50 \(Format.duration(ours.median)), p99 \(Format.duration(ours.p99)) (\(ours.count) starts)",
            baseline: "p50 \(Format.duration(base.median)), p99 \(Format.duration(base.p99)) (\(base.count) starts)",
            ratio: Format.ratio(ours.p99 / base.p99) + " (p99)",
            goal: goal, verdict: ours.p99 < 0.001 ? .met : .missed)
        let notes = [
            "Start-up: real server with a `/dev/faults` delay of 2 s on `/match`. Ours: `OptoLink.start` timed from "
                + "call to return, "
                + "\(starts) first launches (fresh in-memory store each, own `X-Forwarded-For` address each); after "
                + "each start the bench waited "
                + "until its `/match` was on the wire (\(inFlight)/\(starts) confirmed by a `requestStarted` "
                + "diagnostic), then shut it down. "
                + "Baseline: a Flutter-style `initialize` (bare URLSession, awaits `/match`), \(baselineStarts) "
                + "starts in concurrent batches of "
                + "\(batch), each timed alone; \(matchedOrAnswered)/\(baselineStarts) waited the full 2 s. Max ours: "
                + "\(Format.duration(ours.max))."
        ]
        return MeasureResult(rows: [row], notes: notes)
    }
}
