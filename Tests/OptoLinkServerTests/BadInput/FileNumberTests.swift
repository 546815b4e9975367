import OptoLinkToolSupport
import Testing

@testable import OptoLinkServer

/// The one checked conversion from a number in a file to a whole number.
@Suite("Numbers read from files never trap")
struct FileNumberTests {
    @Test func wholeAcceptsOnlyRepresentableWholeNumbers() {
        // Given numbers a file may hold, when each is converted, then only the whole ones within 2^53 are kept
        #expect(FileNumber.whole(24) == 24)
        #expect(FileNumber.whole(-3) == -3)
        #expect(FileNumber.whole(1.5) == nil)
        #expect(FileNumber.whole(1e30) == nil)
        #expect(FileNumber.whole(1e308) == nil)
        #expect(FileNumber.whole(.infinity) == nil)
        #expect(FileNumber.whole(.nan) == nil)
    }

    @Test func saturatingClampsInsteadOfTrapping() {
        // Given the values that trap `Int(_:)`, when they are converted for display, then they are clamped
        #expect(FileNumber.saturating(1e308) == FileNumber.limit)
        #expect(FileNumber.saturating(-1e308) == -FileNumber.limit)
        #expect(FileNumber.saturating(.infinity) == FileNumber.limit)
        #expect(FileNumber.saturating(.nan) == 0)
        #expect(FileNumber.saturating(2.5) == 3)
        #expect(FileNumber.saturating(2.9, .down) == 2)
    }

    @Test func addingReportsOverflowAsNil() {
        // Given an identifier of Int.max from a file, when one is added, then there is no next identifier
        #expect(FileNumber.adding(Int.max, 1) == nil)
        #expect(FileNumber.adding(41, 1) == 42)
    }
}
