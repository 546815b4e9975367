import Foundation
import Testing

@testable import DashboardLab

/// A hand-written pair of files whose answers are worked out below, by the seed's points (address 30, platform
/// 10, exact OS 15, OS major 8, language 10, time zone 10, model 12, recency +9 under 5 min, +7 under 30 min;
/// threshold 65, guard 3, window 24 h, P3 on). Times are seconds after 2026-01-01T00:00:00Z (1767225600).
@Suite struct ReplayLabeledFilesTests {
    /// Columns in another order, an extra column, quoted fields, CRLF, ISO and epoch times.
    static let clicks = """
        token,click_id,address,time,platform,os_version,language,timezone,device_model,campaign\r
        tokA,c1,10.0.0.1,2026-01-01T00:00:00Z,iOS,26.2,en-US,Europe/Berlin,,"spring, 2026"\r
        tokB,c2,10.0.0.2,1767225600,iOS,18.7,de-DE,,,x\r
        tokC,c3,10.0.0.3,1767225700,iOS,26.1,fr-FR,,,x\r
        tokD,c4,10.0.0.3,1767225800,iOS,17.0,es-ES,,,x\r
        tokE,c5,10.0.0.4,1767226800,iOS,26.2,en-GB,,,x\r
        tokF,c6,10.0.0.4,1767226700,iOS,18.6,pt-BR,,,x\r
        tokG,c7,10.0.0.5,1767227500,iOS,26.2,en-US,,,x\r
        tokH,"c8",10.0.0.8,1767225600,iOS,26.2,en-US,,,x\r

        """

    /// The opens, not in time order.
    static let opens = """
        open_id,time,address,platform,os_version,device_model,language,timezone,token
        o7,1767315600,10.0.0.8,iOS,26.2,"iPhone16,1",en-US,,tokH
        o1,2026-01-01T00:01:00Z,10.0.0.1,iOS,26.2,"iPhone16,1",en-US,Europe/Berlin,tokA
        o2,1767232800,10.0.0.9,iOS,18.7,,de-DE,,tokB
        o3,2026-01-01T01:06:40+01:00,10.0.0.3,iOS,26.1,,fr-FR,Europe/Paris,tokC
        o4,1767227100,10.0.0.4,iOS,18.7,,ja-JP,Asia/Tokyo,tokF
        o5,1767227600,10.0.0.5,iOS,26.2,,en-US,,
        o6,1767228600,10.0.0.6,iOS,26.2,,en-US,,not-a-click-token

        """

    static func data(shard: ReplayShard? = nil) throws -> ReplayData {
        var loader = ReplayLoader(shard: shard)
        try loader.read(text: clicks, file: "clicks.csv", as: .clicks)
        try loader.read(text: opens, file: "opens.csv", as: .opens)
        return loader.done()
    }

    @Test func theHandWorkedCountsComeOut() async throws {
        // Given the two files
        let data = try Self.data()
        // When they are replayed with the seed's numbers
        let result = try await ReplaySession(data: data, model: LabModel(), sweep: false).run()
        let report = result.report
        // Then: 8 clicks, 7 opens, 5 labeled (o1 o2 o3 o4 o7), o6's token names no click
        #expect(report.clicks == 8)
        #expect(report.opens == 7)
        #expect(report.labeled == 5)
        #expect(report.unknownTokens == 1)
        // Production: o1–o4 by their token; o5 scored to c7 (30+10+15+10+9 = 74); o6 nothing on its address;
        // o7 came 25 h after c8, whose token had expired and whose window had ended.
        #expect(report.production == ["clipboard": 4, "scored": 1, "none": 2])
        #expect(report.productionLabeled.correct == 4)
        #expect(report.productionLabeled.missed == 1)
        // The chain alone: o1 scores c1 at 84 (correct); o2 opened on another address (missed); o3 scores c3
        // at 30+10+15+10+7 = 72 and c4 at 30+10+9 = 49 (correct, scored); o4 scores c6 at 30+10+8+7 = 55 and c5
        // at 30+10+7 = 47, under 65, so P3 takes the newest click, c5 (wrong click); o7 missed.
        #expect(report.chain.correct == 2)
        #expect(report.chain.wrongClick == 1)
        #expect(report.chain.missed == 2)
        #expect(report.chain.falseMatch == 0)
        #expect(report.chain.correctNoMatch == 0)
        #expect(report.precision == 2.0 / 3.0)
        #expect(report.recall == 2.0 / 5.0)
        #expect(report.chainByMethod["scored"]?.correct == 2)
        #expect(report.chainByMethod["ip"]?.wrongClick == 1)
        #expect(report.chainByMethod["none"]?.missed == 2)
        #expect(report.chainUnlabeled == ["scored": 1, "none": 1])
        // And the wrong click is c5, by its id
        let o4 = (0..<data.opens.count).first { data.opens.ids[$0] == "o4" }!
        #expect(result.chainOnly[o4].matchedClick.map { data.clicks.ids[$0] } == "c5")
    }

    @Test func aBadTimeNamesTheFileLineAndColumn() {
        // Given a clicks file whose line 3 has a time that is neither form, in the file's column 4
        var loader = ReplayLoader()
        let text = "token,click_id,address,time\nt1,c1,10.0.0.1,1767225600\nt2,c2,10.0.0.1,soon\n"
        // When it is read
        // Then one message names the file, line 3, column 4 (time) and what is expected
        #expect {
            try loader.read(text: text, file: "clicks.csv", as: .clicks)
        } throws: { error in
            "\(error)".hasPrefix("clicks.csv:3: column 4 (time): expected a time as ISO 8601")
                && "\(error)".contains("found 'soon'")
        }
    }

    @Test func aBinaryFileIsSaidToBeOneAtOnce() throws {
        // Given a gzip-compressed clicks file and /dev/zero
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("clicks-\(UUID().uuidString).csv.gz")
        try Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x4B, 0x04, 0x00]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for path in [file.path, "/dev/zero"] {
            var loader = ReplayLoader()
            // When it is read as clicks
            // Then one message says it is no text, not a CSV column error (and /dev/zero ends at once)
            #expect {
                try loader.read(path: path, as: .clicks)
            } throws: { error in
                "\(error)"
                    == "\(path): is not a CSV file of clicks: it holds binary bytes (compressed? unpack it first)"
            }
        }
    }

    @Test func aMissingRequiredColumnIsNamed() {
        // Given an opens file without an address column
        var loader = ReplayLoader()
        // When it is read
        // Then the message names line 1 and the missing column
        #expect {
            try loader.read(text: "open_id,time\no1,1\n", file: "opens.csv", as: .opens)
        } throws: { error in
            "\(error)".hasPrefix("opens.csv:1: expected a header row") && "\(error)".hasSuffix("missing address")
        }
    }

    @Test func aClickTokenUsedTwiceIsAnError() {
        // Given two clicks with one token
        var loader = ReplayLoader()
        let text = "click_id,time,address,token\nc1,1,10.0.0.1,same\nc2,2,10.0.0.2,same\n"
        // When it is read
        // Then line 3's token column is named
        #expect {
            try loader.read(text: text, file: "clicks.csv", as: .clicks)
        } throws: { error in
            "\(error)".hasPrefix("clicks.csv:3: column 4 (token): expected a token of this click's own")
        }
    }
}
