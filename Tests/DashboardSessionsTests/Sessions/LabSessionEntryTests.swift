import DashboardTestSupport
import Foundation
import OptoLink
import Testing

@testable import DashboardCore
@testable import DashboardLab
@testable import DashboardSessions

@Suite("Sessions: lab runs are recorded")
struct LabSessionEntryTests {
    static let updates: [LabUpdate] = [
        .started(lab: "cgnat", services: OptoLinkService.allCases, installs: 5_000),
        .finished(LabViewFixtures.result()),
        .failed("labs/default.lab:3: unknown key 'delay.medain' (did you mean delay.median?)"),
        .stopped,
        .explained(
            MatchAttempt(
                id: "lab-quberoute-12", time: 40, matched: true, method: "FINGERPRINT_SCORED", confidence: "medium",
                score: 71, path: "click 30",
                breakdown: MatchBreakdown(threshold: 65, guardFired: false, candidates: [Fixtures.summerCandidate()]))),
    ]

    @Test(arguments: updates) func aLabUpdateSurvivesTheSessionLine(update: LabUpdate) throws {
        // Given the entry the recorder makes of a lab update
        let action = DashboardAction.lab(update)
        #expect(action.isRecorded)
        let entry = SessionEntry(time: 12.5, wall: Date(timeIntervalSince1970: 1_780_000_000), action: action)

        // When it is written as a line and read back
        let codec = SessionLineCodec()
        let line = try codec.line(entry)
        let read = try codec.decode(SessionEntry.self, from: line.dropLast())

        // Then it is the same entry, one line, and it replays as the same action
        #expect(read == entry)
        #expect(!line.dropLast().contains(0x0A))
        #expect(read.action == .lab(update))
    }

    @Test func progressTicksAndTabMovesAreNotRecorded() {
        // Given a progress tick and a move of the service tab
        let tick = DashboardAction.lab(.progress(LabProgress(done: 10, total: 100, elapsed: 1)))

        // When the recorder asks for their entries
        // Then there are none: the finished run is what a reopened session shows
        #expect(!tick.isRecorded)
        #expect(!DashboardAction.labView(.service(1)).isRecorded)
    }

    @Test func aReopenedSessionShowsTheLabAsItFinished() throws {
        // Given a dashboard's lab updates as a session replays them
        var live = Fixtures.idle
        var replayed = SessionReplay.freshState(keepingViewOf: live)
        for update in Self.updates.prefix(2) {
            DashboardReducer.reduce(&live, .lab(update))
            let line = try SessionLineCodec().line(
                SessionEntry(time: 0, wall: Date(timeIntervalSince1970: 0), action: .lab(update)))
            let entry = try SessionLineCodec().decode(SessionEntry.self, from: line.dropLast())
            DashboardReducer.reduce(&replayed, try #require(entry.action))
        }

        // Then the Lab view of both is the same (under the header, which the replay's session fills itself)
        let size = ScreenSize(width: 120, height: 40)
        #expect(replayed.lab == live.lab)
        #expect(replayed.overlay == .lab)
        #expect(
            DashboardRenderer.render(replayed, size: size).lines.dropFirst()
                == DashboardRenderer.render(live, size: size).lines.dropFirst())
    }
}
