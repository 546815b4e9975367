/// One line of the attach protocol, in either direction.
///
/// App → dashboard: ``hello(_:)``, then ``diagnostic(_:)`` lines, ``dropped(count:)`` and ``commandResult(_:)``.
/// Dashboard → app: ``welcome(_:)`` or ``refused(_:)``, then ``command(_:)`` lines.
/// On the wire every line is one JSON object with `"v": 1`, `"type"` (the case name) and the payload's
/// fields beside them (see `docs/attach.md`).
package enum InspectorMessage: Sendable, Hashable {
    /// App → dashboard, first line: who the app is.
    case hello(InspectorHello)
    /// Dashboard → app: the hello was accepted.
    case welcome(InspectorWelcome)
    /// Either way, last line before closing: why.
    case refused(InspectorRefusal)
    /// App → dashboard: one diagnostic, in order.
    case diagnostic(InspectorDiagnostic)
    /// App → dashboard: `count` diagnostics were dropped while the dashboard could not take them
    /// (sent when the connection is back, before the diagnostics that follow the gap).
    case dropped(count: Int)
    /// Dashboard → app: run a command (only when the app allows commands).
    case command(InspectorCommand)
    /// App → dashboard: a command's outcome.
    case commandResult(InspectorCommandResult)

    /// The `"type"` string of the line.
    package var type: String {
        switch self {
        case .hello: "hello"
        case .welcome: "welcome"
        case .refused: "refused"
        case .diagnostic: "diagnostic"
        case .dropped: "dropped"
        case .command: "command"
        case .commandResult: "commandResult"
        }
    }
}

/// `{"v":1,"type":…}` followed by the payload's fields in the same object.
struct InspectorEnvelope: Encodable {
    let message: InspectorMessage

    private enum Key: String, CodingKey { case v, type, count }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(InspectorProtocol.version, forKey: .v)
        try container.encode(message.type, forKey: .type)
        // The payload writes its own fields into the same keyed container.
        switch message {
        case .hello(let hello): try hello.encode(to: encoder)
        case .welcome(let welcome): try welcome.encode(to: encoder)
        case .refused(let refusal): try refusal.encode(to: encoder)
        case .diagnostic(let diagnostic): try diagnostic.encode(to: encoder)
        case .dropped(let count): try container.encode(count, forKey: .count)
        case .command(let command): try command.encode(to: encoder)
        case .commandResult(let result): try result.encode(to: encoder)
        }
    }
}
