/// The token an app must send in its hello to attach: shown in the dashboard's header, new at every start
/// unless `--token` fixes it.
///
/// Random tokens are 8 characters of an alphabet without look-alikes (no `0 o 1 l i`), shown as
/// `k7m2-x9qp`. Comparison ignores case, spaces and dashes, and takes the same time whatever matches.
package struct PairingToken: Sendable, Hashable, CustomStringConvertible {
    /// The token as shown.
    package let value: String

    private static let alphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")

    /// A fresh random token.
    package static func random() -> PairingToken {
        var generator = SystemRandomNumberGenerator()
        let characters = (0..<8).map { _ in alphabet[Int(generator.next(upperBound: UInt32(alphabet.count)))] }
        return PairingToken(checked: String(characters.prefix(4)) + "-" + String(characters.suffix(4)))
    }

    /// A token given with `--token`: 4–64 printable ASCII characters without spaces; nil otherwise.
    package init?(_ text: String) {
        guard (4...64).contains(text.count),
            text.allSatisfy({ $0.isASCII && !$0.isWhitespace && ($0.asciiValue ?? 0) >= 0x21 })
        else {
            return nil
        }
        value = text
    }

    private init(checked: String) { value = checked }

    /// Whether `candidate` is this token (case, spaces and dashes ignored; constant time for equal lengths).
    package func accepts(_ candidate: String) -> Bool {
        let expected = Array(Self.normalized(value).utf8)
        let given = Array(Self.normalized(candidate).utf8)
        guard expected.count == given.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(expected, given) { difference |= a ^ b }
        return difference == 0
    }

    private static func normalized(_ text: String) -> String {
        String(text.lowercased().filter { $0 != "-" && $0 != " " })
    }

    /// The token as shown.
    package var description: String { value }
}
