import DashboardTestSupport
import Foundation
import Testing

@testable import DashboardSessions

/// `--open` of a session given as a pipe or FIFO, and of a directory.
@Suite("Sessions given as a pipe open; a directory says so")
struct SessionStreamTests {
    @Test func aSessionBehindAFIFOOpensWithItsEntries() throws {
        // Given a session of two log lines, served through a FIFO (as `--open <(cat s.olsession)` gives one)
        let files = try SessionTestFiles()
        defer { files.remove() }
        let session = try files.session(
            "s.olsession", entries: [SessionTestFiles.log("one", at: 1), SessionTestFiles.log("two", at: 2)])
        let bytes = try Data(contentsOf: session)
        let fifo = files.url("s.fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let writer = Thread {
            let descriptor = open(fifo.path, O_WRONLY)
            bytes.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        writer.start()

        // When it is opened
        let file = try SessionFile.open(fifo)

        // Then both entries are there, read from the stream (no "Illegal seek")
        #expect(file.count == 2)
        if case .log(_, let text) = try file.entry(at: 1).action { #expect(text == "two") } else { Issue.record() }
    }

    @Test func aDirectoryIsNamedAsOne() throws {
        // Given a directory, when it is opened, then the one line says it is a directory
        let files = try SessionTestFiles()
        defer { files.remove() }
        #expect {
            _ = try SessionFile.open(files.directory)
        } throws: { error in
            "\(error)" == "\(files.directory.path) is a directory, not a session file"
        }
    }
}
