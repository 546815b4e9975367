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

    /// Parses what follows `export`; nil for `--help`.
    /// - Throws: ``DashboardError/usage(_:)`` naming the problem.
    package static func parse(_ arguments: [String]) throws(DashboardError) -> Options? {
        var session: String?
        var cast: String?
        var settings = CastSettings()
        var theme = "default"
        var reader = ArgumentReader(arguments)
        while let flag = reader.next() {
            switch flag {
            case "-h", "--help":
                return nil
            case "--cast":
                cast = try reader.value(flag, "a file to write the asciicast (.cast) to")
            case "--size":
                let text = try reader.value(flag, "COLUMNSxROWS, e.g. 120x40")
                guard let size = CastSettings.size(parsing: text) else {
                    throw .usage("--size must be COLUMNSxROWS (each 1–1000), e.g. 120x40, not '\(text)'")
                }
                settings.size = size
            case "--speed":
                let text = try reader.value(flag, "a factor such as 2")
                guard let speed = Double(text), speed.isFinite, speed >= 0.01, speed <= 1000 else {
                    throw .usage("--speed must be a number in [0.01, 1000], not '\(text)'")
                }
                settings.speed = speed
            case "--idle-limit":
                let text = try reader.value(flag, "a number of seconds")
                guard let limit = Double(text), limit.isFinite, limit > 0, limit <= 86_400 else {
                    throw .usage("--idle-limit must be a number of seconds in (0, 86400], not '\(text)'")
                }
                settings.idleLimit = limit
            case "--theme":
                theme = try reader.value(flag, "a theme name or a path to a .theme file")
            default:
                guard !flag.hasPrefix("-") else {
                    throw .usage("unknown argument '\(reader.current)' (see optolink-dash export --help)")
                }
                guard session == nil else { throw .usage("one session at a time: '\(session!)' and '\(flag)'") }
                session = reader.current
            }
        }
        guard let session else { throw .usage("export needs a session file (see optolink-dash export --help)") }
        guard let cast else { throw .usage("export needs --cast OUT.cast, the file to write") }
        var options = Options(session: session, cast: cast)
        options.settings = settings
        options.theme = theme
        return options
    }

    /// Runs the command.
    /// - Returns: 0 when written, 2 for bad arguments or a file that is not a session, 3 when the cast could not
    ///   be written.
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
            return 3
        }
    }

    /// The `optolink-dash export --help` text.
    package static let usage = """
        optolink-dash export: a recorded session as an asciicast v2 file (asciinema's format).

        USAGE: optolink-dash export SESSION --cast OUT.cast [--size 120x40] [--speed N] [--idle-limit S]
                                    [--theme NAME|PATH]

        The session (optolink-dash --record, W, or a headless run's --record) is replayed and drawn as the
        dashboard draws it, colours included, with its recorded timing. asciinema play OUT.cast plays it, and
        so does any asciicast web player: share a run with someone who has no Swift.

        OPTIONS:
          SESSION               a session file (.olsession) or a HAR file
          --cast FILE           the asciicast to write (created or replaced)
          --size COLSxROWS      the terminal size it is drawn at (default 120x40: every pane visible)
          --speed N             play N times faster than recorded (default 1)
          --idle-limit S        the longest pause kept, in seconds, before --speed (default 2)
          --theme NAME|PATH     the colour theme (default default; mono for no colour)
          -h, --help            show this help

        EXIT CODES: 0 written, 2 bad arguments or not a session file, 3 the asciicast could not be written.
        """
}
