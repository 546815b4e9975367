import Foundation
import OptoLink

@testable import DashboardCore
@testable import DashboardDoctor

/// Recorded exchanges for the doctor's pure checks: what a backend answered, without a socket.
enum DoctorFixtures {
    static let base = URL(string: "https://links.example.com")!
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// An answered exchange for `method path`, 20 ms long.
    static func answered(
        _ method: String = "GET", _ path: String, status: Int, headers: [String: String] = [:],
        body: String = "", sentAt: Date = start, roundTrip: TimeInterval = 0.02
    ) -> DoctorExchange {
        DoctorExchange(
            request: HTTPRequest(method: method, url: URL(string: base.absoluteString + path)!, timeout: 10),
            outcome: .answered(HTTPResponse(status: status, headers: headers, body: Data(body.utf8))),
            sentAt: sentAt, receivedAt: sentAt.addingTimeInterval(roundTrip))
    }

    /// An exchange that got no HTTP answer.
    static func failed(_ method: String = "GET", _ path: String, code: URLError.Code, base: URL = base)
        -> DoctorExchange
    {
        DoctorExchange(
            request: HTTPRequest(method: method, url: URL(string: base.absoluteString + path)!, timeout: 10),
            outcome: .failed(.init(URLError(code))), sentAt: start, receivedAt: start.addingTimeInterval(0.001))
    }

    /// The error page `python3 -m http.server` answers (`http.server.DEFAULT_ERROR_MESSAGE`): 404 for a
    /// missing file, 501 for a POST.
    static func pythonErrorPage(_ status: Int) -> String {
        let (message, explanation) =
            status == 501
            ? ("Unsupported method ('POST')", "Server does not support this operation")
            : ("File not found", "Nothing matches the given URI")
        return """
            <!DOCTYPE HTML>
            <html lang="en">
                <head>
                    <meta charset="utf-8">
                    <title>Error response</title>
                </head>
                <body>
                    <h1>Error response</h1>
                    <p>Error code: \(status)</p>
                    <p>Message: \(message).</p>
                    <p>Error code explanation: \(status) - \(explanation).</p>
                </body>
            </html>

            """
    }

    /// The reference server's AASA for org `demo` (team ABCDE12345, bundle com.example.demo).
    static let goodAASA =
        #"{"applinks":{"apps":[],"details":[{"appIDs":["ABCDE12345.com.example.demo"],"#
        + #""components":[{"/":"/demo/*"}]}]},"webcredentials":{"apps":["ABCDE12345.com.example.demo"]}}"#

    /// A 200 AASA answer with the given body and the reference server's headers unless overridden.
    static func aasa(
        _ body: String = goodAASA, status: Int = 200,
        headers: [String: String] = [
            "Content-Type": "application/json; charset=utf-8", "Cache-Control": "max-age=3600",
        ]
    ) -> DoctorExchange {
        answered("GET", "/.well-known/apple-app-site-association", status: status, headers: headers, body: body)
    }

    /// The AASA lines for `exchange`, checked for org demo with the demo app ID.
    static func aasaChecks(_ exchange: DoctorExchange, appID: Bool = true, link: String? = nil) -> [String: DoctorCheck]
    {
        let checks = AASAChecks.all(
            exchange, orgKey: "demo", teamId: appID ? "ABCDE12345" : nil,
            bundleId: appID ? "com.example.demo" : nil, linkCode: link)
        return Dictionary(uniqueKeysWithValues: checks.map { ($0.id, $0) })
    }
}
