import Foundation

/// A device profile (upserted by `/sdk/session`, `/match`, `/data?deviceId=`).
struct DeviceProfile: Sendable, Hashable {
    var deviceId: String
    var orgId: Int64?
    var firstSeenAt: Date
    var lastSeenAt: Date
    var platform: String?
    var osVersion: String?
    var deviceModel: String?
}
