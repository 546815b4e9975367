import DashboardCore

/// Draws a ``ScreenBuffer`` as an SVG picture with a theme's colours: the screenshot of the README and of `X`.
///
/// ```swift
/// let buffer = DashboardRenderer.render(state, size: ScreenSize(width: 120, height: 40))
/// let svg = SVGScreenshot.svg(buffer, theme: ThemeLoader.standard(…).load("default").theme)
/// try svg.write(toFile: "docs/screenshot.svg", atomically: true, encoding: .utf8)
/// ```
///
/// One `<text>` per screen row (monospace, `xml:space="preserve"`, so its text is the row exactly), one
/// `<tspan>` per run of cells with the same style, and a background `<rect>` per run whose background is not
/// the screen's. Colours: a theme's hex colours as they are, palette indices through the xterm palette, the
/// terminal default as a dark terminal's (`#d0d0d0` on `#121212`); bold as `font-weight="bold"`; reverse
/// swaps foreground and background; mono themes use their attributes (as the terminal backend does).
package enum SVGScreenshot {
    /// Cell size in SVG units for a 14 px monospace font.
    package static let cellWidth = 8.4
    /// Row height.
    package static let cellHeight = 17.0

    /// The SVG document of `buffer` drawn with `theme`.
    package static func svg(_ buffer: ScreenBuffer, theme: Theme) -> String {
        let width = Double(buffer.width) * cellWidth
        let height = Double(buffer.height) * cellHeight
        let screenBackground = hex(theme[.mainBg], fallback: defaultBackground)
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(number(width))" height="\(number(height))" \
            viewBox="0 0 \(number(width)) \(number(height))" \
            font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="14">
            <rect width="100%" height="100%" fill="\(screenBackground)"/>

            """
        var texts = ""
        for y in 0..<buffer.height {
            let runs = self.runs(buffer, y: y, theme: theme)
            let baseline = Double(y) * cellHeight + cellHeight * 0.78
            texts += "<text y=\"\(number(baseline))\" xml:space=\"preserve\">"
            for run in runs {
                let x = Double(run.start) * cellWidth
                if run.background != screenBackground {
                    out +=
                        "<rect x=\"\(number(x))\" y=\"\(number(Double(y) * cellHeight))\" "
                        + "width=\"\(number(Double(run.text.count) * cellWidth))\" "
                        + "height=\"\(number(cellHeight))\" fill=\"\(run.background)\"/>\n"
                }
                texts +=
                    "<tspan x=\"\(number(x))\" fill=\"\(run.foreground)\"" + (run.bold ? " font-weight=\"bold\"" : "")
                    + (run.underline ? " text-decoration=\"underline\"" : "") + ">\(escape(run.text))</tspan>"
            }
            texts += "</text>\n"
        }
        return out + texts + "</svg>\n"
    }

    struct Run {
        var start: Int
        var text: String
        var foreground: String
        var background: String
        var bold: Bool
        var underline: Bool
    }

    /// The row's runs of cells that look alike.
    static func runs(_ buffer: ScreenBuffer, y: Int, theme: Theme) -> [Run] {
        var runs: [Run] = []
        for x in 0..<buffer.width {
            let cell = buffer[x, y]
            let mono = theme.isMono ? cell.role.monoAttributes : (bold: false, reverse: false, underline: false)
            let colors = theme.colors(for: cell.role)
            var foreground = hex(colors.foreground, fallback: defaultForeground)
            var background = hex(colors.background, fallback: hex(theme[.mainBg], fallback: defaultBackground))
            if cell.reverse || mono.reverse { swap(&foreground, &background) }
            let bold = cell.bold || mono.bold
            if var last = runs.last, last.foreground == foreground, last.background == background, last.bold == bold,
                last.underline == mono.underline
            {
                last.text.append(cell.character)
                runs[runs.count - 1] = last
            } else {
                runs.append(
                    Run(
                        start: x, text: String(cell.character), foreground: foreground, background: background,
                        bold: bold,
                        underline: mono.underline))
            }
        }
        return runs
    }

    static let defaultForeground = "#d0d0d0"
    static let defaultBackground = "#121212"

    /// `#rrggbb` of a theme colour (`fallback` for the terminal default).
    static func hex(_ color: ThemeColor, fallback: String) -> String {
        func two(_ value: Int) -> String {
            let digits = Array("0123456789abcdef")
            let v = min(255, max(0, value))
            return String([digits[v / 16], digits[v % 16]])
        }
        switch color {
        case .terminalDefault: return fallback
        case .rgb(let r, let g, let b): return "#" + two(r) + two(g) + two(b)
        case .indexed(let index):
            let (r, g, b) = ColorMapper.rgb(of256: index)
            return "#" + two(r) + two(g) + two(b)
        }
    }

    /// `text` with the characters XML reserves in text and attributes (`&`, `<`, `>`, `"`) escaped.
    package static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }

    /// `value` as an SVG coordinate: a whole number without a point, else one decimal.
    package static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : format1(value)
    }
}
