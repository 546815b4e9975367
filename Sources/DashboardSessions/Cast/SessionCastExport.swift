import DashboardCore
import Foundation
import OptoLinkToolSupport

/// `optolink-dash export SESSION --cast OUT`: a recorded session replayed through the reducer and the renderer
/// (``DashboardRenderer/render(_:size:keymap:)``) at a chosen size, each frame written as an asciicast event
/// (``AsciicastEncoder``) with the session's own timing.
///
/// ```swift
/// let written = try SessionCastExport.export(session: URL(fileURLWithPath: "run.olsession"),
///                                            to: URL(fileURLWithPath: "run.cast"), settings: CastSettings())
/// ```
package enum SessionCastExport {
    /// What an export wrote.
    package struct Written: Sendable, Hashable {
        /// Event lines (frames that changed the screen).
        package var frames: Int
        /// Bytes of the cast, header included.
        package var bytes: Int
        /// The last frame drawn: the screen a player ends on.
        package var last: ScreenBuffer
    }

    /// Writes the cast of the session file at `session` to `output` (created or replaced).
    /// - Throws: ``DashboardError/session(_:)`` when the session cannot be read, ``DashboardError/export(_:)``
    ///   when the cast cannot be written.
    package static func export(
        session: URL, to output: URL, settings: CastSettings, theme: Theme = .builtInDefault
    ) throws(DashboardError) -> Written {
        try export(SessionFile.open(session), to: output, settings: settings, theme: theme)
    }

    /// Writes the cast of the opened session `file` to `output` (created or replaced).
    /// - Throws: ``DashboardError/session(_:)`` when an entry cannot be read again, ``DashboardError/export(_:)``
    ///   when the cast cannot be written.
    package static func export(
        _ file: SessionFile, to output: URL, settings: CastSettings, theme: Theme = .builtInDefault
    ) throws(DashboardError) -> Written {
        let handle = try open(output.path)
        defer { try? handle.close() }
        return try export(file, to: handle, path: output.path, settings: settings, theme: theme)
    }

    /// Opens (creates or empties) the cast's file at `path`, so a command can refuse a cast it cannot write
    /// before it runs.
    /// - Throws: ``DashboardError/export(_:)`` when the file cannot be opened to write.
    package static func open(_ path: String) throws(DashboardError) -> FileHandle {
        do {
            return try OutputFile.open(path)
        } catch {
            throw .export("cannot write the asciicast: \(error)")
        }
    }

    /// Writes the cast of the opened session `file` to `handle`, the file at `path` (named in errors).
    /// - Throws: ``DashboardError/session(_:)`` when an entry cannot be read again, ``DashboardError/export(_:)``
    ///   when the cast cannot be written.
    package static func export(
        _ file: SessionFile, to handle: FileHandle, path: String, settings: CastSettings,
        theme: Theme = .builtInDefault
    ) throws(DashboardError) -> Written {
        var pending = Data()
        var failure: (any Error)?
        let written = try export(file, settings: settings, theme: theme) { line in
            pending.append(contentsOf: line.utf8)
            pending.append(0x0A)
            guard pending.count >= 1 << 16, failure == nil else { return }
            do { try handle.write(contentsOf: pending) } catch { failure = error }
            pending.removeAll(keepingCapacity: true)
        }
        do {
            if let failure { throw failure }
            try handle.write(contentsOf: pending)
        } catch {
            throw .export("\(path): cannot write the asciicast (\(FileReason.words(error)))")
        }
        return written
    }

    /// Replays `file` and hands each line of its cast (the header first) to `write`.
    /// - Throws: ``DashboardError/session(_:)`` when an entry cannot be read again.
    package static func export(
        _ file: SessionFile, settings: CastSettings, theme: Theme = .builtInDefault, write: (String) -> Void
    ) throws(DashboardError) -> Written {
        var cast = AsciicastEncoder(settings: settings)
        let created = ISO8601Text.date(file.header.createdAt) ?? Date(timeIntervalSince1970: 0)
        // The run's scenario (or compare) names it best; a session without one, its file.
        let title = "optolink-dash: " + (file.header.settings.scenario ?? file.url.lastPathComponent)
        let header = cast.header(timestamp: created, title: title)
        write(header)
        var bytes = header.utf8.count + 1
        var state = DashboardState(themeName: theme.name, size: settings.size)
        var last = DashboardRenderer.render(state, size: settings.size)
        for index in 0..<file.count {
            let entry = try file.entry(at: index)
            if let action = entry.action { DashboardReducer.reduce(&state, action) }
            let isLast = index == file.count - 1
            guard isLast || file.times[index + 1] - entry.time >= settings.frameInterval else { continue }
            last = DashboardRenderer.render(state, size: settings.size)
            if let line = cast.frame(last, theme: theme, at: entry.time) {
                write(line)
                bytes += line.utf8.count + 1
            }
        }
        if cast.frames == 0, let line = cast.frame(last, theme: theme, at: 0) {
            write(line)
            bytes += line.utf8.count + 1
        }
        return Written(frames: cast.frames, bytes: bytes, last: last)
    }
}
