/// One line of the checklist by name, its stable id and its title, and the results it can print
/// (`DoctorLine("key.kind", "API key").skip("give --api-key")`).
struct DoctorLine: Sendable, Hashable {
    /// The line's stable machine name (``DoctorCheck/id``).
    let id: String
    /// The line's title (``DoctorCheck/title``).
    let title: String

    /// `api.https`: the service's API over HTTPS (QubeRoute, Deep Blue Links).
    static let apiHTTPS = DoctorLine("api.https", "API HTTPS")
    /// `link.resolve`: the service's resolve call knows the link (QubeRoute, Deep Blue Links).
    static let linkResolves = DoctorLine("link.resolve", "link resolves")

    /// Creates a line.
    init(_ id: String, _ title: String) {
        self.id = id
        self.title = title
    }

    /// The line passing with `detail`, failing or warning with `detail` and its fix, skipped for `reason`.
    func pass(_ detail: String) -> DoctorCheck { .pass(id, title, detail) }
    func fail(_ detail: String, fix: String) -> DoctorCheck { .fail(id, title, detail, fix: fix) }
    func warn(_ detail: String, fix: String) -> DoctorCheck { .warn(id, title, detail, fix: fix) }
    func skip(_ reason: String) -> DoctorCheck { .skip(id, title, reason) }
}
