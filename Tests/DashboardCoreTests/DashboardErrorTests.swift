import Foundation
import Testing

@testable import DashboardCore

@Suite("DashboardError")
struct DashboardErrorTests {
    @Test func itsLocalizedDescriptionIsItsMessage() {
        // Given the dashboard's own errors, seen as any Error (as a catch block sees them)
        let errors: [any Error] = [
            DashboardError.backend("GET /health from 127.51.100.23 got no answer: connection refused"),
            DashboardError.usage("--backoff-base needs a number"),
            DashboardError.themeSyntax(file: "x.theme", line: 3, reason: "expected theme[key]=\"value\""),
        ]
        // Then the description Foundation shows is the message, not "The operation could not be completed"
        #expect(
            errors.map(\.localizedDescription) == [
                "GET /health from 127.51.100.23 got no answer: connection refused", "--backoff-base needs a number",
                "x.theme:3: expected theme[key]=\"value\"",
            ])
    }
}
