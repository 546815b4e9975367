import DashboardScenarios
import DashboardSessions
import Foundation

/// Temporary session files for the session tests, removed by ``remove()``.
package final class SessionTestFiles {
    package let directory: URL

    package init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "optolink-sessions-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    package func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// Writes `text` to `name` and returns its URL.
    package func write(_ name: String, _ text: String) throws -> URL {
        let url = url(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// A header line and `entries`, each line ended by `\n`, as the writer writes them.
    package func session(_ name: String, version: Int = SessionFormat.version, entries: [SessionEntry]) throws -> URL {
        let codec = SessionLineCodec()
        var header = SessionHeader(settings: SessionSettings(mode: "simulated", service: "optolink"))
        header.version = version
        var data = try codec.line(header)
        for entry in entries { data.append(try codec.line(entry)) }
        let url = url(name)
        try data.write(to: url)
        return url
    }

    package func remove() { try? FileManager.default.removeItem(at: directory) }

    /// A log entry at `time`.
    package static func log(_ text: String, at time: Double) -> SessionEntry {
        SessionEntry(
            time: time, wall: Date(timeIntervalSince1970: 1_700_000_000 + time), action: .log(.info, text))
    }

    /// A tick at `time`.
    package static func tick(_ time: Double) -> SessionEntry {
        SessionEntry(time: time, wall: Date(timeIntervalSince1970: 1_700_000_000 + time), action: .tick(now: time))
    }
}

extension SessionTestFiles {
    /// A headless run on `clock` recording to the session file `name` here (a simulated OptoLink run's settings).
    package func headlessRecording(_ name: String, clock: SessionTestClock) throws -> (
        run: HeadlessRecording, file: HeadlessSessionFile
    ) {
        let run = HeadlessRecording(now: { clock.now() })
        let file = try HeadlessSessionFile(
            url: url(name), settings: SessionSettings(mode: "simulated", service: "optolink"), state: run.state,
            now: { clock.now() })
        run.record(to: file)
        return (run, file)
    }
}
