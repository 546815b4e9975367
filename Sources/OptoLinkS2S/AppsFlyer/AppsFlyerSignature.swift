/// The `af_sig` query parameter of AppsFlyer's S2S deep-linking request.
///
/// The lowercase hexadecimal HMAC-SHA256 of the body's `timestamp` followed by its `ip` (timestamp
/// first, no separator), keyed with the DevKey. AppsFlyer's own example:
///
/// ```swift
/// let devKey = try AppsFlyerDevKey("w8sZzy8EaPaxFKfaoTqUi6")
/// AppsFlyerSignature.afSig(timestamp: "2015-01-22T08:45:33.412", ip: "127.0.0.1", devKey: devKey)
/// // "ce2d1e6b4619b9e19bc6be116183b92e43aa01e182b15012a7215bdd879ec327"
/// ```
///
/// ``AppsFlyerS2SClient`` signs every request itself; call this directly when the backend only signs
/// and someone else sends the request (the strings must then be the body's, byte for byte).
public enum AppsFlyerSignature {
    /// The `af_sig` for a body with this `timestamp` and `ip` (64 lowercase hex digits).
    public static func afSig(timestamp: String, ip: String, devKey: AppsFlyerDevKey) -> String {
        HMACSHA256.hex(devKey.hmac.authenticationCode(for: Array((timestamp + ip).utf8)))
    }
}
