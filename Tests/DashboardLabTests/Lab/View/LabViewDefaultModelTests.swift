import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardLab

@Suite("Lab view: which lab L runs")
struct LabViewDefaultModelTests {
    /// A fresh folder, with `labs/default.lab` holding `text` when given.
    static func folder(defaultLab text: String?) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("labview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("labs"), withIntermediateDirectories: true)
        if let text {
            try Data(text.utf8).write(to: folder.appendingPathComponent("labs/default.lab"))
        }
        return folder
    }

    @Test func labsDefaultLabInTheCurrentFolderIsTheLabRun() throws {
        // Given a folder whose labs/default.lab sets 1 234 installs
        let folder = try Self.folder(defaultLab: "installs = 1234\nnetwork.cellular = 75%\n")
        defer { try? FileManager.default.removeItem(at: folder) }

        // When L reads the lab
        let model = try LabViewRunner.defaultModel(currentDirectory: folder.path)

        // Then it is that file's lab
        #expect(model.installs == 1_234)
        #expect(model.cellularShare == 0.75)
        #expect(model.name == "default")
    }

    @Test func withoutAFileTheBuiltInDefaultsRun() throws {
        // Given a folder with no labs/default.lab
        let folder = try Self.folder(defaultLab: nil)
        defer { try? FileManager.default.removeItem(at: folder) }

        // When L reads the lab
        let model = try LabViewRunner.defaultModel(currentDirectory: folder.path)

        // Then it is the built-in defaults
        #expect(model == LabModel())
    }

    @Test func aFIFOInPlaceOfTheFileIsRefusedWithoutWaitingForAWriter() throws {
        // Given labs/default.lab as a named pipe nobody writes to
        let folder = try Self.folder(defaultLab: nil)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("labs"), withIntermediateDirectories: true)
        let fifo = folder.appendingPathComponent("labs/default.lab").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // When L reads the lab, Then it says what the file is at once (the screen would otherwise freeze)
        let error = #expect(throws: DashboardError.self) {
            try LabViewRunner.defaultModel(currentDirectory: folder.path)
        }
        #expect(error?.message.contains("is a pipe or a device, not a file") == true, "\(String(describing: error))")
    }

    @Test func aBadFileIsAnErrorNamingItsLine() throws {
        // Given a labs/default.lab with a misspelt key on line 2
        let folder = try Self.folder(defaultLab: "installs = 100\ndelay.medain = 5m\n")
        defer { try? FileManager.default.removeItem(at: folder) }

        // When L reads the lab
        // Then the error names the file, the line and the key
        let error = #expect(throws: DashboardError.self) {
            try LabViewRunner.defaultModel(currentDirectory: folder.path)
        }
        #expect(error?.message.contains("default.lab:2") == true)
        #expect(error?.message.contains("delay.medain") == true)
    }
}
