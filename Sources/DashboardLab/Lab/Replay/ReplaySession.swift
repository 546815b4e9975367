import Foundation
import OptoLinkHTTP
import OptoLinkLabEngine

/// A whole replay: the production pass (tokens kept) and the fingerprint chain's pass (the labeled opens' tokens
/// withheld) side by side, then the chain's threshold sweep, two runs at a time (the machine's cores), with
/// progress over every run.
///
/// ```swift
/// let result = try await ReplaySession(data: data, model: model).run { print($0.statusLine) }
/// print(result.report.recall ?? 0)
/// ```
package struct ReplaySession: Sendable {
    /// What a finished replay gives.
    package struct Result: Sendable {
        /// The counts.
        package var report: ReplayReport
        /// Each open's decision with tokens kept, by open index.
        package var production: [ReplayDecision]
        /// Each open's decision by the chain alone.
        package var chainOnly: [ReplayDecision]
    }

    /// The rows.
    package var data: ReplayData
    /// The lab whose backend numbers (`backend.*`) and sweep (`sweep.*`) apply.
    package var model: LabModel
    /// Whether the sweep runs.
    package var sweep: Bool
    /// The shard the data was read for, nil for all of it.
    package var shard: ReplayShard?

    /// A replay of `data` with `model`'s backend numbers; the sweep by default.
    package init(data: ReplayData, model: LabModel, sweep: Bool = true, shard: ReplayShard? = nil) {
        self.data = data
        self.model = model
        self.sweep = sweep
        self.shard = shard
    }

    /// Runs the replay.
    /// - Parameter progress: opens decided over every pass so far.
    /// - Throws: `CancellationError` when the task is cancelled.
    package func run(progress: @escaping @Sendable (LabProgress) -> Void = { _ in }) async throws -> Result {
        let clock: @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
        let began = clock()
        let engine = ReplayEngine(data: data)
        var policies: [(DirectMatcher.Policy, Bool)] = [(model.policy, false), (model.policy, true)]
        let guards =
            model.sweepGuard == model.policy.guardSize
            ? [model.policy.guardSize] : [model.policy.guardSize, model.sweepGuard]
        if sweep {
            for guardSize in guards {
                for threshold in model.sweepThresholds {
                    var policy = model.policy
                    policy.threshold = threshold
                    policy.guardSize = guardSize
                    policies.append((policy, true))
                }
            }
        }
        let total = policies.count * data.opens.count
        let tally = Locked([Int](repeating: 0, count: policies.count))
        let lastReport = Locked(-Double.infinity)
        let work = policies
        let runs = try await withThrowingTaskGroup(of: (Int, [ReplayDecision]?, LabCounts).self) { group in
            func launch(_ index: Int) {
                group.addTask {
                    let (policy, withhold) = work[index]
                    let decisions = try await engine.run(policy: policy, withholdTokens: withhold) { done in
                        let sum = tally.withLock {
                            $0[index] = done
                            return $0.reduce(0, +)
                        }
                        let now = clock()
                        let due = lastReport.withLock {
                            guard now - $0 >= 0.05 else { return false }
                            $0 = now
                            return true
                        }
                        if due { progress(LabProgress(done: sum, total: total, elapsed: now - began)) }
                    }
                    // A sweep run keeps only its counts: ten million opens' decisions are 80 MB a run.
                    let counts = ReplayReport.labeledCounts(data: engine.data, decisions: decisions)
                    return (index, index < 2 ? decisions : nil, counts)
                }
            }
            var next = 0
            let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
            while next < min(width, work.count) {
                launch(next)
                next += 1
            }
            var runs = [(decisions: [ReplayDecision]?, counts: LabCounts)](
                repeating: (nil, LabCounts()), count: work.count)
            while let (index, decisions, counts) = try await group.next() {
                runs[index] = (decisions, counts)
                if next < work.count {
                    launch(next)
                    next += 1
                }
            }
            return runs
        }
        progress(LabProgress(done: total, total: total, elapsed: clock() - began))
        var sweepResult: LabSweep?
        if sweep {
            let points = zip(work, runs).dropFirst(2).map { item, run in
                LabSweep.Point(threshold: item.0.threshold, guardSize: item.0.guardSize, counts: run.counts)
            }
            sweepResult = LabSweep(
                thresholds: model.sweepThresholds, guards: guards, installs: data.labeledCount, points: points)
        }
        let (production, chainOnly) = (runs[0].decisions ?? [], runs[1].decisions ?? [])
        let report = ReplayReport(
            data: data, policy: model.policy, shard: shard, production: production, chainOnly: chainOnly,
            sweep: sweepResult)
        return Result(report: report, production: production, chainOnly: chainOnly)
    }
}
