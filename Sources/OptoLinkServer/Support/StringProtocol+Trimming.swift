extension StringProtocol {
    /// Trims the given ASCII characters from both ends.
    func trimmingASCII(_ set: String) -> String {
        // Printable ASCII and tabs only (header values, as a rule): every byte is its own Character, so
        // trimming bytes is the same as trimming Characters, without building a Set per call.
        let text = Substring(self)
        let bytes = text.utf8
        if bytes.allSatisfy({ ($0 >= 0x20 && $0 < 0x7f) || $0 == 0x09 }), set.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0d && $0 != 0x0a }) {
            let trim = set.utf8
            guard let first = bytes.firstIndex(where: { !trim.contains($0) }),
                  let last = bytes.lastIndex(where: { !trim.contains($0) }) else { return "" }
            return String(text[first...last])
        }
        let chars = Set(set)
        var s = Substring(self)
        while let c = s.first, chars.contains(c) { s = s.dropFirst() }
        while let c = s.last, chars.contains(c) { s = s.dropLast() }
        return String(s)
    }
}
