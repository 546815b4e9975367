/// The footer line: key hints generated from the keymap's ``KeyBinding/showInFooter`` rows (those tied to
/// panes while one of them has the focus); the theme's name at the right when there is room.
enum FooterView {
    static func draw(keymap: Keymap, state: DashboardState, row: Int, into buffer: inout ScreenBuffer) {
        buffer.fill(Rect(x: 0, y: row, width: buffer.width, height: 1), with: Cell(role: .footer))
        var x = 1
        if let session = state.session, session.mode == .replay {
            x += buffer.write(session.replayBar(width: buffer.width / 2), x: x, y: row, role: .footerKey, bold: true)
            x += buffer.write("  [ ] step  < > speed  ", x: x, y: row, role: .footer)
        }
        for binding in keymap.footerBindings(focus: state.focus) {
            let hint = binding.key.label + " " + binding.label
            guard x + hint.count + 1 <= buffer.width else {
                if x < buffer.width { buffer.write("…", x: x, y: row, role: .footer) }
                break
            }
            x += buffer.write(binding.key.label, x: x, y: row, role: .footerKey, bold: true)
            x += buffer.write(
                " " + binding.label + "  ", x: x, y: row, maxWidth: binding.label.count + 3, role: .footer)
        }
        let theme = " theme: \(state.themeName) "
        let themeX = buffer.width - theme.count
        if themeX > x { buffer.write(theme, x: themeX, y: row, role: .footer) }
    }
}
