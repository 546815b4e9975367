import OptoLink

/// A finished lab as the dashboard keeps it: each service's five classes, its threshold sweep and a bounded
/// sample of its installs. A value (no population, no per-install array), so the state stays small and a
/// session file can record it; the runner keeps the full result to explain one install.
package struct LabViewResult: Sendable, Hashable, Codable {
    /// One service's part of the result.
    package struct ServiceResult: Sendable, Hashable, Codable {
        /// The service.
        package var service: OptoLinkService
        /// The engine that ran it (`process`).
        package var engine: String
        /// The backend's threshold the main run decided with.
        package var threshold: Int
        /// Every install.
        package var counts: LabCounts
        /// First opens the shared-network guard stopped.
        package var guardFired: Int
        /// The threshold sweep, when it ran.
        package var sweep: LabSweep?
        /// A bounded sample of its installs (``LabInstallRow/sample(of:limit:)``).
        package var installs: [LabInstallRow]
        /// The wrong matches (wrong click + false match) by network (``LabNetworkLabel`` raw value); empty in a
        /// session recorded before they were kept.
        package var wrongByNetwork: [String: Int] = [:]
        /// The wrong matches by delay from click to first open (``LabDelayBucket`` raw value); empty in a session
        /// recorded before they were kept.
        package var wrongByDelay: [String: Int] = [:]

        /// What the run means for this service, in one sentence (``LabMeaning``).
        package var meaning: String {
            LabMeaning.sentence(
                service: service.displayName, counts: counts,
                wrongByNetwork: LabNetworkLabel.allCases.map { ($0.rawValue, wrongByNetwork[$0.rawValue] ?? 0) },
                wrongByDelay: LabDelayBucket.allCases.map { ($0.rawValue, wrongByDelay[$0.rawValue] ?? 0) })
        }

        /// A service's result.
        package init(
            service: OptoLinkService, engine: String, threshold: Int, counts: LabCounts, guardFired: Int,
            sweep: LabSweep?, installs: [LabInstallRow]
        ) {
            self.service = service
            self.engine = engine
            self.threshold = threshold
            self.counts = counts
            self.guardFired = guardFired
            self.sweep = sweep
            self.installs = installs
        }

        private enum CodingKeys: String, CodingKey {
            case service, engine, threshold, counts, guardFired, sweep, installs, wrongByNetwork, wrongByDelay
        }

        /// Decodes the fields, the service by its raw value (`optolink`…).
        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let raw = try container.decode(String.self, forKey: .service)
            guard let service = OptoLinkService(rawValue: raw) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .service, in: container, debugDescription: "unknown service \(raw)")
            }
            self.init(
                service: service, engine: try container.decode(String.self, forKey: .engine),
                threshold: try container.decode(Int.self, forKey: .threshold),
                counts: try container.decode(LabCounts.self, forKey: .counts),
                guardFired: try container.decode(Int.self, forKey: .guardFired),
                sweep: try container.decodeIfPresent(LabSweep.self, forKey: .sweep),
                installs: try container.decode([LabInstallRow].self, forKey: .installs))
            wrongByNetwork = try container.decodeIfPresent([String: Int].self, forKey: .wrongByNetwork) ?? [:]
            wrongByDelay = try container.decodeIfPresent([String: Int].self, forKey: .wrongByDelay) ?? [:]
        }

        /// Encodes the fields, the service by its raw value.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(service.rawValue, forKey: .service)
            try container.encode(engine, forKey: .engine)
            try container.encode(threshold, forKey: .threshold)
            try container.encode(counts, forKey: .counts)
            try container.encode(guardFired, forKey: .guardFired)
            try container.encodeIfPresent(sweep, forKey: .sweep)
            try container.encode(installs, forKey: .installs)
            try container.encode(wrongByNetwork, forKey: .wrongByNetwork)
            try container.encode(wrongByDelay, forKey: .wrongByDelay)
        }
    }

    /// Installs in each service's sample (default 60: a few screens of the list, the wrong ones first).
    package static let sampleLimit = 60

    /// The lab's name (its file's name without `.lab`, `default` for the built-in defaults).
    package var lab: String
    /// Installs, organic installs and clicks (installed or not) in the population.
    package var installs: Int
    /// See ``installs``.
    package var organic: Int
    /// See ``installs``.
    package var clicks: Int
    /// The largest share of wrong matches the lab targets, nil for none.
    package var maxWrong: Double?
    /// Seconds the whole lab took.
    package var seconds: Double
    /// One result per service, in the order they ran.
    package var services: [ServiceResult]

    /// A result.
    package init(
        lab: String, installs: Int, organic: Int, clicks: Int, maxWrong: Double?, seconds: Double,
        services: [ServiceResult]
    ) {
        self.lab = lab
        self.installs = installs
        self.organic = organic
        self.clicks = clicks
        self.maxWrong = maxWrong
        self.seconds = seconds
        self.services = services
    }

    /// What the dashboard keeps of a finished session: its report, and a sample of each main run's installs.
    package init(_ result: LabSession.Result, sampleLimit: Int = LabViewResult.sampleLimit) {
        let report = result.report
        self.init(
            lab: report.model.name, installs: report.installs, organic: report.organic, clicks: report.clicks,
            maxWrong: report.model.maxWrong, seconds: report.seconds,
            services: zip(report.services, result.runs).map { service, run in
                var kept = ServiceResult(
                    service: service.service, engine: service.engine, threshold: service.policy.threshold,
                    counts: service.counts, guardFired: service.guardFired, sweep: service.sweep,
                    installs: LabInstallRow.sample(of: run, limit: sampleLimit))
                kept.wrongByNetwork = Dictionary(
                    uniqueKeysWithValues: service.byNetwork.map { ($0.key.rawValue, $0.value.wrong) })
                kept.wrongByDelay = Dictionary(
                    uniqueKeysWithValues: service.byDelay.map { ($0.key.rawValue, $0.value.wrong) })
                return kept
            })
    }
}
