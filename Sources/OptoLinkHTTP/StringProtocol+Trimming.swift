extension StringProtocol {
    /// Trims the given ASCII characters from both ends, byte by byte (HTTP's optional whitespace is
    /// defined on octets: RFC 9110 §5.6.3). Only the ASCII bytes of `set` count.
    package func trimmingASCII(_ set: String) -> String {
        let text = Substring(self)
        let bytes = text.utf8
        func trimmed(_ byte: UInt8) -> Bool { byte < 0x80 && set.utf8.contains(byte) }
        guard let first = bytes.firstIndex(where: { !trimmed($0) }),
            let last = bytes.lastIndex(where: { !trimmed($0) })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
