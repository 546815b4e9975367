/// A colour as a theme file writes it: the terminal default, an ANSI index 0–255, or `#RRGGBB`.
package enum ThemeColor: Sendable, Hashable {
    /// The terminal's own default colour (`default`, `none`, or an empty value).
    case terminalDefault
    /// An index of the 256-colour palette (0–15 are the ANSI colours; names map here).
    case indexed(Int)
    /// A true colour.
    case rgb(red: Int, green: Int, blue: Int)

    /// The 16 ANSI colour names (index = position); `gray`/`grey` alias `bright_black`.
    package static let names = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
        "bright_black", "bright_red", "bright_green", "bright_yellow",
        "bright_blue", "bright_magenta", "bright_cyan", "bright_white",
    ]

    /// Parses `red`, `bright_blue`, `#1e90ff`, `#fff`, `208`, `default`; nil when not a colour.
    package init?(parsing text: String) {
        let value = text.trimmingSpaces.lowercased()
        if value.isEmpty || value == "default" || value == "none" {
            self = .terminalDefault
            return
        }
        if value == "gray" || value == "grey" {
            self = .indexed(8)
            return
        }
        if let index = ThemeColor.names.firstIndex(of: value.replacingDashes) {
            self = .indexed(index)
            return
        }
        if value.hasPrefix("#") {
            var hex = String(value.dropFirst())
            if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
            guard hex.count == 6, let packed = Int(hex, radix: 16) else { return nil }
            self = .rgb(red: packed >> 16 & 0xFF, green: packed >> 8 & 0xFF, blue: packed & 0xFF)
            return
        }
        if let index = Int(value), (0...255).contains(index) {
            self = .indexed(index)
            return
        }
        return nil
    }
}

extension String {
    /// `bright-red` → `bright_red`.
    var replacingDashes: String { String(map { $0 == "-" ? "_" : $0 }) }
}
