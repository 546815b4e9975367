import DashboardCore
import Foundation

/// `optolink-dash export SESSION --cast OUT.cast [--size 120x40] [--speed N] [--idle-limit S] [--theme NAME]`:
/// a recorded session as an asciicast v2 file, for anyone with asciinema or a web player.
///
/// ```swift
/// let code = ExportCommand.run(arguments: ["run.olsession", "--cast", "run.cast"], themes: loader,
///                              out: { print($0) }, err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
/// ```
package enum ExportCommand {
    /// What the arguments ask for.
    package struct Options: Sendable, Hashable {
        /// The session (or HAR) file to export.
        package var session: String
        /// `--cast FILE`: where the asciicast goes.
        package var cast: String
        /// `--size`, `--speed`, `--idle-limit`.
        package var settings = CastSettings()
        /// `--theme NAME|PATH` (default `default`).
        package var theme = "default"
    }

    /// Parses what follows `export` with the table; nil for `--help`.
    /// - Throws: ``DashboardError/usage(_:)`` naming the problem.
    package static func parse(_ arguments: [String]) throws(DashboardError) -> Options? {
        let parsed = try DashCommands.parse(arguments, as: DashCommands.export)
        if parsed.has("--help") { return nil }
        guard let session = parsed.positionals.first else {
            throw .usage("export needs a session file (see optolink-dash export --help)")
        }
        guard let cast = parsed.text("--cast") else { throw .usage("export needs --cast OUT.cast, the file to write") }
        var options = Options(session: session, cast: cast)
        if let text = parsed.text("--size") {
            guard let size = CastSettings.size(parsing: text) else {
                throw .usage("--size must be COLUMNSxROWS (each 1–1000), e.g. 120x40, not '\(text)'")
            }
            options.settings.size = size
        }
        if let speed = parsed.number("--speed") { options.settings.speed = speed }
        if let limit = parsed.number("--idle-limit") { options.settings.idleLimit = limit }
        options.theme = parsed.text("--theme") ?? "default"
        return options
    }

    /// Runs the command.
    /// - Returns: 0 when written, 2 for bad arguments or a file that is not a session (or an entry that cannot be
    ///   read again), 3 when the cast could not be written.
    package static func run(
        arguments: [String], themes: ThemeLoader, out: (String) -> Void, err: (String) -> Void
    ) -> Int32 {
        let options: Options
        do {
            guard let parsed = try parse(arguments) else {
                out(usage)
                return 0
            }
            options = parsed
        } catch {
            err("optolink-dash export: \(error)")
            return 2
        }
        let loaded = themes.load(options.theme)
        for problem in loaded.warnings + [loaded.error?.description].compactMap({ $0 }) {
            err("optolink-dash export: theme: \(problem)")
        }
        let file: SessionFile
        do {
            file = try SessionFile.open(URL(fileURLWithPath: options.session))
        } catch {
            err("optolink-dash export: \(error)")
            return 2
        }
        do {
            let written = try SessionCastExport.export(
                file, to: URL(fileURLWithPath: options.cast), settings: options.settings,
                theme: loaded.theme)
            out(
                "asciicast written to \(options.cast): \(written.frames) frames, "
                    + "\(ByteCountFormatter.string(fromByteCount: Int64(written.bytes), countStyle: .file)), "
                    + "\(options.settings.size.width)x\(options.settings.size.height) "
                    + "(asciinema play \(options.cast) plays it)")
            return 0
        } catch {
            err("optolink-dash export: \(error)")
            return error.exitStatus.rawValue
        }
    }

    /// The `optolink-dash export --help` text, from the table.
    package static var usage: String { DashCommands.usage(DashCommands.export) }
}
