import Testing

@testable import DashboardDoctor

@Suite("Doctor: AASA patterns")
struct AASAPatternTests {
    @Test func starMatchesAnyRunAndQuestionMarkOneCharacter() {
        #expect(AASAPattern("/demo/*").matches("/demo/summer"))
        #expect(AASAPattern("/demo/*").matches("/demo/"))
        #expect(!AASAPattern("/demo/*").matches("/demx/summer"))
        #expect(AASAPattern("*").matches("/anything/at/all"))
        #expect(AASAPattern("/*/*").matches("/demo/summer"))
        #expect(AASAPattern("/de?o/*").matches("/demo/a"))
        #expect(!AASAPattern("/de?o/*").matches("/deo/a"))
        #expect(AASAPattern("/d*o/s*r").matches("/demo/summer"))
        #expect(!AASAPattern("/demo/s*").matches("/demo/a"))
        #expect(AASAPattern("").matches(""))
        #expect(!AASAPattern("/demo").matches("/demo/summer"))
    }

    @Test func caseIsComparedUnlessTheComponentSaysOtherwise() {
        #expect(!AASAPattern("/DEMO/*").matches("/demo/summer"))
        #expect(AASAPattern("/DEMO/*", ignoringCase: true).matches("/demo/summer"))
    }
}
