import Foundation
import OptoLinkServer
import Testing

@testable import DashboardCore
@testable import DashboardScenarios

/// Exports never replace what the path is: links, FIFOs and devices are written through, directories refused.
@Suite("Exports write through links, FIFOs and devices, never replace them")
struct ExportWriterTests {
    let scratch: String

    init() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    }

    /// What `lstat` says `path` is (S_IFLNK, S_IFREG…).
    func type(_ path: String) -> mode_t {
        var info = stat()
        lstat(path, &info)
        return info.st_mode & S_IFMT
    }

    @Test func theDefaultNamesOfTwoExportsInOneSecondDiffer() throws {
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        // Given the first export of a second, made
        let first = ExportBundle.defaultDirectory(base: scratch, date: date)
        try FileManager.default.createDirectory(at: first, withIntermediateDirectories: true)
        // Then the next in that second gets -2, and a recording beside it -2 as well
        let second = ExportBundle.defaultDirectory(base: scratch, date: date)
        #expect(second.lastPathComponent == first.lastPathComponent + "-2")
        let stem = "optolink-session-\(ExportBundle.timestamp(date))"
        try Data().write(to: URL(fileURLWithPath: scratch + "/" + stem + ".olsession"))
        #expect(
            ExportBundle.freshName(in: scratch, stem: stem, suffix: ".olsession").lastPathComponent
                == stem + "-2.olsession")
    }

    @Test func aSymbolicLinkIsWrittenThroughAndStaysALink() throws {
        // Given a link to a file
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let target = scratch + "/target.csv"
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        let link = scratch + "/link.csv"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)

        // When the export is written to the link
        try ExportWriter.write(Data("new".utf8), to: link)

        // Then the link is still a link and its target holds the export
        #expect(type(link) == S_IFLNK)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
    }

    @Test func aFIFOIsWrittenThroughToItsReaderAndOneWithoutAReaderIsRefusedAtOnce() throws {
        // Given a FIFO with a reader (its end opened without waiting for a writer, so no thread is needed)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let fifo = scratch + "/out.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)

        // When the export is written to it
        try ExportWriter.write(Data("a,b\n".utf8), to: fifo)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(reader, &buffer, 64)
        close(reader)
        let received = Array(buffer.prefix(max(0, count)))

        // Then the reader got the bytes and the FIFO is still a FIFO
        #expect(received == Array("a,b\n".utf8))
        #expect(type(fifo) == S_IFIFO)

        // And with no reader, the write is refused at once in words
        #expect {
            try ExportWriter.write(Data("x".utf8), to: fifo)
        } throws: { error in
            "\(error)" == "\(fifo): no process is reading it"
        }
    }

    @Test func aDirectoryIsRefusedAndADeviceIsWrittenThroughNotReplaced() throws {
        // Given a directory, and /dev/full (a device that is always full)
        defer { try? FileManager.default.removeItem(atPath: scratch) }

        // When an export is written to each
        // Then the directory is refused, and the device's failure says "disk full", the node still a device
        #expect {
            try ExportWriter.write(Data("x".utf8), to: scratch)
        } throws: { error in
            "\(error)" == "\(scratch): is a directory, not a file"
        }
        if FileManager.default.fileExists(atPath: "/dev/full") {
            #expect {
                try ExportWriter.write(Data("x".utf8), to: "/dev/full")
            } throws: { error in
                "\(error)" == "/dev/full: disk full"
            }
            #expect(type("/dev/full") == S_IFCHR)
        }
    }

    @Test func dashMeansStandardOutput() throws {
        // Given a pipe standing for stdout
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }

        // When the export is written to "-"
        try ExportWriter.write(Data("csv\n".utf8), to: "-", standardOutput: ends[1])
        close(ends[1])

        // Then the bytes come out of the pipe, and no file named "-" exists
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = read(ends[0], &buffer, 16)
        #expect(Array(buffer.prefix(count)) == Array("csv\n".utf8))
        #expect(!FileManager.default.fileExists(atPath: "-"))
    }

    @Test func aRegularFileIsReplacedWholeAndAMissingFolderIsNamed() throws {
        // Given an existing export, and a path in a folder that does not exist
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let file = scratch + "/runs.csv"
        try Data("old, longer content".utf8).write(to: URL(fileURLWithPath: file))

        // When exports are written to each
        try ExportWriter.write(Data("new".utf8), to: file)

        // Then the file holds exactly the new export, no temporary file is left, and the folder is named
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch) == ["runs.csv"])
        #expect {
            try ExportWriter.write(Data("x".utf8), to: scratch + "/missing/runs.csv")
        } throws: { error in
            "\(error)" == "\(scratch)/missing/runs.csv: its folder does not exist"
        }
    }

    @Test func anExportBundleOntoAFileNamesItAndTheReason() throws {
        // Given a file where the export directory should go
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let file = scratch + "/not-a-dir"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))

        // When the bundle is written there, then the error is an export error naming the file and why
        #expect {
            try ExportBundle.write(DashboardState(), theme: .builtInDefault, to: URL(fileURLWithPath: file))
        } throws: { error in
            (error as? DashboardError)?.isExport == true && "\(error)".contains("\(file): is not a directory")
        }
    }
}
