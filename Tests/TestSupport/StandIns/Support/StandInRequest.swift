import Foundation
internal import OptoLinkHTTP

/// A request as a stand-in reads it: the HTTP layer's request plus who sent it and on which origin.
struct StandInRequest: Sendable {
    /// The parsed request.
    let http: HTTPRequest
    /// The client's address: the first `X-Forwarded-For` entry when trusted, else the socket's peer.
    let address: String
    /// `http://<Host>`, the origin the client asked for (the listening address when it sent no `Host`).
    let origin: String
    /// When the request arrived.
    let time: Date

    /// Reads `http` from `peer`; `fallbackHost` is `127.0.0.1:<port>`.
    init(_ http: HTTPRequest, peer: String, trustsForwardedFor: Bool, fallbackHost: String, time: Date = Date()) {
        self.http = http
        self.time = time
        var address = peer
        if trustsForwardedFor, let forwarded = http.header("X-Forwarded-For") {
            let first = forwarded.split(separator: ",", omittingEmptySubsequences: false).first ?? ""
            let trimmed = first.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { address = trimmed }
        }
        self.address = address
        // A host name or address and a port only, so the origin is always a URL.
        let host = http.header("Host")?.trimmingCharacters(in: .whitespaces) ?? ""
        let usable =
            !host.isEmpty
            && host.utf8.allSatisfy { byte in
                (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
                    || [UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]")]
                        .contains(byte)
            }
        origin = "http://" + (usable ? host : fallbackHost)
    }

    /// `GET`, `POST`, …
    var method: String { http.method }
    /// The path as sent, without the query.
    var path: String { http.path }
    /// The percent-decoded path segments.
    var segments: [String] { http.segments }
    /// The query's items (the last of a repeated name wins).
    var query: [String: String] { http.query }

    /// The first value of header `name` (case-insensitive).
    func header(_ name: String) -> String? { http.header(name) }

    /// The URL the client asked for (origin and target); nil when the target makes no URL.
    var url: URL? { URL(string: origin + http.target) }

    /// ``url``, or the origin alone when the target makes no URL (a page's record always has a URL).
    var page: URL { url ?? URL(string: origin) ?? URL(string: "http://127.0.0.1")! }

    /// `origin` + `path` as a URL.
    func url(_ path: String) -> URL? { URL(string: origin + path) }

    /// The body as a JSON object, or nil when it is not one.
    var jsonObject: [String: Any]? {
        guard !http.body.isEmpty else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(http.body))) as? [String: Any]
    }

    /// The bearer token of `Authorization: Bearer <token>` (nil without one).
    var bearerToken: String? {
        guard let value = header("Authorization")?.trimmingCharacters(in: .whitespaces) else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    /// The body as a JSON object checked against `fields` (``StandInField/problems(in:_:closed:)``); an
    /// empty body is `{}` when `emptyAllowed`.
    /// - Parameter refuse: writes the service's 400 from a message and the problems (empty when the body
    ///   is not a JSON object at all).
    /// - Throws: ``StandInRefusal`` with that 400.
    func body(
        _ fields: [StandInField], closed: Bool, emptyAllowed: Bool = false,
        refuse: (_ message: String, _ problems: [(field: String, message: String)]) -> HTTPResponse
    ) throws(StandInRefusal) -> [String: Any] {
        let object: [String: Any]
        if http.body.isEmpty, emptyAllowed {
            object = [:]
        } else if let parsed = jsonObject {
            object = parsed
        } else {
            throw StandInRefusal(refuse("The body must be a JSON object", []))
        }
        let problems = StandInField.problems(in: object, fields, closed: closed)
        guard problems.isEmpty else { throw StandInRefusal(refuse("Validation failed", problems)) }
        return object
    }
}
