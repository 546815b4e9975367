import DashboardCore
import Foundation
import OptoLinkToolSupport

/// Writes the live dashboard's frames to an asciicast file as they are drawn (`--cast FILE`): what the terminal
/// showed, in the theme it was drawn in, at the times it was drawn.
///
/// ```swift
/// let cast = try CastRecorder(url: URL(fileURLWithPath: "demo.cast"), size: terminal.size())
/// cast.frame(buffer, theme: theme, at: clock.now())   // after every draw
/// cast.close()
/// ```
package final class CastRecorder {
    /// The file written.
    package let url: URL
    private let handle: FileHandle
    private var encoder: AsciicastEncoder
    private var failed = false

    /// Creates (or empties) the file at `url` and writes the header for a terminal of `size`.
    /// - Throws: ``DashboardError/export(_:)`` when the file cannot be created or written.
    package init(url: URL, size: ScreenSize, settings: CastSettings = CastSettings(), now: Date = Date())
        throws(DashboardError)
    {
        var settings = settings
        settings.size = size
        self.url = url
        encoder = AsciicastEncoder(settings: settings)
        let handle = try SessionCastExport.open(url.path)
        self.handle = handle
        do {
            try handle.write(contentsOf: Data((encoder.header(timestamp: now, title: "optolink-dash") + "\n").utf8))
        } catch {
            try? handle.close()
            throw .export("\(url.path): cannot write the asciicast (\(FileReason.words(error)))")
        }
    }

    /// Frames written so far.
    package var frames: Int { encoder.frames }

    /// Appends the frame `buffer` drawn with `theme` at clock time `time` (nothing when it did not change; after
    /// a write error nothing more is written).
    package func frame(_ buffer: ScreenBuffer, theme: Theme, at time: Double) {
        guard !failed, let line = encoder.frame(buffer, theme: theme, at: time) else { return }
        do {
            try handle.write(contentsOf: Data((line + "\n").utf8))
        } catch {
            failed = true
        }
    }

    /// Closes the file.
    package func close() { try? handle.close() }
}
