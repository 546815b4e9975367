import Foundation
import OptoLink
import OptoLinkTesting

/// Measure 1b: how long `OptoLink.start` takes to return on a later launch with a full event queue (100
/// events of 10 KB each in the production ``FileEventStore``), against what start used to do with that
/// queue: decode it on the caller's thread (the JSON array `UserDefaults` held, through `JSONDecoder`).
enum QueuedStartBench {
    static let measure = "1b. Start-up with 100 queued 10 KB events (later launch)"
    static let goal = "< 1 ms p99"

    /// The old persisted shape, decoded the way the old `EventQueue.init` decoded it.
    private struct LegacyEvent: Decodable {
        var id: String
        var name: String
        var properties: [String: JSONValue]?
    }

    private struct LegacyEventOut: Encodable {
        var id: String
        var name: String
        var properties: [String: JSONValue]?
    }

    static func run(starts: Int, baselineRuns: Int) async -> MeasureResult {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "optolink-bench-queue-\(getpid())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let eventStore = FileEventStore(directory: directory)
        _ = eventStore.load()
        // 40 members of 240 characters: about 10 KB serialized, under the 10 240-byte limit.
        var properties: [String: JSONValue] = [:]
        for member in 0..<40 {
            properties[String(format: "field_%02d", member)] = .string(String(repeating: "v", count: 240))
        }
        let events = (0..<100).map {
            QueuedEvent(id: UUID().uuidString, name: "purchase_\($0)", properties: properties)
        }
        for event in events { eventStore.append(event) }
        let fileBytes = (try? FileManager.default.attributesOfItem(atPath: eventStore.fileURL.path)[.size] as? Int) ?? 0
        guard
            let configuration = try? OptoLinkConfiguration.optoLink(
                apiKey: BenchServer.clientKey, orgKey: "demo", baseURL: URL(string: "http://127.0.0.1:9")!)
        else {
            return MeasureResult(rows: [.notMeasured(measure, goal: goal, reason: "configuration refused")], notes: [])
        }

        // Ours: a later launch (first launch done) whose queue is the file above; the transport never
        // answers, so nothing leaves the queue. After each timed start the bench waits until the queue is
        // loaded (in the background, not timed) and shuts the instance down.
        var durations: [Double] = []
        var loadedCounts = Set<Int>()
        for _ in 0..<starts {
            let store = InMemoryKeyValueStore()
            store.set(true, forKey: "optolink_first_launch_done")
            let environment = OptoLinkEnvironment(
                store: store, pasteboard: InMemoryPasteboard(), deviceInfo: FixedDeviceInfo.iPhone,
                transport: ScriptedTransport(fallback: .hang), clock: SystemClock(), eventStore: eventStore)
            let start = Stopwatch.now()
            let sdk = OptoLink.start(configuration: configuration, environment: environment)
            durations.append(Stopwatch.now() - start)
            loadedCounts.insert(await sdk.queuedEventCount())
            await sdk.shutdown()
        }

        // Baseline: the old start's work with the same queue: decode the JSON array on the caller's thread.
        let legacy =
            (try? JSONEncoder().encode(
                events.map { LegacyEventOut(id: $0.id, name: $0.name, properties: $0.properties) })) ?? Data()
        var baseline: [Double] = []
        var decodedCounts = Set<Int>()
        for _ in 0..<baselineRuns {
            let start = Stopwatch.now()
            let decoded = (try? JSONDecoder().decode([LegacyEvent].self, from: legacy))?.count ?? -1
            baseline.append(Stopwatch.now() - start)
            decodedCounts.insert(decoded)
        }

        let ours = Stats(durations)
        let base = Stats(baseline)
        let row = BenchRow(
            measure: measure,
            ours: "p50 \(Format.duration(ours.median)), p99 \(Format.duration(ours.p99)) (\(ours.count) starts)",
            baseline:
                "p50 \(Format.duration(base.median)), p99 \(Format.duration(base.p99)) (old start: JSONDecoder of the "
                + "queue, \(base.count) runs)",
            ratio: Format.ratio(ours.p99 / base.p99) + " (p99)",
            goal: goal, verdict: ours.p99 < 0.001 && loadedCounts == [100] ? .met : .missed)
        let notes = [
            "Start-up with a full queue: \(events.count) events of \(Format.grouped(fileBytes / events.count)) bytes "
                + "each in a `FileEventStore` "
                + "(\(Format.megabytes(Double(fileBytes))) file in a temporary directory). Ours: `OptoLink.start` on "
                + "a later launch timed from "
                + "call to return, \(starts) starts; after each, `queuedEventCount()` (the background load, not "
                + "timed) gave \(loadedCounts.sorted()) "
                + "and the instance was shut down. Baseline: what `start` did before the event store, on the caller's "
                + "thread: `JSONDecoder` "
                + "decoding the same events as the JSON array `UserDefaults` held "
                + "(\(Format.megabytes(Double(legacy.count)))), \(baselineRuns) "
                + "runs; decoded \(decodedCounts.sorted()) events. Max ours: \(Format.duration(ours.max))."
        ]
        return MeasureResult(rows: [row], notes: notes)
    }
}
