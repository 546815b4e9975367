import CNcurses
import DashboardCore
import Foundation

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
    /// Wakes ``readKey(timeout:)`` from other threads (the inbox calls ``WakePipe/signal()``).
    let wake: WakePipe?

    /// Opens the terminal on stdin/stdout.
    /// - Throws: ``DashboardError/terminal(_:)`` when stdin/stdout is not a terminal or `TERM` is unusable.
    /// - Parameter mouse: report clicks and the wheel (`--no-mouse` turns it off).
    init(environment: [String: String], mouse: Bool = true) throws(DashboardError) {
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
        self.wake = WakePipe()
        if mouse { _ = cn_enable_mouse() }
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

    /// Returns a key ncurses already holds at once; otherwise sleeps in `poll` on stdin and the wake pipe
    /// (no busy loop) until a key, a wake-up, a signal (resize, stop) or the timeout.
    func readKey(timeout: Double?) -> Key? {
        switch nextKey(waitMilliseconds: 0) {
        case .key(let key): return key
        case .resize: return nil
        case .none: break
        }
        var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)]
        if let wake { fds.append(pollfd(fd: wake.readDescriptor, events: Int16(POLLIN), revents: 0)) }
        let milliseconds = timeout.map { Int32(min(max(0, $0), 86_400) * 1000) } ?? -1
        let ready = poll(&fds, nfds_t(fds.count), milliseconds)
        guard ready > 0 else { return nil }  // timeout, or EINTR (SIGWINCH, stop signals): the loop looks again
        if fds.count > 1, fds[1].revents != 0 { wake?.drain() }
        guard fds[0].revents != 0 else { return nil }
        if case .key(let key) = nextKey(waitMilliseconds: 25) { return key }
        return nil
    }

    private enum ReadOutcome {
        case key(Key)
        case resize, none
    }

    private func nextKey(waitMilliseconds: Int32) -> ReadOutcome {
        wtimeout(window, waitMilliseconds)
        var value: UInt32 = 0
        let result = cn_get_wch(window, &value)
        if result == cn_key_code_yes() {
            switch Int32(value) {
            case KEY_UP: return .key(.up)
            case KEY_DOWN: return .key(.down)
            case KEY_LEFT: return .key(.left)
            case KEY_RIGHT: return .key(.right)
            case KEY_PPAGE: return .key(.pageUp)
            case KEY_NPAGE: return .key(.pageDown)
            case KEY_BACKSPACE: return .key(.backspace)
            case KEY_ENTER: return .key(.enter)
            case cn_key_btab(): return .key(.backTab)
            case cn_key_resize(): return .resize
            case cn_key_mouse():
                var x: Int32 = 0
                var y: Int32 = 0
                var kind: Int32 = 0
                guard cn_get_mouse(&x, &y, &kind) == OK else { return .resize }
                switch kind {
                case 1: return .key(.mouse(MouseEvent(x: Int(x), y: Int(y), action: .press)))
                case 4: return .key(.mouse(MouseEvent(x: Int(x), y: Int(y), action: .wheelUp)))
                case 5: return .key(.mouse(MouseEvent(x: Int(x), y: Int(y), action: .wheelDown)))
                default: return .resize  // a release or a motion: nothing to do, the loop looks again
                }
            default: return .resize  // another function key: let the loop look again
            }
        }
        guard result == OK else { return .none }
        switch value {
        case 3: return .key(.ctrlC)
        case 9: return .key(.tab)
        case 10, 13: return .key(.enter)
        case 27: return .key(.escape)
        case 8, 127: return .key(.backspace)
        default:
            guard value >= 32, let scalar = Unicode.Scalar(value) else { return .resize }
            return .key(.character(Character(scalar)))
        }
    }

    func draw(_ buffer: ScreenBuffer, theme: Theme) {
        let full =
            previous == nil || previous?.width != buffer.width || previous?.height != buffer.height
            || previousTheme != theme
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
            _ = cn_init_pair(
                pair, Int32(ColorMapper.map(colors.foreground, to: depth)),
                Int32(ColorMapper.map(colors.background, to: depth)))
            pairs[role] = pair
        }
    }
}
