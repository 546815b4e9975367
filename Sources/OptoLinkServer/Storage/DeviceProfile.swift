import Foundation

/// An org's profile of a device (upserted by `/sdk/session`, `/match`, `/data?deviceId=`): the same
/// device id under two orgs is two profiles.
struct DeviceProfile: Sendable, Hashable {
    var deviceId: String
    var orgId: Int64
    var firstSeenAt: Date
    var lastSeenAt: Date
    var platform: String?
    var osVersion: String?
    var deviceModel: String?
}
