import Foundation
import TestSupport
import Testing

@testable import OptoLinkServer

/// Seeded fuzzing of the server's file inputs: seed files and databases.
@Suite("Fuzz: seed files and databases", .quietMachine, .tags(.fuzz))
struct ServerBadInputFuzzTests {
    /// The demo seed as JSON, the base every mutation starts from.
    static let demoSeed: String = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var seed = ServerSeed.demo
        seed.emulations = nil
        return String(decoding: (try? encoder.encode(seed)) ?? Data(), as: UTF8.self)
    }()

    @Test func mutatedSeedFilesLoadOrAreRefusedInOneLineNamingTheFile() throws {
        // Given 300 mutations of the demo seed (fixed seed), written in a scratch folder
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        var input = FuzzInput(seed: 0x5EED_F11E)
        let started = Date()
        var refused = 0
        for round in 0..<300 {
            let text = input.mutate(Self.demoSeed)
            let path = try scratch.write("seed-\(round % 4).json", text)

            let before = try Data(contentsOf: URL(fileURLWithPath: path))

            // When each is loaded
            defer { #expect((try? Data(contentsOf: URL(fileURLWithPath: path))) == before, "the seed changed") }
            do {
                _ = try ServerSeed.load(path: path)
            } catch let error as OptoLinkServerError {
                // Then it loads, or is bad input: one line naming the file, no raw control byte
                refused += 1
                let message = error.description
                #expect(error.isBadInput, "\(message)")
                #expect(message.hasPrefix("seed file \(path)"), "\(message)")
                #expect(!message.contains("\n") && !message.contains("\u{1B}"), "\(message)")
                #expect(message.count < 1_000, "\(message.prefix(200))")
            }
        }
        // And the run stayed within its budget, with most mutations refused
        #expect(refused > 100)
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: scratch.path)).count == 4)
    }

    @Test func garbageDatabasesAreRefusedUnchangedOrOpened() throws {
        // Given 60 files: random bytes, text, truncated and corrupted copies of another program's database
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        var input = FuzzInput(seed: 0xDA7A_BA5E)
        let foreign = try scratch.foreignDatabase(
            "foreign.sqlite",
            "CREATE TABLE photos (id INTEGER PRIMARY KEY, path TEXT); INSERT INTO photos VALUES (1,'a');")
        let foreignBytes = try Data(contentsOf: URL(fileURLWithPath: foreign))
        let started = Date()
        for round in 0..<60 {
            var bytes: [UInt8]
            switch round % 3 {
            case 0: bytes = (0..<input.int(0...8192)).map { _ in UInt8(input.int(0...255)) }
            case 1: bytes = Array(foreignBytes.prefix(input.int(0...foreignBytes.count)))
            default:
                bytes = Array(foreignBytes)
                for _ in 0..<input.int(1...20) { bytes[input.int(0...(bytes.count - 1))] = UInt8(input.int(0...255)) }
            }
            let path = scratch.file("db-\(round).sqlite")
            try Data(bytes).write(to: URL(fileURLWithPath: path))

            // When the store opens it
            do {
                _ = try Store(path: path)
                // Then it opened only an empty file (now ours)
                #expect(bytes.isEmpty, "round \(round): a non-empty file that is not ours was opened")
            } catch {
                // Or it was refused as bad input, one line, the file unchanged
                #expect(error.isBadInput, "round \(round): \(error)")
                #expect(!error.description.contains("\n"))
                #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes), "round \(round) changed")
            }
        }
        #expect(Date().timeIntervalSince(started) < 20)
    }
}
