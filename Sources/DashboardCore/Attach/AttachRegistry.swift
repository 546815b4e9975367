import OptoLink
import OptoLinkInspectorWire

/// Which dashboard device each app connection feeds, and how its values are translated: request ids
/// shifted per launch (a new session of the same device), times moved from the app's clock onto the
/// dashboard's (the offset taken when the hello arrived), strings cut to a size the screen can take.
///
/// A value type, updated under the controller's lock; every method is pure bookkeeping.
package struct AttachRegistry: Sendable, Hashable {
    /// One dashboard device.
    package struct Entry: Sendable, Hashable {
        /// The device's key in ``AttachState/devices``.
        package var key: Int
        /// The app's device id.
        package var deviceId: String
        /// The hello's session (a new one is a new launch of the app).
        package var session: String
        /// The connection feeding it now; nil when gone.
        package var connection: Int?
        /// Dashboard clock − app clock, from the last hello.
        package var clockOffset: Double
        /// Added to the app's request ids (this launch's).
        package var idOffset: Int
        /// The highest shifted request id seen.
        package var highestID: Int
    }

    /// Entries kept (live and gone); the oldest gone one makes room.
    package static let maxEntries = 32
    /// Longest log message shown from an app (the rest is cut with `…`).
    package static let maxMessageCharacters = 1_000
    /// Longest name, path or reason shown from an app.
    package static let maxFieldCharacters = 200

    /// The devices, oldest first.
    package private(set) var entries: [Entry] = []
    private var nextKey = 1

    /// Creates an empty registry.
    package init() {}

    /// What ``attach(connection:hello:at:)`` decided.
    package struct Attachment: Sendable, Hashable {
        /// The device's key.
        package var key: Int
        /// Whether the device was known (it came back, possibly in a new launch).
        package var returning: Bool
        /// A device evicted to make room, if any.
        package var evicted: Int?
    }

    /// Registers the app behind `connection`: the gone device with the same id comes back (in a new
    /// launch its request ids continue after the old ones), anything else is a new device.
    /// - Parameter at: the dashboard clock when the hello arrived.
    package mutating func attach(connection: Int, hello: InspectorHello, at: Double) -> Attachment {
        let offset = at - hello.clock
        if let index = entries.firstIndex(where: { $0.deviceId == hello.deviceId && $0.connection == nil }) {
            if entries[index].session != hello.session { entries[index].idOffset = entries[index].highestID }
            entries[index].session = hello.session
            entries[index].connection = connection
            entries[index].clockOffset = offset
            return Attachment(key: entries[index].key, returning: true, evicted: nil)
        }
        var evicted: Int?
        if entries.count >= Self.maxEntries, let index = entries.firstIndex(where: { $0.connection == nil }) {
            evicted = entries.remove(at: index).key
        }
        let key = nextKey
        nextKey += 1
        entries.append(
            Entry(
                key: key, deviceId: hello.deviceId, session: hello.session, connection: connection,
                clockOffset: offset, idOffset: 0, highestID: 0))
        return Attachment(key: key, returning: false, evicted: evicted)
    }

    /// The device fed by `connection`.
    package func key(of connection: Int) -> Int? { entries.first { $0.connection == connection }?.key }

    /// The live connection of device `key`.
    package func connection(of key: Int) -> Int? { entries.first { $0.key == key }?.connection }

    /// The device id of `key`.
    package func deviceId(of key: Int) -> String? { entries.first { $0.key == key }?.deviceId }

    /// Marks the device of `connection` gone; returns its key.
    package mutating func detach(connection: Int) -> Int? {
        guard let index = entries.firstIndex(where: { $0.connection == connection }) else { return nil }
        entries[index].connection = nil
        return entries[index].key
    }

    /// Forgets gone devices (the device list's "clear").
    package mutating func forget(_ keys: Set<Int>) {
        entries.removeAll { keys.contains($0.key) && $0.connection == nil }
    }

    /// A diagnostic of `connection` as the dashboard's event, with the dashboard-clock time; nil for an
    /// unknown connection or a time that is not a finite number.
    package mutating func translate(connection: Int, _ diagnostic: InspectorDiagnostic) -> (
        key: Int, event: DiagnosticEvent, time: Double
    )? {
        guard let index = entries.firstIndex(where: { $0.connection == connection }) else { return nil }
        let time = diagnostic.time + entries[index].clockOffset
        guard time.isFinite else { return nil }
        let event: DiagnosticEvent
        switch diagnostic.kind {
        case .known(let kind):
            if let id = kind.requestID {
                // Ids are the app's own; a hostile app may send any: keep the arithmetic from overflowing.
                guard id >= 0, id < 1 << 40 else { return nil }
                entries[index].highestID = max(entries[index].highestID, id + entries[index].idOffset)
            }
            event = Self.clamped(DiagnosticMapper.event(kind, idOffset: entries[index].idOffset))
        case .unknown(let name):
            event = .log(
                level: .info,
                message:
                    "a diagnostic of a kind this dashboard does not know: \(Self.cut(name, Self.maxFieldCharacters))")
        }
        return (entries[index].key, event, time)
    }

    /// `event` with its strings cut (an app's strings are at most 4 KiB each; the screen needs less).
    static func clamped(_ event: DiagnosticEvent) -> DiagnosticEvent {
        let field = maxFieldCharacters
        switch event {
        case .requestFailed(let id, let endpoint, let attempt, let reason, let duration):
            return .requestFailed(
                requestID: id, endpoint: cut(endpoint, field), attempt: attempt, reason: cut(reason, field),
                duration: duration)
        case .gaveUp(let id, let endpoint, let attempts, let reason):
            return .gaveUp(
                requestID: id, endpoint: cut(endpoint, field), attempts: attempts, reason: cut(reason, field))
        case .matchResult(let link): return .matchResult(link.map(clamped))
        case .linkDelivered(let link): return .linkDelivered(clamped(link))
        case .sessionRegistered(let id, let first, let last):
            return .sessionRegistered(
                deviceId: cut(id, field), firstSeenAt: cut(first, field), lastSeenAt: cut(last, field))
        case .identityChanged(let id): return .identityChanged(externalId: id.map { cut($0, field) })
        case .eventQueued(let name, let queued): return .eventQueued(name: cut(name, field), queued: queued)
        case .eventSent(let name, let queued): return .eventSent(name: cut(name, field), queued: queued)
        case .eventDropped(let name, let reason):
            return .eventDropped(name: cut(name, field), reason: cut(reason, field))
        case .log(let level, let message): return .log(level: level, message: cut(message, maxMessageCharacters))
        case .requestStarted, .responseReceived, .retryScheduled, .requestFinished: return event
        }
    }

    private static func clamped(_ link: LinkSummary) -> LinkSummary {
        var link = link
        link.path = cut(link.path, maxFieldCharacters)
        link.linkId = link.linkId.map { cut($0, maxFieldCharacters) }
        link.method = cut(link.method, 40)
        link.confidence = link.confidence.map { cut($0, 40) }
        return link
    }

    /// `text` cut to `limit` characters, ending in `…` when cut.
    static func cut(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(max(0, limit - 1))) + "…"
    }
}
