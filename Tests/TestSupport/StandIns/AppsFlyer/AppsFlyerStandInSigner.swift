internal import CCrypto

/// AppsFlyer's `af_sig` (seed 003): the lowercase hexadecimal HMAC-SHA256 of `timestamp + ip`, keyed
/// with the DevKey, from libcrypto.
enum AppsFlyerStandInSigner {
    /// `af_sig` for `timestamp` and `ip` under `devKey`; nil only if libcrypto fails.
    static func signature(timestamp: String, ip: String, devKey: String) -> String? {
        let key = Array(devKey.utf8)
        let message = Array((timestamp + ip).utf8)
        var digest = [UInt8](repeating: 0, count: 32)
        var length = 0
        let done = key.withUnsafeBytes { keyBytes in
            message.withUnsafeBufferPointer { messageBytes in
                digest.withUnsafeMutableBufferPointer { out in
                    EVP_Q_mac(
                        nil, "HMAC", nil, "SHA256", nil, keyBytes.baseAddress, keyBytes.count,
                        messageBytes.baseAddress, messageBytes.count, out.baseAddress, out.count, &length)
                }
            }
        }
        guard done != nil, length == 32 else { return nil }
        let digits = Array("0123456789abcdef")
        return String(digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }
}
