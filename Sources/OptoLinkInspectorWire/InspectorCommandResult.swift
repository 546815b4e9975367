/// The app's answer to an ``InspectorCommand``: whether it ran, and what happened, in one sentence.
package struct InspectorCommandResult: Sendable, Hashable, Codable {
    /// The command's ``InspectorCommand/id``.
    package var id: Int
    /// Whether the command ran and succeeded.
    package var ok: Bool
    /// What happened (or why it was refused), for the dashboard's log.
    package var detail: String

    /// Creates a result.
    package init(id: Int, ok: Bool, detail: String) {
        self.id = id
        self.ok = ok
        self.detail = detail
    }

    private enum CodingKeys: String, CodingKey { case id, ok, detail }

    /// Decodes a result (`id` must be a whole number).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.wholeNumber(forKey: .id)
        ok = try container.decode(Bool.self, forKey: .ok)
        detail = try container.decode(String.self, forKey: .detail)
    }
}
