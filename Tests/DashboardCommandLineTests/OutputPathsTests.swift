import Foundation
import Testing

@testable import DashboardCommandLine

/// An output a command line names is never a file it reads, nor another output's file: the line is refused
/// before anything is written.
@Suite("Output paths on a command line")
struct OutputPathsTests {
    static let parser = CommandLineParser(
        program: "tool",
        commands: [
            CommandSpec(
                "convert", summary: "converts", overview: "tool convert",
                positional: PositionalSpec("FILE", noun: "file", help: "the file to read"), footer: "")
        ],
        flags: [
            FlagSpec(["--out"], .path("a file"), value: "FILE", use: .writes, help: "", commands: ["convert"]),
            // An input declared after an output in the table (as lab's --clicks is after --csv)
            FlagSpec(["--data"], .path("a file to read"), value: "FILE", help: "more input", commands: ["convert"]),
            FlagSpec(["--log"], .path("a file"), value: "FILE", use: .writes, help: "", commands: ["convert"]),
            FlagSpec(
                ["--dir"], .path("a folder"), value: "DIR", use: .writesInto(["a.txt", "b.txt"]), help: "",
                commands: ["convert"]),
        ])

    /// A fresh folder with an `in.txt` in it and a link `link.txt` to it.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("outputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("input\n".utf8).write(to: folder.appendingPathComponent("in.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("link.txt").path, withDestinationPath: "in.txt")
        return folder
    }

    static func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try parser.parse(["convert"] + arguments)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func anOutputThatIsAnInputIsRefusedThroughALinkToo() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.txt").path
        let link = folder.appendingPathComponent("link.txt").path
        // Given the file read as the positional or by --data, and an output naming it (or a link to it)
        #expect(
            Self.refusal([input, "--out", link])
                == "--out \(link) is the same file as '\(input)', which this command reads: write to another file "
                + "(nothing was written)")
        #expect(Self.refusal(["--data", input, "--log", input])?.hasPrefix("--log \(input) is the same file") == true)
        // (an output listed before the input in the table too)
        #expect(Self.refusal(["--data", input, "--out", input])?.hasPrefix("--out \(input) is the same file") == true)
        // Then the file is untouched
        #expect(try String(contentsOfFile: input, encoding: .utf8) == "input\n")
    }

    @Test func twoOutputsOnOneFileAreRefusedEvenBeforeItExists() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let new = folder.appendingPathComponent("new.txt").path
        let sameByAnotherName = folder.appendingPathComponent(".").path + "/new.txt"
        #expect(
            Self.refusal(["--out", new, "--log", sameByAnotherName])
                == "--out \(new) and --log \(sameByAnotherName) name one file: give each output a file of its own")
        // And a file a directory output writes counts as that output's (named in the table's order)
        let dir = folder.path
        #expect(
            Self.refusal(["--dir", dir, "--out", dir + "/b.txt"])
                == "--out \(dir)/b.txt and --dir \(dir) (its b.txt) name one file: give each output a file of its own")
    }

    @Test func separateFilesStreamsAndNamesThatAreNoFileAreTaken() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.txt").path
        // Different files, standard output twice, a device twice, and an input that is no file (a name)
        #expect(Self.refusal([input, "--out", folder.path + "/a", "--log", folder.path + "/b"]) == nil)
        #expect(Self.refusal([input, "--out", "-", "--log", "-"]) == nil)
        #expect(Self.refusal(["--out", "/dev/null", "--log", "/dev/null"]) == nil)
        #expect(Self.refusal(["no-such-name", "--out", folder.path + "/no-such-name.txt"]) == nil)
    }
}
