/// An organisation (tenant).
package struct OrgRecord: Sendable, Hashable {
    /// The org's row id.
    package var id: Int64
    var orgKey: String
    var name: String
    /// `ACTIVE`, `SUSPENDED`, …
    var status: String
    var teamId: String?
    var bundleId: String?
    var customDomain: String?

    var isActive: Bool { status == "ACTIVE" }
}
