/// The same population run at each threshold of a range, on one line per guard size: how precision and recall
/// trade against each other, and which threshold keeps false attributions under a target.
package struct LabSweep: Sendable, Hashable, Codable {
    /// One run of the sweep.
    package struct Point: Sendable, Hashable, Codable {
        /// The threshold it ran with.
        package var threshold: Int
        /// The guard size it ran with (nil: no guard).
        package var guardSize: Int?
        /// Its outcomes.
        package var counts: LabCounts

        /// A point.
        package init(threshold: Int, guardSize: Int?, counts: LabCounts) {
            self.threshold = threshold
            self.guardSize = guardSize
            self.counts = counts
        }
    }

    /// The thresholds, ascending.
    package var thresholds: [Int]
    /// The guard size of each line: the backend's first, then the second line's when it differs.
    package var guards: [Int?]
    /// Installs in the sweep's population.
    package var installs: Int
    /// Every run, by line then threshold.
    package var points: [Point]

    /// A sweep.
    package init(thresholds: [Int], guards: [Int?], installs: Int, points: [Point]) {
        self.thresholds = thresholds
        self.guards = guards
        self.installs = installs
        self.points = points
    }

    /// The points of line `index` (0: the backend's guard), by threshold.
    package func line(_ index: Int) -> [Point] {
        guard guards.indices.contains(index) else { return [] }
        return points.filter { $0.guardSize == guards[index] }.sorted { $0.threshold < $1.threshold }
    }

    /// On line `index`, the threshold that keeps the share of wrong matches at or under `maxWrong` with the
    /// most recall (the lower threshold on a tie); nil when none does. A threshold where nothing matched does
    /// not count: it has no wrong match, and no use either.
    package func threshold(maxWrong: Double, line index: Int = 0) -> Point? {
        let meeting = line(index).filter { point in
            point.counts.wrongShare.map { $0 <= maxWrong + 1e-12 } ?? false
        }
        return meeting.max { a, b in
            let (ra, rb) = (a.counts.recall ?? 0, b.counts.recall ?? 0)
            return ra != rb ? ra < rb : a.threshold > b.threshold
        }
    }
}
