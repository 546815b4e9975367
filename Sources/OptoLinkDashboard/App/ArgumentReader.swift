import Foundation
import OptoLink
import OptoLinkServer

/// Reads a command's arguments one at a time, each flag as `--flag value` or `--flag=value`: the one reader
/// behind the options of the dashboard, `doctor`, `lab` and `proxy`, so they take values, services and URLs
/// alike and word a wrong one alike.
package struct ArgumentReader {
    private let arguments: [String]
    private var index = -1
    /// The value given after `=` in the flag just read.
    private var inline: String?

    /// A reader of `arguments` (those after the program's or the command's name).
    package init(_ arguments: [String]) { self.arguments = arguments }

    /// The argument just read by ``next()``, as given (`--base-url=x` whole), for messages.
    package private(set) var current = ""

    /// The next flag, any `=value` set aside for ``value(_:_:)`` (`--base-url` of `--base-url=x`), or the
    /// next argument as it is when it is no `--` flag; nil after the last.
    package mutating func next() -> String? {
        index += 1
        inline = nil
        guard index < arguments.count else { return nil }
        current = arguments[index]
        if current.hasPrefix("--"), let equals = current.firstIndex(of: "=") {
            inline = String(current[current.index(after: equals)...])
            return String(current[..<equals])
        }
        return current
    }

    /// The value of `flag`: the one after its `=`, or else the next argument when that is no `--` flag.
    /// - Throws: ``DashboardError/usage(_:)``: "`flag` needs `what`".
    package mutating func value(_ flag: String, _ what: String) throws(DashboardError) -> String {
        if let given = inline {
            inline = nil
            return given
        }
        guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") else {
            throw .usage("\(flag) needs \(what)")
        }
        index += 1
        return arguments[index]
    }

    /// The service named by `flag`'s value (`optolink`, `quberoute`, `deepblue`, `appsflyer`, any case).
    /// - Throws: ``DashboardError/usage(_:)`` naming the services.
    package mutating func service(_ flag: String) throws(DashboardError) -> OptoLinkService {
        let names = "optolink, quberoute, deepblue or appsflyer"
        let text = try value(flag, names)
        guard let service = OptoLinkService(rawValue: text.lowercased()) else {
            throw .usage("\(flag) must be \(names), not '\(text)'")
        }
        return service
    }

    /// `flag`'s value as an http or https URL with a host.
    /// - Throws: ``DashboardError/usage(_:)``: "`flag` needs `what`", or what the URL is not.
    package mutating func httpURL(_ flag: String, _ what: String) throws(DashboardError) -> URL {
        let text = try value(flag, what)
        guard let url = Self.httpURL(text) else {
            throw .usage("\(flag) must be an http(s) URL with a host, not \(QuotedText.quote(text))")
        }
        if let port = url.port, !(1...65535).contains(port) {
            throw .usage("\(flag) \(QuotedText.quote(text)): port \(port) is not 1–65535")
        }
        return url
    }

    /// Adds `flag`'s link (`URL`, the main link, or `ROLE=URL`) to `links`.
    /// - Throws: ``DashboardError/usage(_:)`` for a missing or bad value, or a role given twice.
    package mutating func link(_ flag: String, into links: inout [LinkRole: URL]) throws(DashboardError) {
        let roles = LinkRole.allCases.map(\.rawValue).joined(separator: ", ")
        let (role, url) = try LinkArgument.parse(try value(flag, "a short link URL, or ROLE=URL (roles: \(roles))"))
        guard links[role] == nil else { throw .usage("\(flag) \(role.rawValue) is given twice") }
        links[role] = url
    }

    /// `text` as an http or https URL with a host, or nil.
    package static func httpURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }
}
