import Foundation

/// The hosts an app's links are on: the base URL's host and ``OptoLinkConfiguration/Links/domains``,
/// lower-cased without trailing dots. The one host check of every provider's link recognition.
struct LinkHosts: Sendable, Hashable {
    /// The normalized host names.
    let names: Set<String>

    init(configuration: OptoLinkConfiguration) {
        var names = Set(configuration.links.domains)
        // A domain written in Unicode (`bücher.example`) is also kept as `URL` spells a link's host
        // (`xn--bcher-kva.example`, IDNA), where `URL` converts it; where it does not, as given.
        for domain in configuration.links.domains where !domain.utf8.allSatisfy({ $0 < 0x80 }) {
            if let host = URL(string: "https://\(domain)/")?.host { names.insert(Self.normalize(host)) }
        }
        if let host = configuration.baseURL.host { names.insert(Self.normalize(host)) }
        self.names = names
    }

    /// Whether `host` is one of them (case-insensitive, trailing dots ignored), without a new string for
    /// the usual lower-case ASCII host.
    func contains(_ host: Substring) -> Bool {
        if Self.isNormal(host.utf8) { return names.contains { $0.utf8.elementsEqual(host.utf8) } }
        return names.contains(Self.normalize(String(host)))
    }

    /// `host` lower-cased, without trailing dots.
    static func normalize(_ host: String) -> String {
        if isNormal(host.utf8) { return host }
        var host = host.lowercased()
        while host.hasSuffix(".") { host.removeLast() }
        return host
    }

    /// ASCII without capitals or a trailing dot: already normalized.
    private static func isNormal<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Bool {
        bytes.allSatisfy { ($0 < 0x41 || $0 > 0x5a) && $0 < 0x80 } && bytes.last != UInt8(ascii: ".")
    }
}
