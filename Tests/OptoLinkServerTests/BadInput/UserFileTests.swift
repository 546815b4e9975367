import Foundation
import OptoLinkToolSupport
import TestSupport
import Testing

@testable import OptoLinkServer

/// Files a user names are read whatever they are, and refused in words when they cannot be.
@Suite("A file a user names: read as a stream, or refused in words")
struct UserFileTests {
    @Test func aDirectoryAMissingFileAndNonUTF8TextSayWhyInWords() throws {
        // Given a directory, a missing path and a file that is not UTF-8
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let binary = scratch.file("binary.lab")
        try Data([0x61, 0x62, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: binary))

        // When each is read as text, then each problem names the file and the reason in words
        for (path, reason) in [
            (scratch.path, "is a directory"), (scratch.file("missing.lab"), "no such file or directory"),
            (binary, "is not UTF-8 text (byte 2 is not)"),
        ] {
            #expect {
                _ = try UserFile.text(path, limit: 1 << 20)
            } throws: { error in
                "\(error)" == "\(path): \(reason)" || "\(error)".hasPrefix("\(path): \(reason)")
            }
        }
    }

    @Test func aFIFOIsReadAsAStreamToItsEnd() throws {
        // Given a named pipe another thread writes a lab line into
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let fifo = scratch.file("lab.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread {
            let descriptor = open(fifo, O_WRONLY)
            _ = "installs = 200\n".withCString { write(descriptor, $0, 15) }
            close(descriptor)
        }
        writer.start()

        // When it is read as text
        let text = try UserFile.text(fifo, limit: 1 << 20)

        // Then the stream's bytes are the text
        #expect(text == "installs = 200\n")
    }

    @Test func aStreamLongerThanTheLimitIsRefusedSayingTheLimit() throws {
        // Given /dev/zero, a stream without an end
        // When it is read with a 1 MiB limit, then it is refused saying the limit rather than filling memory
        #expect {
            _ = try UserFile.read("/dev/zero", limit: 1 << 20)
        } throws: { error in
            "\(error)" == "/dev/zero: is more than the 1048576 bytes read"
        }
    }
}
