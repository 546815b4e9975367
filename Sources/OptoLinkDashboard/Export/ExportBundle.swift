import Foundation

/// What `X` and `--export DIR` write into a directory: `requests.har` (HAR 1.2), `report.md` and
/// `screen.svg` (the screen as it is, with the theme's colours).
package enum ExportBundle {
    /// The file names, in the order they are written.
    package static let fileNames = ["requests.har", "report.md", "screen.svg"]

    /// `./optolink-export-<yyyyMMdd-HHmmss>/` under `base` (the current directory by default).
    package static func defaultDirectory(base: String = FileManager.default.currentDirectoryPath, date: Date = Date())
        -> URL
    {
        URL(fileURLWithPath: base).appendingPathComponent("optolink-export-\(timestamp(date))")
    }

    /// `20250602-091403`: the local time in the names of exports and recorded sessions.
    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter.string(from: date)
    }

    /// Writes the three files of `state` (the screen rendered at `size`) into `directory`, creating it.
    /// - Returns: the files written.
    /// - Throws: ``DashboardError/usage(_:)`` when the directory or a file cannot be written.
    @discardableResult
    package static func write(_ state: DashboardState, theme: Theme, size: ScreenSize? = nil, to directory: URL)
        throws(DashboardError) -> [URL]
    {
        let screen = DashboardRenderer.render(state, size: size ?? state.size)
        let contents: [Data] = [
            HARExport.data(state), Data(MarkdownReport.markdown(state).utf8),
            Data(SVGScreenshot.svg(screen, theme: theme).utf8),
        ]
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            var written: [URL] = []
            for (name, data) in zip(fileNames, contents) {
                let url = directory.appendingPathComponent(name)
                try data.write(to: url, options: .atomic)
                written.append(url)
            }
            return written
        } catch {
            throw .usage("cannot write the export to \(directory.path): \(error.localizedDescription)")
        }
    }
}
