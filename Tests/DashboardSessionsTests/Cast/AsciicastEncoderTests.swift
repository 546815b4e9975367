import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardSessions

@Suite("asciicast v2 encoder")
struct AsciicastEncoderTests {
    /// A 10×2 screen with `text` on its first row.
    func screen(_ text: String) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: 10, height: 2)
        buffer.write(text, x: 0, y: 0)
        return buffer
    }

    /// The time (first element) of an event line.
    func time(_ line: String) throws -> Double {
        let array = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
        #expect(array.count == 3 && array[1] as? String == "o")
        return try #require(array[0] as? Double)
    }

    @Test func theHeaderIsOneJSONObjectWithTheVersionSizeAndTimestamp() throws {
        // Given settings for a 120×40 screen
        var settings = CastSettings()
        settings.idleLimit = 1.5

        // When the header is written
        let header = AsciicastEncoder(settings: settings).header(
            timestamp: Date(timeIntervalSince1970: 1_765_000_000.7), title: "a \"quoted\" title")

        // Then it parses as JSON with asciicast v2's fields
        let object = try #require(try JSONSerialization.jsonObject(with: Data(header.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 2)
        #expect(object["width"] as? Int == 120)
        #expect(object["height"] as? Int == 40)
        #expect(object["timestamp"] as? Int == 1_765_000_000)
        #expect(object["idle_time_limit"] as? Double == 1.5)
        #expect(object["title"] as? String == "a \"quoted\" title")
        #expect(!header.contains("\n"))
    }

    @Test func idleGapsAreCappedAndTheSpeedDividesTime() throws {
        // Given an encoder capping gaps at 2 s and playing twice as fast
        var settings = CastSettings()
        settings.size = ScreenSize(width: 10, height: 2)
        settings.speed = 2
        var cast = AsciicastEncoder(settings: settings)

        // When frames come at 100 s, 101 s and 400 s (five idle minutes)
        let lines = [
            cast.frame(screen("a"), theme: .mono, at: 100), cast.frame(screen("b"), theme: .mono, at: 101),
            cast.frame(screen("c"), theme: .mono, at: 400),
        ]
        let first = try #require(lines[0])
        let second = try #require(lines[1])
        let third = try #require(lines[2])

        // Then the cast starts at 0, the 1 s gap plays in 0.5 s and the 299 s gap in 1 s (2 s capped, halved)
        #expect(try time(first) == 0)
        #expect(try time(second) == 0.5)
        #expect(try time(third) == 1.5)
        #expect(cast.frames == 3)
    }

    @Test func aFrameThatChangesNothingWritesNothing() {
        // Given a frame written
        var settings = CastSettings()
        settings.size = ScreenSize(width: 10, height: 2)
        var cast = AsciicastEncoder(settings: settings)
        _ = cast.frame(screen("same"), theme: .mono, at: 0)

        // When the same screen comes again, later
        let again = cast.frame(screen("same"), theme: .mono, at: 5)

        // Then there is no event
        #expect(again == nil)
        #expect(cast.frames == 1)
    }

    @Test func aNewThemeRedrawsTheWholeScreen() throws {
        // Given a frame drawn in mono
        var settings = CastSettings()
        settings.size = ScreenSize(width: 10, height: 2)
        var cast = AsciicastEncoder(settings: settings)
        _ = cast.frame(screen("same"), theme: .mono, at: 0)

        // When the same screen is drawn in the default theme
        let redrawn = cast.frame(screen("same"), theme: .builtInDefault, at: 1)
        let line = try #require(redrawn)

        // Then it clears and redraws
        #expect(line.contains("\\u001b[2J"))
    }

    @Test func sizesParseAsColumnsByRows() {
        #expect(CastSettings.size(parsing: "120x40") == ScreenSize(width: 120, height: 40))
        #expect(CastSettings.size(parsing: "80X24") == ScreenSize(width: 80, height: 24))
        #expect(CastSettings.size(parsing: "0x24") == nil)
        #expect(CastSettings.size(parsing: "120") == nil)
        #expect(CastSettings.size(parsing: "axb") == nil)
    }
}
