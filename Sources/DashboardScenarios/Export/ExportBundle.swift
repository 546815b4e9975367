import DashboardCore
import Foundation
import OptoLinkToolSupport

/// What `X` and `--export DIR` write into a directory: `requests.har` (HAR 1.2), `report.md` and
/// `screen.svg` (the screen as it is, with the theme's colours).
package enum ExportBundle {
    /// The file names, in the order they are written.
    package static let fileNames = DashCommands.exportFileNames

    /// `./optolink-export-<yyyyMMdd-HHmmss>/` under `base` (the current directory by default); a second
    /// export in the same second gets `-2`, then `-3`…, never the first one's folder.
    package static func defaultDirectory(base: String = FileManager.default.currentDirectoryPath, date: Date = Date())
        -> URL
    {
        freshName(in: base, stem: "optolink-export-\(timestamp(date))", suffix: "")
    }

    /// `base/stem + suffix`, or the first of `stem-2 + suffix`, `stem-3 + suffix`… that does not exist yet:
    /// the default names of exports and recordings, made one a second, never reuse one.
    package static func freshName(in base: String, stem: String, suffix: String) -> URL {
        let folder = URL(fileURLWithPath: base)
        var candidate = folder.appendingPathComponent(stem + suffix)
        var number = 2
        while FileManager.default.fileExists(atPath: candidate.path) {
            candidate = folder.appendingPathComponent("\(stem)-\(number)\(suffix)")
            number += 1
        }
        return candidate
    }

    /// `20250602-091403`: the local time in the names of exports and recorded sessions.
    package static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter.string(from: date)
    }

    /// Writes the three files of `state` (the screen rendered at `size`) into `directory`, creating it.
    /// - Returns: the files written.
    /// - Throws: ``DashboardError/export(_:)`` naming the directory or file and why it cannot be written.
    @discardableResult
    package static func write(_ state: DashboardState, theme: Theme, size: ScreenSize? = nil, to directory: URL)
        throws(DashboardError) -> [URL]
    {
        let screen = DashboardRenderer.render(state, size: size ?? state.size)
        let contents: [Data] = [
            HARExport.data(state), Data(MarkdownReport.markdown(state).utf8),
            Data(SVGScreenshot.svg(screen, theme: theme).utf8),
        ]
        try makeDirectory(directory.path)
        var written: [URL] = []
        for (name, data) in zip(fileNames, contents) {
            let url = directory.appendingPathComponent(name)
            do {
                try ExportWriter.write(data, to: url.path)
            } catch {
                throw .export("cannot write the export \(error)")
            }
            written.append(url)
        }
        return written
    }

    /// Creates `path` and the folders above it (`mkdir -p`), saying which one could not be made and why.
    private static func makeDirectory(_ path: String) throws(DashboardError) {
        var made = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            made += "/" + component
            if mkdir(made, 0o755) == 0 || errno == EEXIST {
                guard case .directory = UserFile.kind(of: made) else {
                    throw .export(
                        "cannot write the export to \(UserFileProblem(path: made, reason: "is not a directory"))")
                }
                continue
            }
            throw .export(
                "cannot write the export to \(UserFileProblem(path: made, reason: FileReason.words(errno: errno)))")
        }
    }
}
