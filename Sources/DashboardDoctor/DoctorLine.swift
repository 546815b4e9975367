/// One line of the checklist by name, its stable id and its title, and the results it can print
/// (`DoctorLine("key.kind", "API key").skip("give --api-key")`).
struct DoctorLine: Sendable, Hashable {
    /// The line's stable machine name (``DoctorCheck/id``).
    let id: String
    /// The line's title (``DoctorCheck/title``).
    let title: String

    /// Creates a line.
    init(_ id: String, _ title: String) {
        self.id = id
        self.title = title
    }

    /// The line passing with `detail`.
    func pass(_ detail: String) -> DoctorCheck { .pass(id, title, detail) }

    /// The line failing with `detail` and its fix.
    func fail(_ detail: String, fix: String) -> DoctorCheck { .fail(id, title, detail, fix: fix) }

    /// The line warning with `detail` and what to look at.
    func warn(_ detail: String, fix: String) -> DoctorCheck { .warn(id, title, detail, fix: fix) }

    /// The line skipped for `reason`.
    func skip(_ reason: String) -> DoctorCheck { .skip(id, title, reason) }

    /// The line with `status`: a pass or a skip reads `detail` alone, a failure or a warning adds `fix`.
    func check(_ status: DoctorStatus, _ detail: String, fix: String?) -> DoctorCheck {
        DoctorCheck(id: id, title: title, status: status, detail: detail, fix: status == .pass ? nil : fix)
    }
}
