import DashboardCore
import DashboardScenarios
import Foundation

/// The sessions a headless run records: `--record`'s file, or for `--cast` alone a temporary one the asciicast
/// is made from (and removed after).
///
/// ```swift
/// let code = await HeadlessRunner.run(options: options, recorder: SessionHeadlessRecorder()) { print($0) }
/// ```
package struct SessionHeadlessRecorder: HeadlessRecorder {
    /// Creates the recorder.
    package init() {}

    /// Opens `--record`'s file (or `--cast`'s temporary one) with the settings of `options`; nil for neither.
    /// - Throws: ``DashboardError/export(_:)`` when the file cannot be created.
    package func open(
        options: DashboardOptions, state: DashboardState, now: @escaping @Sendable () -> Double
    ) throws(DashboardError) -> (any HeadlessSession)? {
        let path: String
        if let record = options.recordFile {
            path = record
        } else if options.castFile != nil {
            path =
                FileManager.default.temporaryDirectory
                .appendingPathComponent("optolink-cast-\(UUID().uuidString).olsession").path
        } else {
            return nil
        }
        return try HeadlessSessionFile(
            url: URL(fileURLWithPath: path), settings: SessionSettings(options: options), state: state, now: now,
            cast: options.castFile, keep: options.recordFile != nil)
    }
}
