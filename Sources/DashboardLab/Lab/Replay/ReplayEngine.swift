import DashboardCore
import Foundation
import OptoLinkLabEngine

/// Replays recorded clicks and first opens through the reference server's matching engine (``DirectMatcher``,
/// OptoLink's wire format: the fields as recorded), every row in time order, as the lab's in-process engine
/// runs a population. Matching is per address (and per token), so a shard's address groups
/// (``ReplayLoader/done()``) decide their opens exactly as the whole run does.
///
/// ```swift
/// let engine = ReplayEngine(data: data)
/// let production = try await engine.run(policy: .seed, withholdTokens: false) { _ in }
/// let chainOnly = try await engine.run(policy: .seed, withholdTokens: true) { _ in }
/// ```
package struct ReplayEngine: Sendable {
    /// The rows.
    package let data: ReplayData
    /// Every click and open in time order: the row's index, plus ``openBit`` for an open (at the same second,
    /// clicks first, then file order).
    package let order: [Int]
    /// The bit of ``order`` that marks an open.
    static let openBit = 1 << 62

    /// An engine over `data`, its rows sorted by time (the files may be in any order).
    package init(data: ReplayData) {
        self.data = data
        var order = [Int]()
        order.reserveCapacity(data.clicks.count + data.opens.count)
        order.append(contentsOf: 0..<data.clicks.count)
        order.append(contentsOf: (0..<data.opens.count).lazy.map { $0 | Self.openBit })
        data.clicks.times.withUnsafeBufferPointer { clicks in
            data.opens.times.withUnsafeBufferPointer { opens in
                order.sort { a, b in
                    let ta = a & Self.openBit == 0 ? clicks[a] : opens[a & ~Self.openBit]
                    let tb = b & Self.openBit == 0 ? clicks[b] : opens[b & ~Self.openBit]
                    return ta != tb ? ta < tb : a < b
                }
            }
        }
        self.order = order
    }

    /// One pass: every click recorded and every open decided, in time order.
    ///
    /// - Parameters:
    ///   - policy: the backend's threshold, guard, window and points.
    ///   - withholdTokens: false for production (each open's clipboard token as it was sent), true for the
    ///     fingerprint chain alone (no open's token reaches the engine).
    ///   - progress: opens decided so far (about every 4 096 rows).
    /// - Returns: each open's decision, by open index.
    /// - Throws: `CancellationError` when the task is cancelled.
    package func run(
        policy: DirectMatcher.Policy, withholdTokens: Bool, progress: (Int) -> Void = { _ in }
    ) async throws -> [ReplayDecision] {
        let matcher = DirectMatcher(service: .optoLink, policy: policy)
        var decisions = [ReplayDecision](
            repeating: ReplayDecision(matchedClick: nil, method: .none, score: nil, guardFired: false),
            count: data.opens.count)
        var done = 0
        for (position, code) in order.enumerated() {
            if code & Self.openBit == 0 {
                matcher.click(
                    id: code, address: data.addresses[Int(data.clicks.addresses[code])],
                    signals: data.signals[Int(data.clicks.signals[code])], at: data.clicks.times[code])
            } else {
                let open = code & ~Self.openBit
                let label = data.labels[open]
                let decision = matcher.launch(
                    address: data.addresses[Int(data.opens.addresses[open])],
                    clipboardClick: withholdTokens || label < 0 ? nil : Int(label),
                    signals: data.signals[Int(data.opens.signals[open])], at: data.opens.times[open])
                decisions[open] = ReplayDecision(
                    matchedClick: decision.click, method: LabMethod(decision.method), score: decision.score,
                    guardFired: decision.guardFired)
                done += 1
            }
            if position & 4095 == 4095 {
                try Task.checkCancellation()
                progress(done)
                await Task.yield()
            }
        }
        progress(done)
        return decisions
    }
}
