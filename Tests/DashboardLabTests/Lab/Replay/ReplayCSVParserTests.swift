import Testing

@testable import DashboardLab

@Suite struct ReplayCSVParserTests {
    /// Every record of `text` fed in chunks of `chunk` bytes, as fields with their line.
    private func records(_ text: String, chunk: Int = 1) throws -> [(Int, [String])] {
        var parser = ReplayCSVParser()
        var out: [(Int, [String])] = []
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunk)
            try parser.feed(Array(bytes[start..<end])) { out.append(($0.line, $0.strings)) }
            start = end
        }
        try parser.finish { out.append(($0.line, $0.strings)) }
        return out
    }

    @Test func aRecordThatNeverEndsIsRefusedOnceItPassesTheLimitNotKeptGrowing() throws {
        // Given a line of zero bytes, and a line of commas, each past the record limit, fed a chunk at a time
        for byte in [UInt8(0), UInt8(ascii: ","), UInt8(ascii: "a")] {
            var parser = ReplayCSVParser()
            let chunk = [UInt8](repeating: byte, count: 64 * 1024)
            var failure: ReplayCSVParser.Failure?
            for _ in 0..<4 where failure == nil {
                do {
                    try parser.feed(chunk) { _ in Issue.record("a record came out") }
                } catch let error as ReplayCSVParser.Failure {
                    failure = error
                }
            }
            // Then it is refused on the record's line, by the chunk that passed the limit
            #expect(failure?.line == 1, "byte \(byte)")
            #expect(failure?.expected.contains("record of at most") == true, "\(String(describing: failure))")
        }
    }

    @Test func quotedFieldsHoldCommasQuotesAndLineBreaksWhateverTheChunks() throws {
        // Given RFC 4180 text with CRLF, a quoted comma, a doubled quote, a line break inside quotes and a blank line
        let text = "a,b,c\r\n\"x,y\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n\r\nlast,,\n"
        for chunk in [1, 2, 3, 7, 1000] {
            // When it is fed in chunks of that size
            let parsed = try records(text, chunk: chunk)
            // Then the records, their fields and their first lines are the same
            #expect(parsed.map(\.1) == [["a", "b", "c"], ["x,y", "say \"hi\"", "two\nlines"], ["last", "", ""]])
            #expect(parsed.map(\.0) == [1, 2, 5])
        }
    }

    @Test func theLastRecordNeedsNoLineBreak() throws {
        // Given text whose last line has no LF
        // When it is parsed
        let parsed = try records("h\n1,2", chunk: 3)
        // Then the last record comes out at finish
        #expect(parsed.map(\.1) == [["h"], ["1", "2"]])
    }

    @Test func aQuoteInsideAnUnquotedFieldNamesItsLineAndColumn() {
        // Given a stray quote in the second field of line 2
        // When it is parsed
        // Then the failure names line 2, column 2
        #expect(throws: ReplayCSVParser.Failure.self) { try records("a,b\n1,x\"y\n") }
        do {
            _ = try records("a,b\n1,x\"y\n")
        } catch let failure as ReplayCSVParser.Failure {
            #expect(failure.line == 2)
            #expect(failure.column == 2)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func aQuotedFieldThatNeverClosesIsAnError() {
        // Given a quote opened on line 3 and never closed
        var parser = ReplayCSVParser()
        // When the input ends
        // Then the failure names line 3
        do {
            try parser.feed(Array("a\nb\n\"open,\nstill".utf8)) { _ in }
            try parser.finish { _ in }
            Issue.record("no failure")
        } catch let failure as ReplayCSVParser.Failure {
            #expect(failure.line == 3)
            #expect(failure.expected.contains("closing quote"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func textAfterAClosingQuoteIsAnError() {
        // Given `"a"b` in the first field
        // When it is parsed
        // Then it fails at column 1
        do {
            _ = try records("\"a\"b,c\n")
            Issue.record("no failure")
        } catch let failure as ReplayCSVParser.Failure {
            #expect(failure.column == 1)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}

@Suite struct ReplayTimeTests {
    private func seconds(_ text: String) -> Double? { ReplayTime.seconds(Array(text.utf8)[...]) }

    @Test func isoTimesAndEpochSecondsReadAsSecondsSince1970() {
        // Given the same instant written several ways
        // When each is read
        // Then each is 2026-01-01T00:00:00Z's epoch second (or that plus the fraction)
        #expect(seconds("2026-01-01T00:00:00Z") == 1_767_225_600)
        #expect(seconds("2026-01-01T01:00:00+01:00") == 1_767_225_600)
        #expect(seconds("2025-12-31 19:00:00-05:00") == 1_767_225_600)
        #expect(seconds("2026-01-01T00:00:00.250Z") == 1_767_225_600.25)
        #expect(seconds("1767225600") == 1_767_225_600)
        #expect(seconds("1767225600.5") == 1_767_225_600.5)
        #expect(seconds("2024-02-29T00:00:00Z") == 1_709_164_800)
    }

    @Test func anythingElseIsNotATime() {
        // Given text that is neither form
        // When each is read
        // Then none is a time
        for text in ["", "yesterday", "2026-02-30T00:00:00Z", "2026-01-01T00:00:00", "1e400", "nan", "12:00"] {
            #expect(seconds(text) == nil, "\(text)")
        }
    }
}
