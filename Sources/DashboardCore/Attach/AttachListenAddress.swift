/// Where `optolink-dash --attach` listens: `--listen HOST:PORT` (default `127.0.0.1:7420`; port 0 picks a
/// free one, the header then shows it).
package struct AttachListenAddress: Sendable, Hashable, CustomStringConvertible {
    /// The default: loopback only, port 7420 (a real phone needs `--listen 0.0.0.0:7420`).
    package static let standard = AttachListenAddress(host: "127.0.0.1", port: 7420)

    /// The address to bind (`0.0.0.0` for every IPv4 interface, `::` for every interface).
    package var host: String
    /// The port (0: any free port).
    package var port: Int

    /// Creates an address.
    package init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST:PORT` (`[v6]:PORT` for IPv6); nil for anything else or a port outside 0…65535.
    package static func parse(_ text: String) -> AttachListenAddress? {
        var host: Substring
        let portText: Substring
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { return nil }
            portText = rest.dropFirst()
        } else {
            guard let colon = text.lastIndex(of: ":"), text.firstIndex(of: ":") == colon else { return nil }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        guard !host.isEmpty, let port = Int(portText), (0...65_535).contains(port) else { return nil }
        host = host.filter { !$0.isWhitespace }[...]
        return AttachListenAddress(host: String(host), port: port)
    }

    /// `host:port` (`[host]:port` for IPv6).
    package var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
