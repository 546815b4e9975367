import DashboardCore
import Foundation
import OptoLinkLabEngine

/// What a replay of recorded clicks and first opens found, as counts that add up: two shards' reports merge
/// into the report of both (``merged(_:)``), precision, recall and the sweep recomputed from the sums. Its JSON
/// (`optolink-dash lab --clicks … --opens … --json`) is what `optolink-dash lab merge` reads.
///
/// The labeled opens (a clipboard token equal to a click's) are the ground truth: the second pass withholds
/// their tokens, and its decisions on them are counted in the five classes. A labeled open always clicked, so
/// false matches and correct no-matches cannot occur among them, and the unlabeled opens' truth is unknown.
package struct ReplayReport: Sendable, Hashable, Codable {
    /// The numbers the engine decided with.
    package var policy: ReplayPolicy
    /// The shard this report covers, nil for every address (an unsharded run, or every shard merged).
    package var shard: ReplayShard?
    /// With `merge`, the shards (from 1) merged so far when not all of them are; nil otherwise.
    package var mergedShards: [Int]?
    /// Clicks and first opens replayed.
    package var clicks = 0
    /// See ``clicks``.
    package var opens = 0
    /// Opens whose token named a click.
    package var labeled = 0
    /// Opens whose token named no click in the file.
    package var unknownTokens = 0
    /// The first and last row's time (seconds since 1970), nil without rows.
    package var from: Double?
    /// See ``from``.
    package var to: Double?
    /// Tokens kept (production): every open by how it matched (``LabMethod/key``).
    package var production: [String: Int] = [:]
    /// Tokens kept: the labeled opens in the five classes.
    package var productionLabeled = LabCounts()
    /// Tokens withheld (the fingerprint chain alone): the labeled opens in the five classes.
    package var chain = LabCounts()
    /// Tokens withheld: the labeled opens by how the chain matched them.
    package var chainByMethod: [String: LabCounts] = [:]
    /// Tokens withheld: labeled opens the shared-network guard stopped.
    package var chainGuardFired = 0
    /// Tokens withheld: the unlabeled opens by how the chain matched them (whether rightly is unknown).
    package var chainUnlabeled: [String: Int] = [:]
    /// The chain-alone pass at each threshold, on the labeled opens; nil when it did not run.
    package var sweep: LabSweep?
    /// The chain's precision, recall and share of wrong matches on the labeled opens (from ``chain``).
    package var precision: Double?
    /// See ``precision``.
    package var recall: Double?
    /// See ``precision``.
    package var wrongShare: Double?

    /// An empty report for `policy`.
    package init(policy: DirectMatcher.Policy, shard: ReplayShard?) {
        self.policy = ReplayPolicy(policy)
        self.shard = shard.flatMap { $0.count == 1 ? nil : $0 }
    }

    /// The report of two passes over `data`.
    package init(
        data: ReplayData, policy: DirectMatcher.Policy, shard: ReplayShard?, production: [ReplayDecision],
        chainOnly: [ReplayDecision], sweep: LabSweep?
    ) {
        self.init(policy: policy, shard: shard)
        unknownTokens = data.unknownTokens
        for click in 0..<data.clicks.count {
            clicks += 1
            from = min(from ?? .infinity, data.clicks.times[click])
            to = max(to ?? -.infinity, data.clicks.times[click])
        }
        for open in 0..<data.opens.count {
            opens += 1
            from = min(from ?? .infinity, data.opens.times[open])
            to = max(to ?? -.infinity, data.opens.times[open])
            let label = data.labels[open]
            let kept = production[open]
            let alone = chainOnly[open]
            self.production[kept.method.key, default: 0] += 1
            if label >= 0 {
                labeled += 1
                productionLabeled.add(LabOutcomeClass(truth: Int(label), matched: kept.matchedClick))
                let outcome = LabOutcomeClass(truth: Int(label), matched: alone.matchedClick)
                chain.add(outcome)
                chainByMethod[alone.method.key, default: LabCounts()].add(outcome)
                if alone.guardFired { chainGuardFired += 1 }
            } else {
                chainUnlabeled[alone.method.key, default: 0] += 1
            }
        }
        self.sweep = sweep
        recompute()
    }

    /// The chain-alone counts of one sweep run: the labeled opens in the five classes.
    static func labeledCounts(data: ReplayData, decisions: [ReplayDecision]) -> LabCounts {
        var counts = LabCounts()
        for open in 0..<data.opens.count where data.labels[open] >= 0 {
            counts.add(LabOutcomeClass(truth: Int(data.labels[open]), matched: decisions[open].matchedClick))
        }
        return counts
    }

    /// Precision, recall and wrong share from ``chain``.
    mutating func recompute() {
        precision = chain.precision
        recall = chain.recall
        wrongShare = chain.wrongShare
    }

    /// The reports of disjoint shards as one: counts added, the time span joined, precision, recall and the
    /// sweep recomputed.
    /// - Throws: ``DashboardError/usage(_:)`` when they ran with different numbers or shard counts, or a shard
    ///   comes twice.
    package static func merged(_ reports: [ReplayReport]) throws(DashboardError) -> ReplayReport {
        guard var total = reports.first else { throw .usage("merge needs at least one report") }
        var covered = Set(total.shardsCovered)
        for report in reports.dropFirst() {
            guard report.policy == total.policy else {
                throw .usage("the reports ran with different backend numbers (threshold, guard, window or points)")
            }
            guard report.shardCount == total.shardCount else {
                throw .usage(
                    "the reports split the addresses differently (\(report.shardCount) and \(total.shardCount) shards)")
            }
            let shards = Set(report.shardsCovered)
            guard covered.isDisjoint(with: shards) else {
                throw .usage(
                    "shard \(covered.intersection(shards).sorted().map(String.init).joined(separator: ", ")) "
                        + "comes twice"
                )
            }
            covered.formUnion(shards)
            total.clicks += report.clicks
            total.opens += report.opens
            total.labeled += report.labeled
            total.unknownTokens += report.unknownTokens
            total.from = [total.from, report.from].compactMap { $0 }.min()
            total.to = [total.to, report.to].compactMap { $0 }.max()
            total.production.merge(report.production, uniquingKeysWith: +)
            total.productionLabeled = total.productionLabeled + report.productionLabeled
            total.chain = total.chain + report.chain
            total.chainByMethod.merge(report.chainByMethod, uniquingKeysWith: +)
            total.chainGuardFired += report.chainGuardFired
            total.chainUnlabeled.merge(report.chainUnlabeled, uniquingKeysWith: +)
            total.sweep = try merge(total.sweep, report.sweep)
        }
        let count = total.shardCount
        if covered.count == count {
            total.shard = nil
            total.mergedShards = nil
        } else if covered.count > 1 {
            total.shard = ReplayShard(index: covered.min()!, count: count)
            total.mergedShards = covered.sorted()
        }
        total.recompute()
        return total
    }

    /// How many shards the addresses were split into (1 for a whole run).
    var shardCount: Int { shard?.count ?? 1 }
    /// The shards this report covers.
    var shardsCovered: [Int] { mergedShards ?? [shard?.index ?? 1] }

    private static func merge(_ a: LabSweep?, _ b: LabSweep?) throws(DashboardError) -> LabSweep? {
        guard let a, let b else {
            if a == nil, b == nil { return nil }
            throw .usage(
                "some reports have a threshold sweep and some do not (run them all with or without --no-sweep)")
        }
        guard a.thresholds == b.thresholds, a.guards == b.guards, a.points.count == b.points.count else {
            throw .usage("the reports' threshold sweeps ran different thresholds or guards")
        }
        var points = a.points
        for (index, point) in b.points.enumerated() {
            guard points[index].threshold == point.threshold, points[index].guardSize == point.guardSize else {
                throw .usage("the reports' threshold sweeps ran different thresholds or guards")
            }
            points[index].counts = points[index].counts + point.counts
        }
        return LabSweep(thresholds: a.thresholds, guards: a.guards, installs: a.installs + b.installs, points: points)
    }
}

extension LabCounts {
    /// Two tallies added class by class.
    static func + (a: LabCounts, b: LabCounts) -> LabCounts {
        var sum = a
        for outcome in LabOutcomeClass.allCases { sum[outcome] += b[outcome] }
        return sum
    }
}
