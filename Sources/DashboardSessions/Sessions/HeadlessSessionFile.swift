import DashboardCore
import DashboardScenarios
import Foundation
import OptoLinkToolSupport

/// A session file a run without a screen records (a headless run, `optolink-dash lab --record`), and the
/// asciicast made from it when it closes.
///
/// `@unchecked Sendable` is safe: `recorder` is only touched while `lock` is held; `writer` is thread-safe.
package final class HeadlessSessionFile: HeadlessSession, @unchecked Sendable {
    private let lock = NSLock()
    private var recorder: SessionRecorder?
    /// The recorder's writer, kept past ``close()`` for what it wrote.
    private let writer: SessionWriter
    private let url: URL
    /// The asciicast's path and its file, opened before the run so a cast that cannot be written stops it first.
    private let cast: (path: String, handle: FileHandle)?
    private let keep: Bool

    /// Creates the file at `url` (created or emptied), opened by `state`'s settings.
    /// - Parameters:
    ///   - now: the run's clock (what each recorded tick carries).
    ///   - cast: where to write the asciicast when the session closes; nil for none.
    ///   - keep: false for a temporary session, removed once its asciicast is written.
    /// - Throws: ``DashboardError/export(_:)`` when the file, or the asciicast's, cannot be created.
    package init(
        url: URL, settings: SessionSettings, state: DashboardState, now: @escaping @Sendable () -> Double,
        cast: String? = nil, keep: Bool = true
    ) throws(DashboardError) {
        self.cast = try cast.map { path throws(DashboardError) in (path, try SessionCastExport.open(path)) }
        let recorder: SessionRecorder
        do {
            recorder = try SessionRecorder(
                url: url, settings: settings, state: state, clock: ClosureDashboardClock(now))
        } catch {
            try? self.cast?.handle.close()
            throw error
        }
        self.recorder = recorder
        writer = recorder.writer
        self.url = url
        self.keep = keep
    }

    /// Records `action`, which arrived at `time`.
    package func record(_ action: DashboardAction, at time: Double) {
        lock.lock()
        defer { lock.unlock() }
        recorder?.record(action, at: time)
    }

    /// Writes what is queued and closes the file; its path, nil when it was closed already.
    @discardableResult
    package func close() -> String? {
        lock.lock()
        let recorder = self.recorder
        self.recorder = nil
        lock.unlock()
        recorder?.stop()
        return recorder == nil ? nil : url.path
    }

    /// Why the file does not hold the whole run so far (``SessionWriter/problem``); nil when it does.
    package var problem: String? { writer.problem }

    /// Closes the file, writes the asciicast asked for, and says where each went, as a headless run says it.
    package func finish(write: @Sendable (String) -> Void, errors: @Sendable (String) -> Void) -> Int32 {
        finish(command: "optolink-dash", reopening: "reopens it", write: write, errors: errors)
    }

    /// Closes the file, writes the asciicast asked for, and says where each went (a temporary session is removed).
    /// A session that misses part of the run says so instead of calling itself recorded.
    /// - Parameters:
    ///   - command: what starts each error line (`optolink-dash lab`).
    ///   - reopening: what reopening the session shows, said after `optolink-dash --open PATH`.
    /// - Returns: 0, or the code of what went wrong (``DashboardError/exitStatus``): 3 when the session or the
    ///   asciicast could not be written whole.
    package func finish(
        command: String, reopening: String, write: @Sendable (String) -> Void,
        errors: @Sendable (String) -> Void
    ) -> Int32 {
        guard let path = close() else { return 0 }
        var code = ExitStatus.done.rawValue
        let problem = self.problem
        if let problem {
            errors("\(command): \(problem)")
            code = ExitStatus.exportFailed.rawValue
        }
        if let cast {
            defer { try? cast.handle.close() }
            do {
                let written = try SessionCastExport.export(
                    SessionFile.open(URL(fileURLWithPath: path)), to: cast.handle, path: cast.path,
                    settings: CastSettings())
                write(
                    "asciicast written to \(cast.path) (\(written.frames) frames; asciinema play \(cast.path) plays it)"
                )
            } catch {
                errors("\(command): \(error)")
                code = max(code, error.exitStatus.rawValue)
            }
        }
        if !keep {
            try? FileManager.default.removeItem(atPath: path)
        } else if problem == nil {
            write("session recorded to \(path) (optolink-dash --open \(path) \(reopening))")
        }
        return code
    }
}
