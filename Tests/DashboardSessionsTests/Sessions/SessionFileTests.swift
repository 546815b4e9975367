import DashboardTestSupport
import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardSessions

@Suite("Session files: opening, and refusing bad ones")
struct SessionFileTests {
    @Test func aCutLastLineOpensUpToTheLastCompleteLineAndSaysSo() throws {
        // Given a session whose writer was killed in the middle of its third entry
        let files = try SessionTestFiles()
        defer { files.remove() }
        let url = try files.session(
            "cut.olsession",
            entries: [SessionTestFiles.log("one", at: 1), SessionTestFiles.log("two", at: 2), SessionTestFiles.tick(3)])
        let data = try Data(contentsOf: url)
        try data.prefix(data.count - 9).write(to: url)

        // When it is opened
        let file = try SessionFile.open(url)

        // Then the two complete entries are there, and the warning names the cut line
        #expect(file.count == 2)
        #expect(try file.entry(at: 1).action == .log(.info, "two"))
        #expect(file.warnings.count == 1)
        #expect(file.warnings.first?.contains("cut.olsession:4: the last line is cut short") == true)
    }

    @Test func aGarbageLineIsRefusedNamingTheLine() throws {
        let files = try SessionTestFiles()
        defer { files.remove() }
        let url = try files.session("garbage.olsession", entries: [SessionTestFiles.log("one", at: 1)])
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"t\":2,\"w\":3,\"a\":{\"nonsense\":{}}}\n".utf8))
        try handle.close()

        let error = #expect(throws: DashboardError.self) { try SessionFile.open(url) }

        #expect(error?.isSession == true)
        #expect(error?.message.contains("garbage.olsession:3: not a session entry") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("\n") == false)
    }

    @Test func anEntryOfTheWrongShapeIsSaidInJSONsWordsNotSwifts() throws {
        // Given entries whose action is null, and whose log is a list
        for (line, expected) in [
            (#"{"t":2,"w":3,"a":null}"#, "not a session entry (a: expected an object, found null)"),
            (#"{"t":2,"w":3,"a":{"log":[]}}"#, "not a session entry (a.log: expected an object)"),
        ] {
            let files = try SessionTestFiles()
            defer { files.remove() }
            let url = try files.session("shape.olsession", entries: [SessionTestFiles.log("one", at: 1)])
            let handle = try FileHandle(forWritingTo: url)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data((line + "\n").utf8))
            try handle.close()
            let error = #expect(throws: DashboardError.self) { try SessionFile.open(url) }
            // Then the line says which field and what it should be, without decoder or Swift type names
            #expect(error?.message.hasSuffix(expected) == true, "\(error?.message ?? "")")
            #expect(error?.message.contains("Dictionary") == false && error?.message.contains("decod") == false)
        }
    }

    @Test func aNewerFormatVersionIsRefusedWithBothVersions() throws {
        let files = try SessionTestFiles()
        defer { files.remove() }
        let url = try files.session("newer.olsession", version: SessionFormat.version + 1, entries: [])

        let error = #expect(throws: DashboardError.self) { try SessionFile.open(url) }

        #expect(
            error?.message.contains(
                "is session format \(SessionFormat.version + 1), newer "
                    + "than this dashboard reads (up to \(SessionFormat.version))"
            )
                == true, "\(error?.message ?? "")")
    }

    @Test(arguments: [
        ("empty.olsession", "", "is empty: not a session file"),
        ("notes.txt", "just some notes\nand more\n", "is not a session file"),
        ("other.json", "{\"format\":\"something-else\",\"version\":1}\n", "is not a session file"),
        ("object.json", "{\"log\":{\"version\":\"1.2\"}}", "is not a session file"),
    ])
    func fileThatIsNoSessionIsRefusedInOneLine(name: String, content: String, expected: String) throws {
        let files = try SessionTestFiles()
        defer { files.remove() }
        let url = try files.write(name, content)

        let error = #expect(throws: DashboardError.self) { try SessionFile.open(url) }

        #expect(error?.message.contains(expected) == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("\n") == false)
    }

    @Test func aGigabyteFileIsRefusedBeforeAnythingIsRead() throws {
        // Given a sparse 1 GiB file that starts like a session
        let files = try SessionTestFiles()
        defer { files.remove() }
        let url = try files.session("huge.olsession", entries: [SessionTestFiles.log("one", at: 1)])
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let before = residentBytes()

        // When it is opened
        let error = #expect(throws: DashboardError.self) { try SessionFile.open(url) }

        // Then it is refused by its size, and memory did not grow by anything like the file
        #expect(error?.message.contains("is 1.0 GB: the dashboard opens session files up to 256 MB") == true)
        if let before, let after = residentBytes() { #expect(after - before < 64 << 20) }
    }

    @Test func aLongLineStopsTheReaderAfterTheLimitNotAtTheEndOfTheFile() throws {
        // Given a header followed by 40 MiB of zeros without a newline (a sparse file)
        let files = try SessionTestFiles()
        defer { files.remove() }
        let url = try files.session("zeros.olsession", entries: [])
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 40 << 20)
        try handle.close()

        // When the line reader reads it
        let reading = try FileHandle(forReadingFrom: url)
        defer { try? reading.close() }
        var reader = try SessionLineReader(handle: reading)
        _ = try reader.next()
        #expect(throws: SessionLineReader.Failure.self) { _ = try reader.next() }

        // Then it held at most one line's limit and one chunk, and opening the file says why it refuses
        #expect(reader.peakBufferBytes <= SessionFormat.maxLineBytes + SessionLineReader.chunkSize)
        let error = #expect(throws: DashboardError.self) { try SessionFile.open(url) }
        #expect(
            error?.message.contains("zeros.olsession:2: a line longer than 4.0 MB") == true, "\(error?.message ?? "")")
    }

    @Test func aLongSessionIsReadAChunkAtATime() throws {
        // Given a session of 40 000 log entries (about 4 MB)
        let files = try SessionTestFiles()
        defer { files.remove() }
        let entries = (0..<40_000).map {
            SessionTestFiles.log("line \($0) " + String(repeating: "x", count: 40), at: Double($0))
        }
        let url = try files.session("long.olsession", entries: entries)

        // When it is read line by line
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var reader = try SessionLineReader(handle: handle)
        var lines = 0
        while try reader.next() != nil { lines += 1 }

        // Then every line came through while the buffer never held more than two chunks
        #expect(lines == 40_001)
        #expect(reader.peakBufferBytes <= 2 * SessionLineReader.chunkSize)
        let file = try SessionFile.open(url)
        #expect(file.count == 40_000)
        #expect(try file.entry(at: 39_999) == entries[39_999])
    }

    /// This process's resident set (Linux `/proc/self/statm`), nil elsewhere.
    func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * 4096
    }
}
