import DashboardCommandLine
import Foundation

extension DashCommands {
    /// `optolink-dash export`.
    static let exportCommand = CommandSpec(
        export,
        summary: """
            a recorded session as an asciicast: optolink-dash export SESSION --cast OUT.cast
            [--size 120x40] [--speed N] [--idle-limit S] [--theme NAME|PATH]
            """,
        overview: """
            optolink-dash export: a recorded session as an asciicast v2 file (asciinema's format).

            USAGE: optolink-dash export SESSION --cast OUT.cast [--size 120x40] [--speed N] [--idle-limit S]
                                        [--theme NAME|PATH]

            The session (optolink-dash --record, W, or a headless run's --record) is replayed and drawn as the
            dashboard draws it, colours included, with its recorded timing. asciinema play OUT.cast plays it, and
            so does any asciicast web player: share a run with someone who has no Swift.
            """,
        positional: PositionalSpec("SESSION", noun: "session", help: "a session file (.olsession) or a HAR file"),
        footer: "EXIT CODES: 0 written, 2 bad arguments or not a session file, 3 the asciicast could not be written.",
        column: 22)

    /// The flags of `export`.
    static let exportFlags: [FlagSpec] = [
        FlagSpec(
            ["--cast"], .path("a file to write the asciicast (.cast) to"), value: "FILE", use: .writes,
            help: "the asciicast to write (created or replaced)", commands: [export]),
        FlagSpec(
            ["--size"], .string("COLUMNSxROWS, e.g. 120x40"), value: "COLSxROWS",
            help: "the terminal size it is drawn at (default 120x40: every pane visible)", commands: [export]),
        FlagSpec(
            ["--speed"], .number("a number", NumberRange(from: 0.01, through: 1000)), value: "N",
            help: "play N times faster than recorded (default 1)", commands: [export]),
        FlagSpec(
            ["--idle-limit"], .number("a number of seconds", NumberRange(above: 0, upTo: 86_400)), value: "S",
            help: "the longest pause kept, in seconds, before --speed (default 2)", commands: [export]),
        FlagSpec(
            ["--theme"], .string("a theme name or a path to a .theme file"), value: "NAME|PATH",
            help: "the colour theme (default default; mono for no colour)", commands: [export]),
    ]
}
