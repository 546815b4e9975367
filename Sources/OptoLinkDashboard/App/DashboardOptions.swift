/// The command-line options of `optolink-dash` (phase 1: `--theme`, `--help`; phase 2 adds the rest).
public struct DashboardOptions: Sendable, Hashable {
    /// `--theme NAME|PATH` (default `default`).
    public var theme: String
    /// `--help` / `-h`.
    public var showHelp: Bool

    /// Creates options with defaults.
    public init(theme: String = "default", showHelp: Bool = false) {
        self.theme = theme
        self.showHelp = showHelp
    }

    /// Parses the arguments after the program name.
    /// - Throws: ``DashboardError/usage(_:)`` for an unknown flag or a missing value.
    public static func parse(_ arguments: [String]) throws(DashboardError) -> DashboardOptions {
        var options = DashboardOptions()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "-h", "--help":
                options.showHelp = true
            case "--theme":
                guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") else {
                    throw .usage("--theme needs a theme name or a path to a .theme file")
                }
                options.theme = arguments[index + 1]
                index += 1
            default:
                if argument.hasPrefix("--theme=") {
                    options.theme = String(argument.dropFirst("--theme=".count))
                } else {
                    throw .usage("unknown argument '\(argument)' (see --help)")
                }
            }
            index += 1
        }
        return options
    }

    /// The `--help` text.
    public static let usage = """
    optolink-dash: a terminal dashboard that watches the OptoLink SDK talk to a backend.

    USAGE: optolink-dash [--theme NAME|PATH]

    OPTIONS:
      --theme NAME|PATH  colour theme: a name found in ./themes, $OPTOLINK_THEMES or next to the
                         executable (default, light, high-contrast, mono), or a path to a .theme file.
                         NO_COLOR (non-empty) forces mono. Press t to cycle themes.
      -h, --help         show this help.

    KEYS: press ? in the dashboard for every key; q or Ctrl-C quits.

    EXIT CODES: 0 normal quit, 2 bad arguments, 3 no usable terminal (TERM unset or unknown, not a TTY),
                130 / 143 stopped by SIGINT / SIGTERM (the terminal is restored in every case).

    PHASE 1: the screen shows a documented demo feed; the simulated device and embedded server arrive in phase 2.
    """
}
