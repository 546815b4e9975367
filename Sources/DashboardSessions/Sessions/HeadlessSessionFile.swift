import DashboardCore
import DashboardScenarios
import Foundation

/// A session file a run without a screen records (a headless run, `optolink-dash lab --record`), and the
/// asciicast made from it when it closes.
///
/// `@unchecked Sendable` is safe: `recorder` is only touched while `lock` is held.
package final class HeadlessSessionFile: HeadlessSession, @unchecked Sendable {
    private let lock = NSLock()
    private var recorder: SessionRecorder?
    private let url: URL
    private let cast: String?
    private let keep: Bool

    /// Creates the file at `url` (created or emptied), opened by `state`'s settings.
    /// - Parameters:
    ///   - now: the run's clock (what each recorded tick carries).
    ///   - cast: where to write the asciicast when the session closes; nil for none.
    ///   - keep: false for a temporary session, removed once its asciicast is written.
    /// - Throws: ``DashboardError/session(_:)`` when the file cannot be created.
    package init(
        url: URL, settings: SessionSettings, state: DashboardState, now: @escaping @Sendable () -> Double,
        cast: String? = nil, keep: Bool = true
    ) throws(DashboardError) {
        recorder = try SessionRecorder(url: url, settings: settings, state: state, clock: ClosureDashboardClock(now))
        self.url = url
        self.cast = cast
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

    /// Closes the file, writes the asciicast asked for, and says where each went (a temporary session is removed).
    /// - Returns: 0, or 2 when the asciicast could not be written.
    package func finish(write: @Sendable (String) -> Void, errors: @Sendable (String) -> Void) -> Int32 {
        guard let path = close() else { return 0 }
        var code: Int32 = 0
        if let cast {
            do {
                let written = try SessionCastExport.export(
                    session: URL(fileURLWithPath: path), to: URL(fileURLWithPath: cast), settings: CastSettings())
                write("asciicast written to \(cast) (\(written.frames) frames; asciinema play \(cast) plays it)")
            } catch {
                errors("optolink-dash: \(error)")
                code = 2
            }
        }
        if keep {
            write("session recorded to \(path) (optolink-dash --open \(path) reopens it)")
        } else {
            try? FileManager.default.removeItem(atPath: path)
        }
        return code
    }
}
