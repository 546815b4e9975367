import Testing
@Test func endToEndTargetBuilds() { #expect(Bool(true)) }
