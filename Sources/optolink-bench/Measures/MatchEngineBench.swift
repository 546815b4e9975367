import Foundation
import OptoLinkServer

/// Measure 5: matches per second of the server's match engine, in process, with 10 000 addresses × 50
/// click records stored.
enum MatchEngineBench {
    static let measure = "5. Match engine (10 000 addresses × 50 clicks stored)"
    static let goal = "≥ 50 000 matches/s"

    static func run(matches: Int) -> MeasureResult {
        let result = ServerBenchmarks.matchEngineThroughput(addresses: 10_000, candidatesPerAddress: 50, matches: matches)
        let rate = result.matchesPerSecond
        let row = BenchRow(
            measure: measure,
            ours: "\(Format.rate(rate, unit: " matches/s")) (\(Format.grouped(result.matches)) matches in \(Format.duration(result.matchSeconds)))",
            baseline: "—", ratio: Format.ratio(rate / 50_000) + " of goal", goal: goal, verdict: rate >= 50_000 ? .met : .missed)
        let notes = [
            "Match engine: `ServerBenchmarks.matchEngineThroughput` (public entry point in OptoLinkServer/Matching): "
                + "\(Format.grouped(result.storedRecords)) click records stored in \(Format.duration(result.fillSeconds)), then "
                + "\(Format.grouped(result.matches)) fingerprint-only requests (no clipboard token: the full P2 → P2.5 → P3 chain) from "
                + "random stored addresses through the locked store, one thread; \(Format.grouped(result.matched)) matched, "
                + "\(Format.grouped(result.guardFired)) stopped by the shared-network guard. No baseline: the ratio is against the goal.",
        ]
        return MeasureResult(rows: [row], notes: notes)
    }
}
