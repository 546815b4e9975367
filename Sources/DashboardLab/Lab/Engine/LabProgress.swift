/// How far a run is: installs decided out of all, how fast, and the five classes so far.
package struct LabProgress: Sendable, Hashable {
    /// First opens decided so far.
    package var done: Int
    /// First opens in the run.
    package var total: Int
    /// Seconds since the run started.
    package var elapsed: Double
    /// The classes of the installs decided so far: one entry for an engine's run; for a ``LabSession``, one
    /// per service (its main run), in the session's order. Empty when not known (a session file's older
    /// progress lines).
    package var classes: [LabCounts]

    /// A progress report.
    package init(done: Int, total: Int, elapsed: Double, classes: [LabCounts] = []) {
        self.done = done
        self.total = total
        self.elapsed = elapsed
        self.classes = classes
    }

    /// Installs decided per second so far (0 before the first).
    package var perSecond: Double { elapsed > 0 ? Double(done) / elapsed : 0 }

    /// Seconds left at the rate so far, nil before there is a rate.
    package var remaining: Double? { perSecond > 0 ? Double(max(0, total - done)) / perSecond : nil }

    /// `[██████····]  42%  123 456 installs/s  3 s left`: a bar of 20 cells, the rate and the time left.
    package var statusLine: String {
        let filled = Int((fraction * 20).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: 20 - filled)
        let left = remaining.map { "\(Int($0.rounded(.up))) s left" } ?? "…"
        return
            "[\(bar)] \(Int((fraction * 100).rounded(.down)))%  \(LabValue.grouped(Int(perSecond))) installs/s  \(left)"
    }

    /// `done / total`, 0–1 (1 for an empty run).
    package var fraction: Double { total > 0 ? min(1, Double(done) / Double(total)) : 1 }
}
