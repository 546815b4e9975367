import Foundation
import TestSupport
import Testing

@testable import OptoLinkServer

/// The server writes only to databases of its own (`PRAGMA application_id`), refusing another program's unchanged.
@Suite("A database that is not the server's is refused unchanged")
struct DatabaseMarkTests {
    @Test func anotherProgramsDatabaseIsRefusedNamingItsTablesAndLeftUnchanged() throws {
        // Given another program's SQLite file with tables notes and tags
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let path = try scratch.foreignDatabase(
            "other.sqlite",
            "CREATE TABLE notes (id INTEGER, body TEXT); CREATE TABLE tags (name TEXT);"
                + "INSERT INTO notes VALUES (1, 'keep me');")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        // When the server's store is opened on it
        var refusal: OptoLinkServerError?
        do { _ = try Store(path: path) } catch { refusal = error }

        // Then it is refused as bad input, saying whose it looks like, and not one byte changed (no -wal either)
        let error = try #require(refusal)
        #expect(error.isBadInput)
        #expect(error.description.contains("an SQLite database with tables notes, tags, not optolink-server's"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func aDatabaseMarkedByAnotherApplicationIsRefused() throws {
        // Given a database whose application_id is another program's
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let path = try scratch.foreignDatabase("marked.sqlite", "PRAGMA application_id = 1179603524;")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        // When the store opens it, then it is refused naming the mark, unchanged
        #expect {
            _ = try Store(path: path)
        } throws: { error in
            (error as? OptoLinkServerError)?.isBadInput == true && "\(error)".contains("application_id 0x464F5244")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aNewOrEmptyFileOpensAndIsMarked() throws {
        // Given no file, and an empty file
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let empty = try scratch.write("empty.sqlite", "")

        // When the store opens each
        for path in [scratch.file("new.sqlite"), empty] {
            _ = try Store(path: path)

            // Then each is the server's, marked
            #expect(ScratchFolder.applicationID(path) == DatabaseMark.applicationID)
        }
    }

    @Test func aDatabaseOfOursWrittenBeforeTheMarkOpensAndIsMarked() throws {
        // Given a database the server wrote, its mark removed (as a server before the mark left it)
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let path = scratch.file("old.sqlite")
        do {
            let store = try Store(path: path)
            try store.apply(.demo, now: Date())
        }
        try scratch.foreignDatabase("old.sqlite", "PRAGMA application_id = 0;")
        #expect(ScratchFolder.applicationID(path) == 0)

        // When the store opens it again
        let store = try Store(path: path)

        // Then it opens with its demo data intact and is marked
        #expect(try !store.keys(prefix: "opl_sdk_demo_cli").isEmpty)
        #expect(ScratchFolder.applicationID(path) == DatabaseMark.applicationID)
    }

    @Test func aTextFileIsNotAnSQLiteDatabaseAndIsLeftAlone() throws {
        // Given a text file given as the database
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let path = try scratch.write("notes.txt", String(repeating: "my notes, keep them\n", count: 300))

        // When the store opens it, then it says so as bad input and the text is unchanged
        #expect {
            _ = try Store(path: path)
        } throws: { error in
            (error as? OptoLinkServerError)?.isBadInput == true && "\(error)".contains("is not an SQLite database")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("my notes, keep them"))
    }
}
