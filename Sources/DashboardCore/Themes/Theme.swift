/// A colour theme: a colour for every ``ThemeKey`` (missing keys already filled from the built-in default).
package struct Theme: Sendable, Hashable {
    /// The theme's name (file name without `.theme`).
    package var name: String
    /// Colours by key; every key is present.
    package var colors: [ThemeKey: ThemeColor]
    /// True for themes that rely on attributes only (`mono`, or `NO_COLOR`).
    package var isMono: Bool

    /// Creates a theme; keys missing from `colors` take the built-in default.
    package init(name: String, colors: [ThemeKey: ThemeColor] = [:], isMono: Bool = false) {
        self.name = name
        var all: [ThemeKey: ThemeColor] = [:]
        for key in ThemeKey.allCases { all[key] = colors[key] ?? key.defaultColor }
        self.colors = all
        self.isMono = isMono
    }

    /// The compiled-in default theme (used when no file is found or a file is broken).
    package static let builtInDefault = Theme(name: "default")

    /// The attribute-only theme (`NO_COLOR`).
    package static let mono = Theme(
        name: "mono", colors: Dictionary(uniqueKeysWithValues: ThemeKey.allCases.map { ($0, .terminalDefault) }),
        isMono: true)

    /// The colour of one key.
    package subscript(key: ThemeKey) -> ThemeColor { colors[key] ?? key.defaultColor }

    /// Foreground and background of a role.
    package func colors(for role: StyleRole) -> (foreground: ThemeColor, background: ThemeColor) {
        let keys = role.themeKeys
        return (self[keys.foreground], self[keys.background ?? .mainBg])
    }
}
