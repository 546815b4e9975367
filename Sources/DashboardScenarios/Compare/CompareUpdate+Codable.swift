import DashboardCore
import OptoLink

/// A compare update in a session file: the services by their raw values (`optolink`, `quberoute`…).
extension CompareUpdate: RecordedPanelUpdate {
    /// Stored under `compare`.
    package static var recordName: String { "compare" }

    private enum CodingKeys: String, CodingKey {
        case began, step, diagnostic, finished
        case scenario, services, service, name, event, time, outcome
    }

    /// Decodes the one key (`began`, `step`, `diagnostic`, `finished`) and its fields.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func service(_ fields: KeyedDecodingContainer<CodingKeys>) throws -> OptoLinkService {
            let raw = try fields.decode(String.self, forKey: .service)
            guard let service = OptoLinkService(rawValue: raw) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .service, in: fields, debugDescription: "unknown service \(raw)")
            }
            return service
        }
        if container.contains(.began) {
            let fields = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .began)
            let raws = try fields.decode([String].self, forKey: .services)
            self = .began(
                scenario: try fields.decode(String.self, forKey: .scenario),
                services: raws.compactMap(OptoLinkService.init(rawValue:)))
        } else if container.contains(.step) {
            let fields = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .step)
            self = .step(try service(fields), try fields.decodeIfPresent(String.self, forKey: .name))
        } else if container.contains(.diagnostic) {
            let fields = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .diagnostic)
            self = .diagnostic(
                try service(fields), try fields.decode(DiagnosticEvent.self, forKey: .event),
                time: try fields.decode(Double.self, forKey: .time))
        } else {
            let fields = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .finished)
            self = .finished(try service(fields), try fields.decode(ScenarioOutcome.self, forKey: .outcome))
        }
    }

    /// Encodes one key and its fields.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .began(let scenario, let services):
            var fields = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .began)
            try fields.encode(scenario, forKey: .scenario)
            try fields.encode(services.map(\.rawValue), forKey: .services)
        case .step(let service, let name):
            var fields = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .step)
            try fields.encode(service.rawValue, forKey: .service)
            try fields.encodeIfPresent(name, forKey: .name)
        case .diagnostic(let service, let event, let time):
            var fields = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .diagnostic)
            try fields.encode(service.rawValue, forKey: .service)
            try fields.encode(event, forKey: .event)
            try fields.encode(time, forKey: .time)
        case .finished(let service, let outcome):
            var fields = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .finished)
            try fields.encode(service.rawValue, forKey: .service)
            try fields.encode(outcome, forKey: .outcome)
        }
    }
}
