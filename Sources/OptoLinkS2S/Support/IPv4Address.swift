/// The dotted-quad IPv4 check of AppsFlyer's `ip` field ("The device IP Address - IPv4").
enum IPv4Address {
    /// Whether `text` is four decimal numbers 0–255 joined by dots, with no sign, space, leading zero
    /// (`010` is octal to some parsers and decimal to others) or anything else (`inet_pton`'s rule).
    static func isValid(_ text: String) -> Bool {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
            if part.count > 1 && part.first == UInt8(ascii: "0") { return false }
            let value = part.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            guard value <= 255 else { return false }
        }
        return true
    }
}
