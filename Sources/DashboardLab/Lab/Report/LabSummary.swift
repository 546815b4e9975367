import DashboardCore
import Foundation

/// The JSON summary CI scripts read (`optolink-dash lab --json`): one object per service, in an array, with at
/// least `installs`, `correct`, `wrongClick`, `missed`, `falseMatch`, `correctNoMatch`, `precision` and `recall`
/// (`docs/lab.md` lists every field). Shares are 0–1; every field is always there, `null` when it has no value
/// (a precision or recall with nothing to divide).
package struct LabSummary: Encodable, Sendable {
    /// The five classes and what follows from them, as JSON: the counts, `installs`, `precision` and `recall`.
    package struct Counts: Encodable, Sendable, Hashable {
        /// The counts.
        package var counts: LabCounts

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try encode(into: &container)
        }

        /// Writes the fields into an object of its own or into the service's.
        func encode(into container: inout KeyedEncodingContainer<Key>) throws {
            try container.encode(counts.installs, forKey: Key("installs"))
            for outcome in LabOutcomeClass.allCases { try container.encode(counts[outcome], forKey: Key(outcome.key)) }
            try container.encode(counts.precision, forKey: Key("precision"))
            try container.encode(counts.recall, forKey: Key("recall"))
        }
    }

    /// One point of the sweep: `threshold`, `guardSize` (`null`: no guard), `counts`.
    package struct SweepPoint: Encodable, Sendable, Hashable {
        /// The point.
        package var point: LabSweep.Point

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(point.threshold, forKey: Key("threshold"))
            try container.encode(point.guardSize, forKey: Key("guardSize"))
            try container.encode(Counts(counts: point.counts), forKey: Key("counts"))
        }
    }

    /// A JSON key by name.
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The service's report.
    package var report: LabServiceReport
    /// The lab it ran.
    package var model: LabModel

    /// The summary of one service's report.
    package init(_ report: LabServiceReport, model: LabModel) {
        self.report = report
        self.model = model
    }

    /// `service` (`optolink`, `quberoute`, `deepblue`, `appsflyer`), `lab`, `seed`, `engine`, the backend's
    /// `threshold`, `guardSize` and `windowSeconds`, the counts (``Counts``), `wrongShare`, `guardFired`,
    /// `byMethod`, `byNetwork` and `byDelay` (counts by group), `sweep` (the points, `null` when it did not run),
    /// `target` (`maxWrong`, the `threshold` meeting it on the backend's guard, whether the lab's own threshold
    /// `met` it; `null` without `--max-wrong`).
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(report.service.rawValue, forKey: Key("service"))
        try container.encode(model.name, forKey: Key("lab"))
        try container.encode(model.seed, forKey: Key("seed"))
        try container.encode(report.engine, forKey: Key("engine"))
        try container.encode(report.policy.threshold, forKey: Key("threshold"))
        try container.encode(report.policy.guardSize, forKey: Key("guardSize"))
        try container.encode(report.policy.window, forKey: Key("windowSeconds"))
        try Counts(counts: report.counts).encode(into: &container)
        try container.encode(report.counts.wrongShare, forKey: Key("wrongShare"))
        try container.encode(report.guardFired, forKey: Key("guardFired"))
        func groups<Group>(_ counts: [Group: LabCounts], _ name: (Group) -> String) -> [String: Counts] {
            Dictionary(uniqueKeysWithValues: counts.map { (name($0.key), Counts(counts: $0.value)) })
        }
        try container.encode(groups(report.byMethod, \.key), forKey: Key("byMethod"))
        try container.encode(groups(report.byNetwork, \.rawValue), forKey: Key("byNetwork"))
        try container.encode(groups(report.byDelay, \.rawValue), forKey: Key("byDelay"))
        try container.encode(report.sweep.map { $0.points.map(SweepPoint.init) }, forKey: Key("sweep"))
        if let maxWrong = model.maxWrong {
            var target = container.nestedContainer(keyedBy: Key.self, forKey: Key("target"))
            try target.encode(maxWrong, forKey: Key("maxWrong"))
            try target.encode(report.sweep?.threshold(maxWrong: maxWrong)?.threshold, forKey: Key("threshold"))
            try target.encode((report.counts.wrongShare ?? 0) <= maxWrong + 1e-12, forKey: Key("met"))
        } else {
            try container.encodeNil(forKey: Key("target"))
        }
    }

    /// The JSON array of every service's summary, keys sorted, pretty-printed.
    package static func json(_ report: LabReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let summaries = report.services.map { LabSummary($0, model: report.model) }
        return (try? encoder.encode(summaries)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }
}
