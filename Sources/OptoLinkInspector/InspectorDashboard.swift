import OptoLinkInspectorWire

/// Where ``OptoLinkInspector`` finds the dashboard: an address you give it, or Bonjour on the local network.
public enum InspectorDashboard: Sendable, Hashable {
    /// The dashboard's host (name or IP address) and port, as its header shows them (`--listen`).
    /// Default port: ``defaultPort`` (7420).
    case address(host: String, port: Int = InspectorDashboard.defaultPort)
    /// The first dashboard advertising the Bonjour service `_optolink._tcp` on the local
    /// network that accepts the token (Apple platforms, `NWBrowser`; the app's Info.plist must list the
    /// service in `NSBonjourServices` and have `NSLocalNetworkUsageDescription`). Not available on Linux.
    case bonjour

    /// The port the dashboard listens on unless told otherwise (`--listen`): 7420.
    public static let defaultPort = InspectorProtocol.defaultPort

    /// Parses `host:port` (`[v6]:port` for IPv6; a bare host gets port 7420). Nil for an empty host or a
    /// port outside 1…65535.
    public static func parse(_ text: String) -> InspectorDashboard? {
        var host = Substring(text)
        var port = InspectorProtocol.defaultPort
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let rest = host[host.index(after: close)...]
            host = host[host.index(after: host.startIndex)..<close]
            if !rest.isEmpty {
                guard rest.hasPrefix(":"), let number = Int(rest.dropFirst()) else { return nil }
                port = number
            }
        } else if let colon = host.lastIndex(of: ":"), host.firstIndex(of: ":") == colon {
            guard let number = Int(host[host.index(after: colon)...]) else { return nil }
            port = number
            host = host[..<colon]
        }
        guard !host.isEmpty, (1...65_535).contains(port) else { return nil }
        return .address(host: String(host), port: port)
    }

    /// `host:port` or `Bonjour (_optolink._tcp)`.
    public var label: String {
        switch self {
        case .address(let host, let port): host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        case .bonjour: "Bonjour (\(InspectorProtocol.serviceType))"
        }
    }
}
