import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardSessions

@Suite("Sessions: a diagnostic's line is the same since the dashboard uses the SDK's cases")
struct SessionDiagnosticFormatTests {
    /// Lines the dashboard's own copy of the SDK's cases wrote (version-1 files), keys sorted, beside the
    /// event each one is.
    static let versionOneLines: [(line: String, event: DiagnosticEvent)] = [
        (
            #"{"requestStarted":{"attempt":1,"endpoint":"match","requestID":3}}"#,
            .requestStarted(requestID: 3, endpoint: "match", attempt: 1)
        ),
        (
            #"{"responseReceived":{"attempt":1,"duration":0.25,"endpoint":"match","requestID":3,"status":503}}"#,
            .responseReceived(requestID: 3, endpoint: "match", attempt: 1, status: 503, duration: 0.25)
        ),
        (
            #"{"requestFailed":{"attempt":2,"duration":1,"endpoint":"data","reason":"timed out","requestID":4}}"#,
            .requestFailed(requestID: 4, endpoint: "data", attempt: 2, reason: "timed out", duration: 1)
        ),
        (
            #"{"retryScheduled":{"attempt":1,"delay":2,"endpoint":"match","requestID":3}}"#,
            .retryScheduled(requestID: 3, endpoint: "match", attempt: 1, delay: 2)
        ),
        (
            #"{"gaveUp":{"attempts":3,"endpoint":"match","reason":"HTTP 503","requestID":3}}"#,
            .gaveUp(requestID: 3, endpoint: "match", attempts: 3, reason: "HTTP 503")
        ),
        (
            #"{"requestFinished":{"attempts":3,"endpoint":"match","requestID":3}}"#,
            .requestFinished(requestID: 3, endpoint: "match", attempts: 3, status: nil)
        ),
        (
            #"{"matchResult":{"_0":{"confidence":"high","isDeferred":true,"#
                + #""linkId":"l1","method":"fingerprint","path":"/spring","score":0.9}}}"#,
            .matchResult(
                LinkSummary(
                    linkId: "l1", path: "/spring", method: "fingerprint", confidence: "high", score: 0.9,
                    isDeferred: true))
        ),
        (#"{"matchResult":{}}"#, .matchResult(nil)),
        (
            #"{"linkDelivered":{"_0":{"isDeferred":false,"matchType":"probabilistic","#
                + #""method":"direct","path":"/p","serviceDetail":"match_type probabilistic"}}}"#,
            .linkDelivered(
                LinkSummary(
                    path: "/p", method: "direct", matchType: "probabilistic", serviceDetail: "match_type probabilistic")
            )
        ),
        (
            #"{"sessionRegistered":{"deviceId":"d1","firstSeenAt":"2026-01-01","lastSeenAt":"2026-01-02"}}"#,
            .sessionRegistered(deviceId: "d1", firstSeenAt: "2026-01-01", lastSeenAt: "2026-01-02")
        ),
        (#"{"identityChanged":{}}"#, .identityChanged(externalId: nil)),
        (#"{"eventQueued":{"name":"purchase","queued":2}}"#, .eventQueued(name: "purchase", queued: 2)),
        (#"{"eventSent":{"name":"purchase","queued":1}}"#, .eventSent(name: "purchase", queued: 1)),
        (#"{"eventDropped":{"name":"x","reason":"full"}}"#, .eventDropped(name: "x", reason: "full")),
        (#"{"log":{"level":"warning","message":"careful"}}"#, .log(level: .warning, message: "careful")),
    ]

    @Test func versionOneLinesReadAsTheSameEventsAndAreWrittenTheSameWay() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for (line, event) in Self.versionOneLines {
            // Given a line of a version-1 file
            // When it is read, and its event written again
            let read = try JSONDecoder().decode(DiagnosticEvent.self, from: Data(line.utf8))
            let written = String(decoding: try encoder.encode(event), as: UTF8.self)

            // Then it is that event, and the event is written as that line
            #expect(read == event, "\(line)")
            #expect(written == line)
        }
    }

    @Test func aSessionLineWrittenNowReadsBackAsTheSameEntry() throws {
        // Given every kind of diagnostic as session entries, written by the session's codec
        let codec = SessionLineCodec()
        for (index, sample) in Self.versionOneLines.enumerated() {
            let entry = SessionEntry(
                time: Double(index), wall: Date(timeIntervalSince1970: 1_800_000_000),
                action: .diagnostic(sample.event, time: Double(index)))
            let line = try codec.line(entry)

            // When the line is read back
            let read = try codec.decode(SessionEntry.self, from: line.dropLast())

            // Then it is the same entry
            #expect(read == entry, "\(String(decoding: line, as: UTF8.self))")
        }
    }
}
