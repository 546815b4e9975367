/// A device identifier in the body (`idfv`, `idfa`): AppsFlyer's `{type, value}` object, the value
/// plain or hashed.
///
/// ```swift
/// let idfv = AppsFlyerDeviceID.unhashed("3F2504E0-4F89-11D3-9A0C-0305E82C3301")  // as the app sent it
/// ```
public struct AppsFlyerDeviceID: Sendable, Hashable {
    /// How ``value`` is given (the object's `type`).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The identifier itself (`unhashed`).
        case unhashed
        /// Its SHA-1, 40 hex digits (`sha1`).
        case sha1
        /// Its MD5, 32 hex digits (`md5`).
        case md5
    }

    /// How ``value`` is given.
    public var kind: Kind
    /// The identifier, or its hash in hexadecimal.
    public var value: String

    /// Creates an identifier; checked when the request is validated (a hash must be its length in hex).
    public init(kind: Kind, value: String) {
        self.kind = kind
        self.value = value
    }

    /// The identifier itself.
    public static func unhashed(_ value: String) -> AppsFlyerDeviceID {
        AppsFlyerDeviceID(kind: .unhashed, value: value)
    }
    /// The identifier's SHA-1 in hexadecimal.
    public static func sha1(_ hex: String) -> AppsFlyerDeviceID { AppsFlyerDeviceID(kind: .sha1, value: hex) }
    /// The identifier's MD5 in hexadecimal.
    public static func md5(_ hex: String) -> AppsFlyerDeviceID { AppsFlyerDeviceID(kind: .md5, value: hex) }

    /// Throws when the value is empty, or is not a hash of the kind's length in hexadecimal.
    func validate(field: String) throws {
        guard !value.isEmpty else { throw OptoLinkS2SError.request(field, "\(field).value is empty") }
        let length: Int
        switch kind {
        case .unhashed: return
        case .sha1: length = 40
        case .md5: length = 32
        }
        let isHex = value.utf8.allSatisfy {
            (0x30...0x39).contains($0) || (0x41...0x46).contains($0) || (0x61...0x66).contains($0)
        }
        guard value.utf8.count == length, isHex else {
            throw OptoLinkS2SError.request(
                field,
                "\(field).value must be \(length) hex digits for type \(kind.rawValue): got \(value.utf8.count) "
                    + "characters"
            )
        }
    }
}
