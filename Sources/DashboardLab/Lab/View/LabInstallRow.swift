/// One install of a finished lab as the Lab view lists it: what it was, what the backend matched, and why
/// it belongs to its class. Enter on the row explains it in the breakdown pane.
package struct LabInstallRow: Sendable, Hashable, Codable {
    /// The install's device id in the population.
    package var device: Int
    /// Its class.
    package var outcome: LabOutcomeClass
    /// How it matched (`.none` for no match).
    package var method: LabMethod
    /// The matched click's points when it was scored.
    package var score: Int?
    /// The click matched (its device id), nil for none.
    package var matchedClick: Int?
    /// How the report groups its network.
    package var network: LabNetworkLabel
    /// Seconds from its click to its first open, nil for an organic install.
    package var delay: Double?

    /// A row.
    package init(
        device: Int, outcome: LabOutcomeClass, method: LabMethod, score: Int?, matchedClick: Int?,
        network: LabNetworkLabel, delay: Double?
    ) {
        self.device = device
        self.outcome = outcome
        self.method = method
        self.score = score
        self.matchedClick = matchedClick
        self.network = network
        self.delay = delay
    }

    /// The row of `device` in `run`, nil for a click that never installed.
    package init?(device: Int, in run: LabRun) {
        guard let outcome = run.outcome(of: device) else { return nil }
        let population = run.job.population
        self.init(
            device: device, outcome: outcome.outcome, method: outcome.method, score: outcome.score,
            matchedClick: outcome.matchedClick, network: population.networkLabel(of: device),
            delay: population.delay(of: device))
    }

    /// A bounded sample of `run`'s installs, the false attributions and the misses first: the three wrong
    /// classes taken in turn (a wrong click, a false match, a miss, the next wrong click…), then the two right
    /// ones in turn, each class in device order, at most `limit` rows.
    package static func sample(of run: LabRun, limit: Int) -> [LabInstallRow] {
        var byClass: [LabOutcomeClass: [LabInstallRow]] = [:]
        for device in 0..<run.job.population.deviceCount {
            guard let row = LabInstallRow(device: device, in: run), byClass[row.outcome, default: []].count < limit
            else { continue }
            byClass[row.outcome, default: []].append(row)
        }
        var rows: [LabInstallRow] = []
        for group in [[LabOutcomeClass.wrongClick, .falseMatch, .missed], [.correct, .correctNoMatch]] {
            var queues = group.map { byClass[$0] ?? [] }
            var index = 0
            while rows.count < limit, queues.contains(where: { !$0.isEmpty }) {
                if !queues[index].isEmpty { rows.append(queues[index].removeFirst()) }
                index = (index + 1) % queues.count
            }
        }
        return rows
    }
}

extension LabOutcomeClass: Codable {}
extension LabMethod: Codable {}
extension LabNetworkLabel: Codable {}
