import Foundation
import OptoLinkHTTP

/// The emulated services' apps, keys and links: the `emulations` member of a seed file. Each member is
/// optional; a service left out has no apps (its routes answer as to an unknown key or app).
///
/// Unlike OptoLink's orgs, this part is not stored in the database: it is read from the seed at every
/// start (what the emulations record — QubeRoute installs and events — is stored).
package struct EmulationSeed: Sendable, Codable, Hashable {
    var quberoute: QubeRouteSeed?
    var deepblue: DeepBlueSeed?
    var appsflyer: AppsFlyerSeed?

    /// The built-in demo data (docs/server.md, "Emulated services").
    static let demo = EmulationSeed(quberoute: .demo, deepblue: .demo, appsflyer: .demo)

    /// Checks each service's rules; errors name the place, e.g. `emulations.quberoute.projects[0].keys[2]`.
    func validate() throws(OptoLinkServerError) {
        try quberoute?.validate(at: "emulations.quberoute")
        try deepblue?.validate(at: "emulations.deepblue")
        try appsflyer?.validate(at: "emulations.appsflyer")
    }

    /// Whether `text` is 1–`max` of `[A-Za-z0-9_-]`.
    static func isIdentifier(_ text: String, max: Int = 64) -> Bool {
        (1...max).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == 0x2D || byte == 0x5F
            }
    }

    /// Whether `text` is an absolute URL with a scheme and, for http(s), a host.
    static func isAbsoluteURL(_ text: String) -> Bool {
        guard text.utf8.count <= 2048, let components = URLComponents(string: text), let scheme = components.scheme,
            !scheme.isEmpty
        else {
            return false
        }
        if scheme == "http" || scheme == "https" { return !(components.host ?? "").isEmpty }
        return true
    }

    /// Whether `text` is a host name: 1–253 of lower-case letters, digits, `.` and `-`.
    static func isHostName(_ text: String) -> Bool {
        (1...253).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x2E
            }
    }

    /// A key's length rule: 16–200 printable ASCII characters without spaces.
    static func isKeyText(_ text: String) -> Bool {
        (16...200).contains(text.utf8.count) && text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }

    /// The match window rule shared with OptoLink's links.
    static func checkWindow(_ hours: Int?, at place: String) throws(OptoLinkServerError) {
        if let hours, !(1...720).contains(hours) {
            throw .startup("\(place).matchWindowHours must be 1–720, not \(hours)")
        }
    }
}
