/// The click token the redirect page copies to the pasteboard: `opl_` followed by exactly 22 base64url
/// characters (`A–Z a–z 0–9 - _`), 26 characters in all (well under the backend's 100-character limit).
///
/// Anything else on the pasteboard is the user's and is neither sent nor cleared.
public struct ClipboardToken: Sendable, Hashable, CustomStringConvertible {
    /// The token text.
    public let rawValue: String

    /// The required prefix.
    public static let prefix = "opl_"
    /// The number of base64url characters after the prefix.
    public static let bodyLength = 22

    /// Accepts `text` only when it is exactly a token: no surrounding spaces, nothing before or after.
    public init?(_ text: String) {
        guard text.utf8.count == Self.prefix.utf8.count + Self.bodyLength, text.utf8.count <= 100,
            text.hasPrefix(Self.prefix)
        else { return nil }
        let body = text.utf8.dropFirst(Self.prefix.utf8.count)
        guard body.allSatisfy(Self.isBase64URL) else { return nil }
        self.rawValue = text
    }

    /// The token text.
    public var description: String { rawValue }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}
