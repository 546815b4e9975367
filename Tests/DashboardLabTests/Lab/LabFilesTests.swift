import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardLab

/// The files `lab` is given are found where a user expects them, and each problem says why in words.
@Suite struct LabFilesTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aFileNamedWithAnExtensionInTheCurrentFolderIsTheLab() throws {
        // Given mylab.txt in the current folder
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("installs = 321\n".utf8).write(to: folder.appendingPathComponent("mylab.txt"))
        var options = LabOptions()
        options.file = "mylab.txt"
        // When `lab mylab.txt` loads it, Then it is that file, not "not found"
        let model = try LabFiles.load(options, currentDirectory: folder.path, executablePath: nil)
        #expect(model.installs == 321)
        // And a bare name is still a lab's name only
        #expect(
            LabFiles.searchPaths(for: "default", currentDirectory: "/w", executablePath: nil) == [
                "/w/labs/default.lab"
            ])
    }

    @Test func aLoopOfLinksSaysSoNotNotFound() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let loop = folder.appendingPathComponent("loop.lab").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: "loop.lab")
        var options = LabOptions()
        options.file = loop
        let error = #expect(throws: DashboardError.self) {
            try LabFiles.load(options, currentDirectory: folder.path, executablePath: nil)
        }
        #expect(error?.message.contains("symbolic links") == true, "\(String(describing: error))")
    }

    @Test func aDirectoryGivenAsRecordedClicksSaysSo() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var loader = ReplayLoader()
        #expect {
            try loader.read(path: folder.path, as: .clicks)
        } throws: { error in
            "\(error)" == "\(folder.path): cannot read the clicks file (is a directory, not a file)"
        }
    }
}
