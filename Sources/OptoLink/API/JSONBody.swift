import Foundation

/// How every provider writes its JSON request bodies (and the event queue its records).
enum JSONBody {
    /// Sorted keys and unescaped slashes, so bodies are stable and sized as the backend's `JSON.stringify`
    /// sizes them; written by ``JSONBodyEncoder`` (the bytes `JSONEncoder` writes with those options).
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        try JSONBodyEncoder.encode(value)
    }

    /// An object of string members (a direct open's body, AppsFlyer's first-launch body), written the same
    /// way without an `Encoder`.
    static func encode(strings members: [String: String]) -> Data {
        JSONBodyEncoder.encode(strings: members)
    }
}
