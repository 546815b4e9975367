import DashboardTestSupport
import OptoLink
import Testing

@testable import DashboardCore
@testable import DashboardLab

@Suite("Lab view: what the run means and what the words mean")
struct LabViewTermsTests {
    @Test(arguments: LabViewTests.sizes) func aFinishedRunOpensWithWhatItMeans(size: ScreenSize) {
        // Given a finished lab
        let state = LabViewFixtures.finished()

        // When the Lab view is drawn
        let lines = DashboardRenderer.render(state, size: size).lines

        // Then its first row says, in words, how many clicked installs matched their own click
        #expect(lines[2].contains("OptoLink: 2 640 of 4 000 clicked installs (66.0%) matched their own click"))
        #expect(lines[4].contains("5 000 installs (1 000 organic)") && lines[4].contains("? terms"))
    }

    @Test(arguments: LabViewTests.sizes) func questionMarkShowsTheDefinitionsAndAgainHidesThem(size: ScreenSize) {
        // Given a finished lab on screen
        var state = LabViewFixtures.finished()
        let router = InputRouter()

        // When ? is pressed in the Lab view
        let outcome = router.route(.character("?"), in: state)
        for action in outcome.actions { DashboardReducer.reduce(&state, action) }
        let screen = DashboardRenderer.render(state, size: size).lines.joined(separator: "\n")

        // Then the view defines its words in place of the table, the curves and the installs
        #expect(outcome.actions == [.labView(.toggleTerms)])
        #expect(screen.contains("What the words mean"))
        for term in ["correct", "wrong click", "missed", "false match", "precision", "recall", "guard N"] {
            #expect(screen.contains("  \(term) "), "\(term)")
        }
        #expect(!screen.contains("precision by threshold"))

        // And ? again brings the curves back
        for action in router.route(.character("?"), in: state).actions { DashboardReducer.reduce(&state, action) }
        #expect(DashboardRenderer.render(state, size: size).lines.joined().contains("precision by threshold"))
    }
}
