/// Text helpers of the wire format (`package`: the inspector cuts the hello's and the commands' strings
/// with them too).
package enum InspectorText {
    /// `text` cut to at most `limit` UTF-8 bytes at a character boundary, ending in `…` when cut.
    package static func cut(_ text: String, to limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var result = ""
        var bytes = 0
        let budget = limit - 3  // "…" is 3 bytes
        for character in text {
            let size = character.utf8.count
            if bytes + size > budget { break }
            result.append(character)
            bytes += size
        }
        return result + "…"
    }
}
