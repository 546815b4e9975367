import Foundation
import OptoLinkServer
import OptoLinkToolSupport
import Testing

@testable import DashboardSessions

/// The files written as a stream (a recorded session, an asciicast) keep what the path is: a link a user made
/// is written through, never replaced by a regular file.
@Suite("Streamed outputs write through links")
struct StreamedOutputTests {
    @Test func aSessionRecordedToALinkWritesItsTargetAndKeepsTheLink() throws {
        // Given a link to a file, as `--record link.session` may name one
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target.olsession")
        let link = folder.appendingPathComponent("link.olsession")
        try Data("old".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        // When a session is recorded to the link
        let writer = try SessionWriter(
            url: link, header: SessionHeader(settings: SessionSettings(mode: "simulated", service: "optolink")))
        writer.close()
        // Then the link is still a link, and its target holds the session
        let attributes = try FileManager.default.attributesOfItem(atPath: link.path)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        let written = try String(contentsOf: target, encoding: .utf8)
        #expect(written.contains("\"mode\":\"simulated\"") && !written.hasPrefix("old"), "\(written)")
    }

    @Test func aDirectoryOrAnEmptyPathIsRefusedInWords() {
        #expect(throws: UserFileProblem(path: "''", reason: "an empty path names no file")) {
            try OutputFile.open("")
        }
        #expect(throws: UserFileProblem(path: "/tmp", reason: "is a directory, not a file")) {
            try OutputFile.open("/tmp")
        }
    }
}
