/// Breaks text into lines of at most a given width, at spaces (a word longer than the width is cut).
package enum WordWrap {
    /// The lines of `text` at `width` columns (none for empty text; every line at most `width` characters).
    static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            if !line.isEmpty && line.count + 1 + word.count <= width {
                line += " " + word
                continue
            }
            if !line.isEmpty { lines.append(line) }
            while word.count > width {
                lines.append(String(word.prefix(width)))
                word = word.dropFirst(width)
            }
            line = String(word)
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The first of `candidates` that fits in `rows` lines of `width`, wrapped; else the last one, its lines
    /// cut to `rows` and the last of them ending in `…`.
    package static func fit(_ candidates: [String], width: Int, rows: Int) -> [String] {
        guard rows > 0, width > 0, let last = candidates.last else { return [] }
        for candidate in candidates {
            let wrapped = lines(candidate, width: width)
            if wrapped.count <= rows { return wrapped }
        }
        var wrapped = Array(lines(last, width: width).prefix(rows))
        if let final = wrapped.last {
            wrapped[wrapped.count - 1] = String(final.prefix(max(0, width - 1))) + "…"
        }
        return wrapped
    }
}
