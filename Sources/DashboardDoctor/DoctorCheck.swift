/// The result of one doctor check: what was looked at, what was seen, and what to do about it.
///
/// ```swift
/// DoctorCheck(id: "aasa.contentType", title: "AASA Content-Type", status: .fail,
///             detail: "text/html; charset=utf-8",
///             fix: "serve the file with Content-Type: application/json")
/// ```
package struct DoctorCheck: Sendable, Hashable, Codable {
    /// A stable machine name (`host.answers`, `aasa.status`, `key.tier`…; the list is in docs/doctor.md).
    package var id: String
    /// The short human title printed on the checklist.
    package var title: String
    /// The verdict.
    package var status: DoctorStatus
    /// What was seen (the status, the header, the value), one line.
    package var detail: String
    /// What to change, for a failure or a warning; nil when there is nothing to do.
    package var fix: String?

    /// Creates a result.
    package init(id: String, title: String, status: DoctorStatus, detail: String, fix: String? = nil) {
        self.id = id
        self.title = title
        self.status = status
        self.detail = detail
        self.fix = fix
    }

    /// A passing result.
    static func pass(_ id: String, _ title: String, _ detail: String) -> DoctorCheck {
        DoctorCheck(id: id, title: title, status: .pass, detail: detail)
    }

    /// A failing result with its fix.
    static func fail(_ id: String, _ title: String, _ detail: String, fix: String) -> DoctorCheck {
        DoctorCheck(id: id, title: title, status: .fail, detail: detail, fix: fix)
    }

    /// A warning with what to look at.
    static func warn(_ id: String, _ title: String, _ detail: String, fix: String) -> DoctorCheck {
        DoctorCheck(id: id, title: title, status: .warn, detail: detail, fix: fix)
    }

    /// A skipped check, with the reason.
    static func skip(_ id: String, _ title: String, _ reason: String) -> DoctorCheck {
        DoctorCheck(id: id, title: title, status: .skip, detail: reason)
    }
}
