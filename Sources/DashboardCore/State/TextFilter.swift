/// The `/` filter of the log and match attempts panes: a case-insensitive substring match.
///
/// Letters A–Z match a–z; other characters match exactly as typed (the filter text is lowercased once, the
/// lines are folded byte by byte, ASCII only, so filtering 1 000 log lines on every frame allocates nothing).
struct TextFilter: Sendable, Hashable {
    private let needle: [UInt8]

    /// The filter for `text`; nil for an empty text (no filter).
    init?(_ text: String) {
        guard !text.isEmpty else { return nil }
        needle = Array(text.lowercased().utf8)
    }

    /// Whether `text` contains the filter, ignoring the case of ASCII letters.
    func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { haystack in
            let count = needle.count
            guard haystack.count >= count else { return false }
            let first = needle[0]
            for start in 0...(haystack.count - count) where Self.fold(haystack[start]) == first {
                var offset = 1
                while offset < count && Self.fold(haystack[start + offset]) == needle[offset] { offset += 1 }
                if offset == count { return true }
            }
            return false
        }
    }

    /// Whether any of `texts` contains the filter.
    func matchesAny(_ texts: String?...) -> Bool {
        texts.contains { $0.map(matches) ?? false }
    }

    private static func fold(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}
