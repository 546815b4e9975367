import Foundation

/// Order statistics over a sample of durations or rates.
struct Stats: Sendable {
    /// The sorted values.
    let sorted: [Double]

    init(_ values: [Double]) { sorted = values.sorted() }

    var count: Int { sorted.count }

    /// The nearest-rank percentile `p` (0–100); 0 for an empty sample.
    func percentile(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }

    var median: Double { percentile(50) }
    var p99: Double { percentile(99) }
    var max: Double { sorted.last ?? 0 }
}
