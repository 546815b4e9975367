/// What a signing backend answers: the address it saw and the signature over `timestamp + ip`.
public struct AppsFlyerSignature: Sendable, Hashable {
    /// The device's IPv4 address, as the backend saw it (sent as `ip`).
    public var ip: String
    /// `af_sig`: lowercase hex HMAC-SHA256 of `timestamp + ip` keyed with the DevKey.
    public var signature: String

    /// Creates a signature answer.
    public init(ip: String, signature: String) {
        self.ip = ip
        self.signature = signature
    }
}
