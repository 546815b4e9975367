import OptoLink

/// A command from the dashboard: run only when the app attached with `allowsCommands: true`; the app
/// answers with an ``InspectorCommandResult`` carrying the same ``id``.
package struct InspectorCommand: Sendable, Hashable, Codable {
    /// Chosen by the dashboard; the result repeats it.
    package var id: Int
    /// What to run.
    package var name: InspectorCommandName
    /// The command's arguments (see ``InspectorCommandName``); empty when it takes none.
    package var args: [String: JSONValue]

    /// Creates a command.
    package init(id: Int, name: InspectorCommandName, args: [String: JSONValue] = [:]) {
        self.id = id
        self.name = name
        self.args = args
    }

    private enum CodingKeys: String, CodingKey { case id, name, args }

    /// Decodes a command; `args` may be left out.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.wholeNumber(forKey: .id)
        name = try container.decode(InspectorCommandName.self, forKey: .name)
        args = try container.decodeIfPresent([String: JSONValue].self, forKey: .args) ?? [:]
    }
}
