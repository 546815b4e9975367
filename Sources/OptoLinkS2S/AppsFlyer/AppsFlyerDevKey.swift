import Foundation

/// An AppsFlyer DevKey: the secret that signs server-to-server requests (`af_sig`).
///
/// **A DevKey must never ship in an app.** Anyone can read it out of an app binary and sign requests
/// as you. It belongs on your backend (read from the environment or a secret store), and the app asks
/// the backend, which signs or makes the call (see `docs/appsflyer-s2s.md`). Built for an app platform
/// (iOS, tvOS, watchOS, visionOS) the initializers are deprecated, so the compiler warns; at run time the
/// first DevKey made on such a platform, or in a process running from an `.app` bundle, prints one
/// warning on the standard error.
///
/// The value is never printed: `description` and `debugDescription` are redacted, so a DevKey in a log
/// line or a dumped configuration does not leak. The type is not `Codable` for the same reason.
///
/// ```swift
/// let devKey = try AppsFlyerDevKey(environmentVariable: "APPSFLYER_DEV_KEY")
/// ```
public struct AppsFlyerDevKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// HMAC-SHA256 keyed with the key's bytes (UTF-8), made once: every `af_sig` is hashed on it.
    let hmac: HMACSHA256

    /// A DevKey from its text, as the AppsFlyer dashboard shows it (Configuration › App Settings).
    ///
    /// - Throws: ``OptoLinkS2SError/invalidConfiguration`` (field `devKey`) when `secret` is empty or holds
    ///   whitespace or control characters (a copy-and-paste slip that would sign every request wrongly).
    @available(iOS, deprecated, message: "An AppsFlyer DevKey is a secret: use it on your backend, never in an app")
    @available(tvOS, deprecated, message: "An AppsFlyer DevKey is a secret: use it on your backend, never in an app")
    @available(watchOS, deprecated, message: "An AppsFlyer DevKey is a secret: use it on your backend, never in an app")
    @available(
        visionOS, deprecated, message: "An AppsFlyer DevKey is a secret: use it on your backend, never in an app"
    )
    public init(_ secret: String) throws {
        self.hmac = HMACSHA256(key: try Self.validated(secret, source: "The DevKey"))
    }

    /// The DevKey in the environment variable `name` (default `APPSFLYER_DEV_KEY`), the usual place on a
    /// server.
    ///
    /// - Throws: ``OptoLinkS2SError/invalidConfiguration`` (field `devKey`) when the variable is unset,
    ///   empty, or holds whitespace or control characters.
    @available(iOS, deprecated, message: "An AppsFlyer DevKey is a secret: use it on your backend, never in an app")
    @available(tvOS, deprecated, message: "An AppsFlyer DevKey is a secret: use it on your backend, never in an app")
    @available(watchOS, deprecated, message: "An AppsFlyer DevKey is a secret: use it on your backend, never in an app")
    @available(
        visionOS, deprecated, message: "An AppsFlyer DevKey is a secret: use it on your backend, never in an app"
    )
    public init(environmentVariable name: String = "APPSFLYER_DEV_KEY") throws {
        try self.init(environmentVariable: name, in: ProcessInfo.processInfo.environment)
    }

    /// The DevKey in `environment[name]` (the public initializer passes the process's environment).
    init(environmentVariable name: String, in environment: [String: String]) throws {
        guard let secret = environment[name] else {
            throw OptoLinkS2SError.configuration("devKey", "The environment variable \(name) is not set")
        }
        self.hmac = HMACSHA256(key: try Self.validated(secret, source: "The environment variable \(name)"))
    }

    /// `secret`'s UTF-8 bytes once it passes the checks; prints the misplaced-secret warning once.
    private static func validated(_ secret: String, source: String) throws -> [UInt8] {
        guard !secret.isEmpty else {
            throw OptoLinkS2SError.configuration("devKey", "\(source) is empty")
        }
        if secret.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7f })
        {
            throw OptoLinkS2SError.configuration("devKey", "\(source) holds whitespace or control characters")
        }
        SecretPlacement.checkOnce()
        return Array(secret.utf8)
    }

    /// The `af_sig` query parameter of AppsFlyer's S2S deep-linking request, for a body with this
    /// `timestamp` and `ip`: the lowercase hexadecimal HMAC-SHA256 (64 digits) of the `timestamp` followed
    /// by the `ip` (timestamp first, no separator), keyed with this DevKey. AppsFlyer's own example:
    ///
    /// ```swift
    /// let devKey = try AppsFlyerDevKey("w8sZzy8EaPaxFKfaoTqUi6")
    /// devKey.afSig(timestamp: "2015-01-22T08:45:33.412", ip: "127.0.0.1")
    /// // "ce2d1e6b4619b9e19bc6be116183b92e43aa01e182b15012a7215bdd879ec327"
    /// ```
    ///
    /// ``AppsFlyerS2SClient`` signs every request itself; call this directly when the backend only signs
    /// and someone else sends the request (the strings must then be the body's, byte for byte). Safe to
    /// call from any thread at once; the key was set on the HMAC once, when this value was made.
    public func afSig(timestamp: String, ip: String) -> String {
        HMACSHA256.hex(hmac.authenticationCode(for: Array((timestamp + ip).utf8)))
    }

    /// `AppsFlyerDevKey(redacted)`: the value is never printed.
    public var description: String { "AppsFlyerDevKey(redacted)" }

    /// `AppsFlyerDevKey(redacted)`: the value is never printed.
    public var debugDescription: String { description }
}
