import DashboardCommandLine

extension DashCommands {
    /// `open`: a recorded session (or a HAR file) in the dashboard's panes, offline; the same run as `--open FILE`.
    static let openCommand = CommandSpec(
        open,
        summary: """
            a recorded session in the dashboard, offline: optolink-dash open SESSION
            [--theme NAME|PATH] [--no-mouse] (the same as --open FILE)
            """,
        overview: """
            optolink-dash open: a recorded session (or a HAR file) in the dashboard's panes, offline.

            USAGE: optolink-dash open SESSION [--theme NAME|PATH] [--no-mouse]

            No server and no device: the same panes as the run that was recorded; X exports, [ ] step through it,
            > plays it (1×, 4×, 16×, 64×; from the end it starts over), < slows and pauses. A HAR 1.2 file (the
            dashboard's export, Safari's or Chrome's) opens in the request panes. The same as optolink-dash --open.
            """,
        positional: PositionalSpec("SESSION", noun: "session", help: "a session file (.olsession) or a HAR file"),
        footer: """
            EXIT CODES: 0 normal quit, 2 bad arguments or a file that is not a session (not one, of a newer
                        format, with a bad line, or over 256 MB: one line on stderr), 3 no usable terminal.
            """)
}
