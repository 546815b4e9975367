import Foundation
internal import OptoLinkHTTP

/// The answers every stand-in writes: JSON, HTML pages and redirects.
enum StandInReply {
    /// `object` as JSON (sorted keys, slashes unescaped) with `status`.
    static func json(_ status: Int, _ object: [String: Any], headers: [(name: String, value: String)] = [])
        -> HTTPResponse
    {
        let body =
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
        return HTTPResponse(
            status: status, headers: [("Content-Type", "application/json; charset=utf-8")] + headers,
            body: Array(body))
    }

    /// An HTML page with `status`, never cached (each click is its own).
    static func html(_ status: Int, _ markup: String) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
            body: Array(markup.utf8))
    }

    /// A `302 Found` to `location`.
    static func redirect(to location: String) -> HTTPResponse {
        HTTPResponse(
            status: 302, headers: [("Location", location), ("Cache-Control", "no-store")],
            body: Array("Redirecting to \(location)\n".utf8))
    }

    /// `text` escaped for HTML text and attribute values.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
