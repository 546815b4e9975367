@testable import OptoLinkServer

extension Store {
    /// The demo org's profile of a device.
    func demoDevice(_ id: String) throws -> DeviceProfile? {
        guard let org = try org(key: "demo") else { return nil }
        return try device(orgId: org.id, id: id)
    }

    /// Events the demo org recorded for a device.
    func demoEventCount(_ deviceId: String) throws -> Int {
        guard let org = try org(key: "demo") else { return 0 }
        return try eventCount(orgId: org.id, deviceId: deviceId)
    }
}
