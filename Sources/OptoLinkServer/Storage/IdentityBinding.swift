import Foundation

/// A device → end-user binding; open while `unboundAt` is nil.
struct IdentityBinding: Sendable, Hashable {
    var orgId: Int64
    var deviceId: String
    var externalId: String
    var boundAt: Date
    var unboundAt: Date?
}
