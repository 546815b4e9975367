import DashboardCore

/// The kind of network a click or a first open is made on.
package enum LabNetwork: UInt8, Sendable, Hashable, CaseIterable {
    /// A home Wi-Fi: a few of the population's devices behind one address.
    case home
    /// An office or campus Wi-Fi: many devices behind one address.
    case office
    /// Cellular, behind the carrier's NAT: hundreds of devices behind one address (an address of its own on IPv6).
    case cellular

    /// The name the report and the CSV use.
    package var label: String {
        switch self {
        case .home: "home"
        case .office: "office"
        case .cellular: "cellular"
        }
    }
}
