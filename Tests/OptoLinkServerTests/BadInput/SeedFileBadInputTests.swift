import Foundation
import TestSupport
import Testing

@testable import OptoLinkServer

/// Seed files: valid JSON with a value out of range says so naming the field; a directory says it is one.
@Suite("Seed files refuse bad values naming the field")
struct SeedFileBadInputTests {
    /// A seed of one org whose link has `window` as its match window and `status` as the org's status.
    static func seed(window: String = "24", status: String = "ACTIVE") -> String {
        #"{"platformDomain":"x.test","orgs":[{"orgKey":"demo","name":"D","status":""#
            + status
            + #"","keys":[{"key":"opl_sdk_abcdefghijklmnop","tier":"CLIENT"}],"#
            + #""links":[{"shortCode":"a","path":"/a","matchWindowHours":"#
            + window + "}]}]}"
    }

    /// The message `ServerSeed.load` refuses `path` with (nil when it loads).
    static func refusal(_ path: String) -> OptoLinkServerError? {
        do {
            _ = try ServerSeed.load(path: path)
            return nil
        } catch {
            return error as? OptoLinkServerError
        }
    }

    @Test func aMatchWindowThatIsNotAWholeNumberInRangeIsOutOfRangeNamingTheField() throws {
        // Given seeds whose link's matchWindowHours is 1.5, 1e30 and 1e308 (valid JSON all)
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        for window in ["1.5", "1e30", "1e308", "-1e300"] {
            let path = try scratch.write("seed.json", Self.seed(window: window))

            // When the seed is loaded
            let error = try #require(Self.refusal(path), "\(window) was accepted")

            // Then it is out of range, naming the field, not "not valid JSON"
            #expect(error.isBadInput)
            #expect(error.description.contains("orgs[0].links[0].matchWindowHours: out of range"), "\(error)")
            #expect(!error.description.contains("not valid JSON"))
        }
        #expect(Self.refusal(try scratch.write("good.json", Self.seed(window: "48"))) == nil)
    }

    @Test func anUnknownOrgStatusIsRefusedNamingTheAllowedValues() throws {
        // Given a seed whose org status is MAYBE
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let path = try scratch.write("seed.json", Self.seed(status: "MAYBE"))

        // When it is loaded, then it is refused naming ACTIVE and SUSPENDED
        let error = try #require(Self.refusal(path))
        #expect(error.description.contains("orgs[0].status must be ACTIVE or SUSPENDED, not 'MAYBE'"), "\(error)")
    }

    @Test func aDirectoryAsTheSeedSaysItIsADirectory() throws {
        // Given a directory named as the seed
        let scratch = try ScratchFolder()
        defer { scratch.remove() }

        // When it is loaded, then the message names it and says it is a directory (no NSCocoaErrorDomain)
        let error = try #require(Self.refusal(scratch.path))
        #expect(error.isBadInput)
        #expect(error.description == "seed file \(scratch.path): is a directory, not a file")
    }
}
