import Foundation

/// The JSON summary CI scripts read (`optolink-dash lab --json`): one object per service, in an array, with at
/// least `installs`, `correct`, `wrongClick`, `missed`, `falseMatch`, `correctNoMatch`, `precision` and `recall`
/// (`docs/lab.md` lists every field). Shares are 0–1; a precision or recall with nothing to divide is `null`:
/// every field is always there, `null` when it has no value.
package struct LabSummary: Encodable, Sendable, Hashable {
    /// The five classes and what follows from them.
    package struct Counts: Encodable, Sendable, Hashable {
        /// Installs counted.
        package var installs: Int
        /// See ``LabCounts``.
        package var correct, wrongClick, missed, falseMatch, correctNoMatch: Int
        /// See ``LabCounts/precision``.
        package var precision: Double?
        /// See ``LabCounts/recall``.
        package var recall: Double?

        init(_ counts: LabCounts) {
            installs = counts.installs
            correct = counts.correct
            wrongClick = counts.wrongClick
            missed = counts.missed
            falseMatch = counts.falseMatch
            correctNoMatch = counts.correctNoMatch
            precision = counts.precision
            recall = counts.recall
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in [
                ("installs", installs), ("correct", correct), ("wrongClick", wrongClick), ("missed", missed),
                ("falseMatch", falseMatch), ("correctNoMatch", correctNoMatch),
            ] {
                try container.encode(value, forKey: Key(key))
            }
            try container.encode(precision, forKey: Key("precision"))
            try container.encode(recall, forKey: Key("recall"))
        }
    }

    /// One point of the sweep.
    package struct SweepPoint: Encodable, Sendable, Hashable {
        /// Its threshold.
        package var threshold: Int
        /// Its guard size (`null`: no guard).
        package var guardSize: Int?
        /// Its counts.
        package var counts: Counts

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(threshold, forKey: Key("threshold"))
            try container.encode(guardSize, forKey: Key("guardSize"))
            try container.encode(counts, forKey: Key("counts"))
        }
    }

    /// The threshold meeting `maxWrong`.
    package struct Target: Encodable, Sendable, Hashable {
        /// The largest share of wrong matches allowed.
        package var maxWrong: Double
        /// The threshold with the most recall under it on the backend's guard, `null` when none.
        package var threshold: Int?
        /// Whether the lab's own threshold stays under it.
        package var met: Bool

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(maxWrong, forKey: Key("maxWrong"))
            try container.encode(threshold, forKey: Key("threshold"))
            try container.encode(met, forKey: Key("met"))
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

    /// `optolink`, `quberoute`, `deepblue`, `appsflyer`.
    package var service: String
    /// The lab's name, seed and engine.
    package var lab: String
    /// See ``lab``.
    package var seed: UInt64
    /// See ``lab``.
    package var engine: String
    /// The backend's threshold, guard size (`null`: off) and window in seconds.
    package var threshold: Int
    /// See ``threshold``.
    package var guardSize: Int?
    /// See ``threshold``.
    package var windowSeconds: Double
    /// Installs counted.
    package var installs: Int
    /// The five classes.
    package var correct, wrongClick, missed, falseMatch, correctNoMatch: Int
    /// See ``LabCounts``.
    package var precision: Double?
    /// See ``LabCounts``.
    package var recall: Double?
    /// False attributions over matches made (1 − precision), `null` when nothing matched.
    package var wrongShare: Double?
    /// First opens the shared-network guard stopped.
    package var guardFired: Int
    /// By method, network and delay (the report's tables).
    package var byMethod: [String: Counts]
    /// See ``byMethod``.
    package var byNetwork: [String: Counts]
    /// See ``byMethod``.
    package var byDelay: [String: Counts]
    /// The sweep's points, `null` when it did not run.
    package var sweep: [SweepPoint]?
    /// The target, `null` without `--max-wrong`.
    package var target: Target?

    /// The summary of one service's report.
    package init(_ service: LabServiceReport, model: LabModel) {
        let counts = service.counts
        self.service = service.service.rawValue
        lab = model.name
        seed = model.seed
        engine = service.engine
        threshold = service.policy.threshold
        guardSize = service.policy.guardSize
        windowSeconds = service.policy.window
        installs = counts.installs
        correct = counts.correct
        wrongClick = counts.wrongClick
        missed = counts.missed
        falseMatch = counts.falseMatch
        correctNoMatch = counts.correctNoMatch
        precision = counts.precision
        recall = counts.recall
        wrongShare = counts.wrongShare
        guardFired = service.guardFired
        byMethod = Dictionary(uniqueKeysWithValues: service.byMethod.map { ($0.key.key, Counts($0.value)) })
        byNetwork = Dictionary(uniqueKeysWithValues: service.byNetwork.map { ($0.key.rawValue, Counts($0.value)) })
        byDelay = Dictionary(uniqueKeysWithValues: service.byDelay.map { ($0.key.rawValue, Counts($0.value)) })
        sweep = service.sweep.map { sweep in
            sweep.points.map { SweepPoint(threshold: $0.threshold, guardSize: $0.guardSize, counts: Counts($0.counts)) }
        }
        target = model.maxWrong.map { maxWrong in
            Target(
                maxWrong: maxWrong, threshold: service.sweep?.threshold(maxWrong: maxWrong)?.threshold,
                met: (counts.wrongShare ?? 0) <= maxWrong + 1e-12)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(service, forKey: Key("service"))
        try container.encode(lab, forKey: Key("lab"))
        try container.encode(seed, forKey: Key("seed"))
        try container.encode(engine, forKey: Key("engine"))
        try container.encode(threshold, forKey: Key("threshold"))
        try container.encode(guardSize, forKey: Key("guardSize"))
        try container.encode(windowSeconds, forKey: Key("windowSeconds"))
        for (key, value) in [
            ("installs", installs), ("correct", correct), ("wrongClick", wrongClick), ("missed", missed),
            ("falseMatch", falseMatch), ("correctNoMatch", correctNoMatch), ("guardFired", guardFired),
        ] {
            try container.encode(value, forKey: Key(key))
        }
        try container.encode(precision, forKey: Key("precision"))
        try container.encode(recall, forKey: Key("recall"))
        try container.encode(wrongShare, forKey: Key("wrongShare"))
        try container.encode(byMethod, forKey: Key("byMethod"))
        try container.encode(byNetwork, forKey: Key("byNetwork"))
        try container.encode(byDelay, forKey: Key("byDelay"))
        try container.encode(sweep, forKey: Key("sweep"))
        try container.encode(target, forKey: Key("target"))
    }

    /// The JSON array of every service's summary, keys sorted, pretty-printed.
    package static func json(_ report: LabReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let summaries = report.services.map { LabSummary($0, model: report.model) }
        return (try? encoder.encode(summaries)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }
}
