import DashboardTestSupport
import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardScenarios
@testable import DashboardSessions

@Suite("HAR files open in the request panes")
struct HARImportTests {
    /// Opens `url` and folds every entry into a fresh state.
    func opened(_ url: URL) throws -> (SessionFile, DashboardState) {
        let file = try SessionFile.open(url)
        let replay = SessionReplay(file: file)
        var state = DashboardState()
        try replay.seek(to: file.count, reset: {}, apply: { DashboardReducer.reduce(&state, $0) })
        return (file, state)
    }

    @Test func theDashboardsOwnHARRegroupsItsAttemptsIntoTheirRequests() throws {
        // Given the HAR export of a /match retried twice (503, 503, 200)
        let files = try SessionTestFiles()
        defer { files.remove() }
        let original = Fixtures.flakyWithExchanges()
        let url = files.url("requests.har")
        try HARExport.data(original).write(to: url)

        // When it is opened
        let (file, state) = try opened(url)

        // Then request 2 is one timeline row of three attempts, each with its exchange for the inspector
        #expect(file.isHAR)
        let row = try #require(state.timeline.first { $0.requestID == 2 })
        #expect(row.attempts.map(\.status) == [503, 503, 200])
        #expect(state.exchanges(of: 2).map(\.attempt) == [1, 2, 3])
        #expect(state.exchanges(of: 2).map(\.requestBody?.text) == original.exchanges(of: 2).map(\.requestBody?.text))
        #expect(InspectorCache.document(state, requestID: 2, size: .full) != nil)

        // And exporting it again gives the same requests
        let again = try JSONSerialization.jsonObject(with: HARExport.data(state)) as? [String: Any]
        let entries = (again?["log"] as? [String: Any])?["entries"] as? [[String: Any]] ?? []
        #expect(entries.count == original.exchanges.count)
        #expect(
            entries.compactMap { ($0["response"] as? [String: Any])?["status"] as? Int }
                == original.exchanges.sorted { $0.start < $1.start }.map { $0.status ?? 0 })
    }

    @Test func aBrowsersHAREntriesBecomeRequestsWithTheirCredentialsMasked() throws {
        // Given a HAR as a browser's network panel saves it: entries only, a cookie, a failed request
        let files = try SessionTestFiles()
        defer { files.remove() }
        let har = """
            {"log":{"version":"1.2","creator":{"name":"WebInspector","version":"537.36"},"pages":[],"entries":[
              {"startedDateTime":"2025-06-02T09:14:03.120Z","time":41.5,
               "request":{"method":"GET","url":"https://go.example.com/acme/fall?utm=x","httpVersion":"HTTP/2",
                 "headers":[{"name":"Cookie","value":"session=abcdef123456"},{"name":"Accept","value":"text/html"}],
                 "queryString":[],"cookies":[],"headersSize":-1,"bodySize":0},
               "response":{"status":302,"statusText":"Found","httpVersion":"HTTP/2",
                 "headers":[{"name":"Location","value":"https://apps.apple.com/app/id1"}],"cookies":[],
                 "content":{"size":0,"mimeType":"text/html"},"redirectURL":"https://apps.apple.com/app/id1",
                 "headersSize":-1,"bodySize":0},
               "cache":{},"timings":{"send":0,"wait":41.5,"receive":0}},
              {"startedDateTime":"2025-06-02T09:14:04.000Z","time":0,
               "request":{"method":"POST","url":"https://api.example.com/v1/match","httpVersion":"HTTP/2",
                 "headers":[],"queryString":[],"cookies":[],"headersSize":-1,"bodySize":2,
                 "postData":{"mimeType":"application/json","text":"{}"}},
               "response":{"status":0,"statusText":"","httpVersion":"","headers":[],"cookies":[],
                 "content":{"size":0,"mimeType":"x-unknown"},"redirectURL":"","headersSize":-1,"bodySize":-1},
               "cache":{},"timings":{"send":0,"wait":0,"receive":0}}
            ]}}
            """
        let url = try files.write("safari.har", har)

        // When it is opened
        let (file, state) = try opened(url)

        // Then each entry is a request of its own, named after its path, the cookie masked, the failure kept
        #expect(file.header.dashboard == "WebInspector 537.36")
        #expect(state.timeline.map(\.endpoint) == ["fall", "match"])
        #expect(state.timeline.first?.attempts.first?.status == 302)
        #expect(state.exchanges.first?.requestHeader("Cookie") == "sess…")
        #expect(state.timeline.last?.attempts.first?.error == "no HTTP answer")
        #expect(state.exchanges.last?.requestBody?.text == "{}")
    }
}
