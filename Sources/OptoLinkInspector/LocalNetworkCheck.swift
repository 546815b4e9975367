import Foundation
import OptoLinkInspectorWire

/// The Info.plist keys Apple platforms need before an app may reach a dashboard on the local network,
/// checked when the inspector attaches (the thing remote-logging tools' users trip over most).
///
/// iOS 14+ (and macOS 15+, visionOS) block connections to local-network addresses unless the app has
/// `NSLocalNetworkUsageDescription` (the user is then asked once), and browsing Bonjour also needs the
/// service type in `NSBonjourServices`. Without them the connection or the browser simply fails; the
/// inspector says so in the log instead.
enum LocalNetworkCheck {
    /// The usage description key.
    static let usageKey = "NSLocalNetworkUsageDescription"
    /// The Bonjour service types key.
    static let bonjourKey = "NSBonjourServices"

    /// Reads the app's Info.plist.
    static let mainBundleValue: @Sendable (String) -> Any? = { Bundle.main.object(forInfoDictionaryKey: $0) }

    /// Whether this platform has local-network privacy (Apple platforms, where Network.framework exists).
    static var platformRequiresKeys: Bool {
        #if canImport(Network)
        return true
        #else
        return false
        #endif
    }

    /// What is missing for `dashboard`, as log messages (empty when nothing is, or the platform has no such rule).
    /// - Parameters:
    ///   - infoValue: reads an Info.plist key (``mainBundleValue`` in apps; a dictionary in tests).
    ///   - applies: whether the platform has local-network privacy (default: Apple platforms).
    static func problems(
        for dashboard: InspectorDashboard, infoValue: (String) -> Any?,
        applies: Bool = platformRequiresKeys
    ) -> [String] {
        guard applies else { return [] }
        var problems: [String] = []
        let usage = (infoValue(usageKey) as? String)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let needsUsage: Bool
        switch dashboard {
        case .address(let host, _): needsUsage = isLocalNetwork(host)
        case .bonjour: needsUsage = true
        }
        if needsUsage && usage.isEmpty {
            problems.append(
                "OptoLink inspector: the app's Info.plist has no \(usageKey): iOS 14+ and macOS 15+ block connections "
                    + "to "
                    + "the local network without it, so \(dashboard.label) cannot be reached. Add it to the debug "
                    + "build's "
                    + "Info.plist, e.g. \"Connects to optolink-dash to debug deep links\" (docs/attach.md)")
        }
        if dashboard == .bonjour {
            let services = (infoValue(bonjourKey) as? [Any])?.compactMap { $0 as? String } ?? []
            if !services.contains(where: { $0.lowercased() == InspectorProtocol.serviceType }) {
                problems.append(
                    "OptoLink inspector: the app's Info.plist \(bonjourKey) does not list "
                        + "\(InspectorProtocol.serviceType): "
                        + "iOS refuses to browse for the dashboard without it. Add \(InspectorProtocol.serviceType) to "
                        + "\(bonjourKey) in the debug build's Info.plist, or give the dashboard's address "
                        + "(docs/attach.md)"
                )
            }
        }
        return problems
    }

    /// Whether `host` is on the local network: a private, link-local or unique-local address, a `.local`
    /// name or a bare host name. Loopback (the simulator reaching its Mac) is exempt.
    static func isLocalNetwork(_ host: String) -> Bool {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if name == "localhost" || name == "::1" || name.hasPrefix("127.") { return false }
        if name.hasSuffix(".local") || name.hasSuffix(".local.") { return true }
        let octets = name.split(separator: ".").compactMap { UInt8($0) }
        if octets.count == 4 {
            switch (octets[0], octets[1]) {
            case (10, _), (192, 168), (169, 254): return true
            case (172, let second): return (16...31).contains(second)
            default: return false
            }
        }
        if name.contains(":") { return name.hasPrefix("fe80") || name.hasPrefix("fc") || name.hasPrefix("fd") }
        return !name.contains(".")
    }
}
