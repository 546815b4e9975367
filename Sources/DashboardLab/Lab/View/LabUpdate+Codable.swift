import DashboardCore
import OptoLink

/// A lab update in a session file: one key (`started`, `progress`, `finished`, `failed`, `stopped`,
/// `explained`) and its fields, the services by their raw values (`optolink`, `quberoute`…).
extension LabUpdate: RecordedPanelUpdate {
    /// Stored under `lab`.
    package static var recordName: String { "lab" }
    /// A run's progress ticks are not recorded: its start and result are.
    package var isRecorded: Bool {
        if case .progress = self { return false }
        return true
    }

    private enum CodingKeys: String, CodingKey {
        case started, progress, finished, failed, stopped, explained
        case lab, services, installs, done, total, elapsed, classes, message
    }

    /// Decodes the one key and its fields.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.started) {
            let fields = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .started)
            self = .started(
                lab: try fields.decode(String.self, forKey: .lab),
                services: try fields.decode([String].self, forKey: .services)
                    .compactMap(OptoLinkService.init(rawValue:)),
                installs: try fields.decode(Int.self, forKey: .installs))
        } else if container.contains(.progress) {
            let fields = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .progress)
            self = .progress(
                LabProgress(
                    done: try fields.decode(Int.self, forKey: .done),
                    total: try fields.decode(Int.self, forKey: .total),
                    elapsed: try fields.decode(Double.self, forKey: .elapsed),
                    classes: try fields.decodeIfPresent([LabCounts].self, forKey: .classes) ?? []))
        } else if container.contains(.finished) {
            self = .finished(try container.decode(LabViewResult.self, forKey: .finished))
        } else if container.contains(.failed) {
            let fields = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .failed)
            self = .failed(try fields.decode(String.self, forKey: .message))
        } else if container.contains(.explained) {
            self = .explained(try container.decode(MatchAttempt.self, forKey: .explained))
        } else if container.contains(.stopped) {
            self = .stopped
        } else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "not a lab update"))
        }
    }

    /// Encodes one key and its fields.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .started(let lab, let services, let installs):
            var fields = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .started)
            try fields.encode(lab, forKey: .lab)
            try fields.encode(services.map(\.rawValue), forKey: .services)
            try fields.encode(installs, forKey: .installs)
        case .progress(let progress):
            var fields = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .progress)
            try fields.encode(progress.done, forKey: .done)
            try fields.encode(progress.total, forKey: .total)
            try fields.encode(progress.elapsed, forKey: .elapsed)
            if !progress.classes.isEmpty { try fields.encode(progress.classes, forKey: .classes) }
        case .finished(let result):
            try container.encode(result, forKey: .finished)
        case .failed(let message):
            var fields = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .failed)
            try fields.encode(message, forKey: .message)
        case .stopped:
            _ = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .stopped)
        case .explained(let attempt):
            try container.encode(attempt, forKey: .explained)
        }
    }
}
