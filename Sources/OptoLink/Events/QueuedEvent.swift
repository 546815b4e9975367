/// One custom event waiting in the ``EventQueue`` (and in its persisted JSON).
///
/// `id` is local only (to remove the right entry after sending); the backend's contract has no event id,
/// so delivery is at-least-once: an event whose answer was lost is sent again.
struct QueuedEvent: Sendable, Hashable, Codable {
    var id: String
    var name: String
    var properties: [String: JSONValue]?
}
