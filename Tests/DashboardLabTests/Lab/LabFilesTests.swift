import Foundation
import TestSupport
import Testing

@testable import DashboardCore
@testable import DashboardLab

/// The files `lab` is given are found where a user expects them, and each problem says why in words.
@Suite struct LabFilesTests {
    @Test func aFileNamedWithAnExtensionInTheCurrentFolderIsTheLab() throws {
        // Given mylab.txt in the current folder
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try folder.write("mylab.txt", "installs = 321\n")
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
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let loop = folder.file("loop.lab")
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: "loop.lab")
        var options = LabOptions()
        options.file = loop
        let error = #expect(throws: DashboardError.self) {
            try LabFiles.load(options, currentDirectory: folder.path, executablePath: nil)
        }
        #expect(error?.message.contains("symbolic links") == true, "\(String(describing: error))")
    }

    @Test func aDirectoryGivenAsRecordedClicksSaysSo() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        var loader = ReplayLoader()
        #expect {
            try loader.read(path: folder.path, as: .clicks)
        } throws: { error in
            "\(error)" == "\(folder.path): cannot read the clicks file (is a directory, not a file)"
        }
    }
}
