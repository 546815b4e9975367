import DashboardTestSupport
import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardSessions

/// A reopened HAR shows the device its requests describe, or says the file does not hold it: never the facts of
/// a simulated device that never ran.
@Suite("A reopened HAR's device panes")
struct HARDevicePanesTests {
    /// What a dashboard with no device shows by default: none of it may appear for a reopened file.
    static let placeholders = [
        "(not launched yet)", "first launch pending", "iPhone15,2", "Europe/Berlin", "203.0.113.7", "en-US",
        "(empty)", "same Wi-Fi",
    ]

    /// The HAR at `url` reopened to its end, drawn with `pane` in front.
    func screen(_ url: URL, focus pane: DashboardPane) throws -> String {
        let file = try SessionFile.open(url)
        var state = DashboardState(size: .full)
        try SessionReplay(file: file).seek(
            to: file.count, reset: {}, apply: { DashboardReducer.reduce(&state, $0) })
        DashboardReducer.reduce(&state, .focus(pane))
        return DashboardRenderer.render(state, size: .full).lines.joined(separator: "\n")
    }

    @Test func theDevicePanesShowWhatTheRequestsCarry() throws {
        // Given the dashboard's HAR of an OptoLink /match: its body's fingerprint, its User-Agent and address
        let files = try SessionTestFiles()
        defer { files.remove() }
        let body =
            #"{"deviceId":"dev-7f3a","deviceModel":"iPhone14,7","language":"de-DE","osVersion":"16.2","#
            + #""platform":"iOS","timezone":"Asia/Tokyo"}"#
        let url = try files.write("match.har", Self.har(body: body, headers: Self.appHeaders))

        // When it is reopened, the profile pane and the fingerprint pane in front
        let profile = try screen(url, focus: .profile)
        let fingerprint = try screen(url, focus: .fingerprint)

        // Then the panes show the file's device: its id, address and User-Agent, its traits on the app's side
        #expect(profile.contains("dev-7f3a"), "\(profile)")
        #expect(profile.contains("198.51.100.23"), "\(profile)")
        #expect(profile.contains("Shop/2.0"), "\(profile)")
        for value in ["iPhone14,7", "de-DE", "16.2", "Asia/Tokyo", "198.51.100.23"] {
            #expect(fingerprint.contains(value), "\(value): \(fingerprint)")
        }
        // And the browser's side, which no request of the file describes, says so
        #expect(fingerprint.contains("(not in file)"), "\(fingerprint)")
        // And nothing of a simulated device shows
        for text in Self.placeholders {
            #expect(!profile.contains(text) && !fingerprint.contains(text), "\(text)")
        }
    }

    @Test func aFileWithoutDeviceFactsSaysSoPlainly() throws {
        // Given a HAR whose one request carries no body, no User-Agent and no address
        let files = try SessionTestFiles()
        defer { files.remove() }
        let url = try files.write("bare.har", Self.har(body: nil, headers: "[]"))

        // When it is reopened
        let profile = try screen(url, focus: .profile)
        let fingerprint = try screen(url, focus: .fingerprint)

        // Then both panes say the file holds no device facts, and show none of a simulated device
        #expect(profile.contains("the file holds no device facts"), "\(profile)")
        #expect(fingerprint.contains("(not in file)"), "\(fingerprint)")
        for text in Self.placeholders {
            #expect(!profile.contains(text) && !fingerprint.contains(text), "\(text)")
        }
    }

    /// The request headers of the app's /match: its User-Agent and simulated address.
    static let appHeaders =
        #"[{"name":"User-Agent","value":"Shop/2.0 CFNetwork/1400 Darwin/22.0"},"#
        + #"{"name":"X-Forwarded-For","value":"198.51.100.23"},{"name":"Content-Type","value":"application/json"}]"#

    /// A dashboard HAR of one OptoLink `/match` attempt with `headers` and `body`.
    static func har(body: String?, headers: String) -> String {
        let postData = body.map {
            #","postData":{"mimeType":"application/json","text":"# + quoted($0) + "}"
        }
        return """
            {"log":{"version":"1.2","creator":{"name":"optolink-dash","version":"0.1.0"},"pages":[],
             "_optolink":{"service":"optolink","orgKey":"demo","target":"http://127.0.0.1:8080","sdkVersion":"0.1.0"},
             "entries":[{"startedDateTime":"2025-06-02T09:14:03.120Z","time":12,
              "request":{"method":"POST","url":"http://127.0.0.1:8080/match","httpVersion":"HTTP/1.1",
               "headers":\(headers),"queryString":[],"cookies":[],"headersSize":-1,
               "bodySize":\(body?.utf8.count ?? 0)\(postData ?? "")},
              "response":{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1","headers":[],"cookies":[],
               "content":{"size":37,"mimeType":"application/json",
                "text":"{\\"matched\\":false,\\"matchMethod\\":\\"NONE\\"}"},
               "redirectURL":"","headersSize":-1,"bodySize":37},
              "cache":{},"timings":{"send":0,"wait":12,"receive":0},
              "_optolink":{"requestID":1,"attempt":1,"endpoint":"match"}}]}}
            """
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast()
            .description
    }
}
