/// The body's `att_status`: the App Tracking Transparency state (iOS 14+), sent as the integer 1–4.
public enum AppsFlyerATTStatus: Int, Sendable, Hashable, CaseIterable {
    /// 1: the user authorized tracking.
    case authorized = 1
    /// 2: the user denied tracking.
    case denied = 2
    /// 3: the user has not been asked yet.
    case notDetermined = 3
    /// 4: tracking is restricted on the device.
    case restricted = 4

    /// The status for the wire integer `code`.
    ///
    /// - Throws: ``OptoLinkS2SError/invalidRequest`` (field `att_status`) when `code` is not 1–4.
    public init(code: Int) throws {
        guard let status = AppsFlyerATTStatus(rawValue: code) else {
            throw OptoLinkS2SError.request(
                "att_status",
                "att_status must be 1 (authorized), 2 (denied), 3 (notDetermined) or 4 (restricted): got \(code)")
        }
        self = status
    }
}
