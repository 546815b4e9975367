import Foundation

/// One line of a ``FileEventStore`` file: JSON text without a raw newline (JSON escapes them), then `\n`.
///
/// - `{"id":…,"name":…,"properties":{…},"failures":n,"valueMinor":n,"currency":…,"timestamp":…}`: an
///   event was appended (`properties`, `failures`, `valueMinor`, `currency` and `timestamp` only when
///   present and non-zero);
/// - `{"removed":"<id>"}`: that event is gone;
/// - `{"failed":"<id>"}`: that event failed once more.
enum EventLogRecord: Equatable {
    case added(QueuedEvent)
    case removed(String)
    case failed(String)

    private struct Added: Encodable {
        var id: String
        var name: String
        var properties: [String: JSONValue]?
        var failures: Int?
        var valueMinor: Int?
        var currency: String?
        var timestamp: String?
    }

    private struct Removed: Encodable {
        var removed: String
    }

    private struct Failed: Encodable {
        var failed: String
    }

    /// The line, newline included; nil when the event cannot be written as JSON (never for a validated event).
    func line() -> Data? {
        var data: Data
        do {
            switch self {
            case .added(let event):
                data = try JSONBody.encode(
                    Added(
                        id: event.id, name: event.name, properties: event.properties,
                        failures: event.failures == 0 ? nil : event.failures,
                        valueMinor: event.valueMinor, currency: event.currency, timestamp: event.timestamp))
            case .removed(let id):
                data = try JSONBody.encode(Removed(removed: id))
            case .failed(let id):
                data = try JSONBody.encode(Failed(failed: id))
            }
        } catch {
            return nil
        }
        data.append(0x0A)
        return data
    }

    /// The record in `line` (without its newline); nil when it is not one (a torn or foreign line).
    /// Parsed with ``JSONValueParser`` (iterative, depth-capped): the file's content is never decoded
    /// recursively.
    init?(line: Data) {
        guard let object = JSONValueParser.parse(line)?.objectValue else { return nil }
        if let id = object["removed"]?.stringValue {
            self = .removed(id)
        } else if let id = object["failed"]?.stringValue {
            self = .failed(id)
        } else if let event = Self.event(object) {
            self = .added(event)
        } else {
            return nil
        }
    }

    /// An event from its JSON object (also the shape of the old `optolink_event_queue` array's entries).
    static func event(_ object: [String: JSONValue]) -> QueuedEvent? {
        guard let id = object["id"]?.stringValue, let name = object["name"]?.stringValue else { return nil }
        let properties: [String: JSONValue]?
        switch object["properties"] {
        case nil, .null?: properties = nil
        case .object(let value)?: properties = value
        default: return nil
        }
        let failures = object["failures"]?.numberValue.flatMap { Int(exactly: $0) } ?? 0
        let valueMinor = object["valueMinor"]?.numberValue.flatMap { Int(exactly: $0) }
        return QueuedEvent(
            id: id, name: name, properties: properties, failures: max(0, failures), valueMinor: valueMinor,
            currency: object["currency"]?.stringValue, timestamp: object["timestamp"]?.stringValue)
    }
}
