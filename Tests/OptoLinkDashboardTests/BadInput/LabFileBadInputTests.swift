import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardLab

/// Lab files and `--set`: linear parsing, quoted text, streams and directories.
@Suite("Lab files: linear, quoted, read as streams")
struct LabFileBadInputTests {
    /// The lab error `text` gives (nil when it loads).
    static func problem(_ text: String, settings: [String] = []) -> String? {
        do {
            _ = try LabFileParser.load(text: text, file: "x.lab", name: "x", settings: settings)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func aKeyOfOneMebibyteIsRefusedAtOnceSayingTheLineLimit() throws {
        // Given a lab line whose key is 1 MiB long, and one whose key is just under the line limit
        let huge = String(repeating: "k", count: 1 << 20) + " = 5\n"
        let long = String(repeating: "k", count: LabFileParser.maxLineBytes - 10) + " = 5\n"

        // When each is loaded
        let started = ContinuousClock.now
        let hugeMessage = try #require(Self.problem(huge))
        let longMessage = try #require(Self.problem(long))

        // Then both are refused within a second: the first saying the limit, the second the key cut short
        #expect(ContinuousClock.now - started < .seconds(1))
        #expect(hugeMessage == "x.lab:1: a line longer than 65536 bytes; list a long value one entry per indented line")
        #expect(longMessage.hasPrefix("x.lab:1: unknown key 'kkkk"))
        #expect(longMessage.count < 200)
    }

    @Test func fiftyThousandDeviceModelsParseInLinearTime() throws {
        // Given device.models with 50 000 entries of equal share, one per indented line
        let count = 50_000
        var text = "device.models =\n"
        for index in 0..<count { text += "    iPhone\(index),1 0.002%\n" }

        // When it is loaded
        let started = ContinuousClock.now
        let model = try LabFileParser.load(text: text, file: "x.lab", name: "x")

        // Then every entry is read, well within the time a quadratic parse takes (10 000 took 3.9 s, so 50 000
        // about 100 s; linear is about 2 s in a debug build, more on a busy machine)
        #expect(model.models.count == count)
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    @Test func controlBytesInALineAreEscapedInTheError() throws {
        // Given a lab line whose value would clear the terminal, a 4 MiB file of NULs and a line of 4 000
        let clear = try #require(Self.problem("installs = 5\u{1B}[2J\n"))
        let file = try #require(Self.problem(String(repeating: "\u{0}", count: 4 << 20)))
        let nuls = try #require(Self.problem(String(repeating: "\u{0}", count: 4_000)))
        let set = try #require(Self.problem("", settings: ["installs=\u{1B}[2J"]))

        // When the errors are read, then no control byte is in them and the NULs are cut
        for message in [clear, file, nuls, set] {
            #expect(!message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(message)")
        }
        #expect(clear.contains("'5\\e[2J'"))
        #expect(file.count < 200)
        #expect(nuls.count < 600)
        #expect(nuls.contains("…"))
    }

    @Test func aLabFileGivenAsAPipeIsReadAndADirectorySaysSo() throws {
        // Given a lab file behind a FIFO (as `lab <(cat x.lab)` gives one), and a directory
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("lab-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let fifo = scratch + "/x.lab"
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread {
            let descriptor = open(fifo, O_WRONLY)
            _ = "installs = 321\n".withCString { write(descriptor, $0, 15) }
            close(descriptor)
        }
        writer.start()
        var options = LabOptions()
        options.file = fifo

        // When each is loaded
        let model = try LabFiles.load(options, currentDirectory: scratch, executablePath: nil)
        options.file = scratch + "/"
        var directoryProblem: DashboardError?
        do { _ = try LabFiles.load(options, currentDirectory: scratch, executablePath: nil) } catch {
            directoryProblem = error
        }

        // Then the pipe's text is the lab, and the directory is named as one
        #expect(model.installs == 321)
        #expect(directoryProblem?.message.contains("is a directory") == true, "\(String(describing: directoryProblem))")
    }
}
