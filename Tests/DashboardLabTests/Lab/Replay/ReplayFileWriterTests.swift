import Foundation
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
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replay-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aFIFOWithNoReaderIsRefusedAtOnce() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("clicks.csv").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect {
            _ = try ReplayFileWriter(path: fifo)
        } throws: { error in
            "\(error)".contains("no process is reading it")
        }
    }

    @Test func anExportNotFinishedLeavesTheFileAsItWas() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("clicks.csv").path
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
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
