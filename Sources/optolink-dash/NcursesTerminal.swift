import CNcurses
import Foundation
import OptoLinkDashboard

/// The ncurses backend: blits a ``ScreenBuffer`` (only changed cells) and reads keys.
///
/// Opened with `newterm` (so an unset or unknown `TERM` is an error, not an exit inside ncurses), raw mode
/// (Ctrl-C arrives as a key), `set_escdelay(25)`, default colours, one colour pair per ``StyleRole``.
final class NcursesTerminal: DashboardTerminal {
    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private var previous: ScreenBuffer?
    private var previousTheme: Theme?
    private var pairs: [StyleRole: Int32] = [:]
    let depth: ColorDepth
    private var closed = false

    /// Opens the terminal on stdin/stdout.
    /// - Throws: ``DashboardError/terminal(_:)`` when stdin/stdout is not a terminal or `TERM` is unusable.
    init(environment: [String: String]) throws(DashboardError) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw .terminal("optolink-dash needs an interactive terminal (stdin and stdout must be a TTY)")
        }
        guard let term = environment["TERM"], !term.isEmpty else {
            throw .terminal("TERM is not set: set it to your terminal type (for example TERM=xterm-256color)")
        }
        guard let screen = cn_newterm_stdio() else {
            throw .terminal("TERM='\(term)' is not a terminal type ncurses knows (try TERM=xterm-256color)")
        }
        self.screen = screen
        set_term(screen)
        guard let window = cn_stdscr() else {
            endwin()
            delscreen(screen)
            throw .terminal("ncurses did not create a screen for TERM='\(term)'")
        }
        self.window = window
        raw()
        noecho()
        keypad(window, true)
        set_escdelay(25)
        curs_set(0)
        var depth = ColorDepth.mono
        if has_colors() {
            start_color()
            use_default_colors()
            depth = ColorDepth.detect(colors: Int(cn_colors()), noColor: environment["NO_COLOR"])
        }
        self.depth = depth
    }

    /// Restores the terminal (idempotent).
    func close() {
        guard !closed else { return }
        closed = true
        endwin()
        delscreen(screen)
    }

    func size() -> ScreenSize {
        ScreenSize(width: Int(getmaxx(window)), height: Int(getmaxy(window)))
    }

    func readKey(timeout: Double?) -> Key? {
        wtimeout(window, timeout.map { Int32(max(0, $0) * 1000) } ?? -1)
        var value: UInt32 = 0
        let result = cn_get_wch(window, &value)
        if result == cn_key_code_yes() {
            switch Int32(value) {
            case KEY_UP: return .up
            case KEY_DOWN: return .down
            case KEY_LEFT: return .left
            case KEY_RIGHT: return .right
            case KEY_PPAGE: return .pageUp
            case KEY_NPAGE: return .pageDown
            case KEY_BACKSPACE: return .backspace
            case KEY_ENTER: return .enter
            case cn_key_btab(): return .backTab
            default: return nil   // KEY_RESIZE and others: the loop re-reads the size
            }
        }
        guard result == OK else { return nil }
        switch value {
        case 3: return .ctrlC
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        default:
            guard value >= 32, let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }

    func draw(_ buffer: ScreenBuffer, theme: Theme) {
        let full = previous == nil || previous?.width != buffer.width || previous?.height != buffer.height || previousTheme != theme
        if previousTheme != theme { definePairs(theme) }
        if full { werase(window) }
        let mono = theme.isMono || depth == .mono
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let cell = buffer[x, y]
                if !full, let previous, previous[x, y] == cell { continue }
                // The bottom-right cell would scroll the screen on some terminals: skip it.
                if x == buffer.width - 1 && y == buffer.height - 1 { continue }
                var attrs = cn_a_normal()
                let monoAttributes = cell.role.monoAttributes
                if cell.bold || (mono && monoAttributes.bold) { attrs |= cn_a_bold() }
                if cell.reverse || (mono && monoAttributes.reverse) { attrs |= cn_a_reverse() }
                if mono && monoAttributes.underline { attrs |= cn_a_underline() }
                _ = cn_set_attr(window, attrs, mono ? 0 : pairs[cell.role] ?? 0)
                var wide = cell.character.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
                wide.append(0)
                _ = cn_put_wide(window, Int32(y), Int32(x), wide, Int32(wide.count - 1))
            }
        }
        _ = cn_set_attr(window, cn_a_normal(), 0)
        wrefresh(window)
        previous = buffer
        previousTheme = theme
    }

    private func definePairs(_ theme: Theme) {
        pairs = [:]
        guard depth != .mono, !theme.isMono else { return }
        let background = ColorMapper.map(theme[.mainBg], to: depth)
        _ = assume_default_colors(-1, Int32(background))
        for role in StyleRole.allCases {
            let colors = theme.colors(for: role)
            let pair = Int32(role.rawValue + 1)
            guard pair < cn_color_pairs() else { continue }
            _ = cn_init_pair(pair, Int32(ColorMapper.map(colors.foreground, to: depth)),
                             Int32(ColorMapper.map(colors.background, to: depth)))
            pairs[role] = pair
        }
    }
}
