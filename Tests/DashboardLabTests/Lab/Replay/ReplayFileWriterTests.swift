import Foundation
import TestSupport
import Testing

@testable import DashboardCore
@testable import DashboardLab

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--export-clicks` / `--export-opens` follow the export rules: a FIFO nobody reads is refused at once, and an
/// export that is not finished leaves the file as it was.
@Suite struct ReplayFileWriterTests {
    @Test func aFIFOWithNoReaderIsRefusedAtOnce() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let fifo = folder.file("clicks.csv")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect {
            _ = try ReplayFileWriter(path: fifo)
        } throws: { error in
            "\(error)".contains("no process is reading it")
        }
    }

    @Test func anExportNotFinishedLeavesTheFileAsItWas() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try folder.write("clicks.csv", "old\n")
        // Given an export that wrote more than a buffer's worth and was then dropped unfinished
        do {
            let writer = try ReplayFileWriter(path: path)
            try writer.write(String(repeating: "x,y\n", count: 400_000))
        }
        // Then the file is the old one, and no temporary file is left beside it
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["clicks.csv"])
        // And one closed is whole
        let writer = try ReplayFileWriter(path: path)
        try writer.write("new\n")
        try writer.close()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
    }
}
