import OptoLinkHTTP

/// `af_sig` against an app's DevKey (seed 003): the lower-case hex HMAC-SHA256 of `timestamp + ip` (the
/// body's text, timestamp first) keyed with the DevKey, compared in constant time.
enum AppsFlyerSignatureCheck {
    /// The signature `signer` (the app's DevKey) gives `timestamp + ip`, as lower-case hex.
    static func expected(timestamp: String, ip: String, signer: Digest) -> String {
        signer.hmacHex(timestamp + ip)
    }

    /// Whether `signature` is the lower-case hex of the HMAC of `timestamp + ip` under `signer`. The time
    /// it takes depends only on the signature's length, never on how much of it is right.
    static func isValid(_ signature: String, timestamp: String, ip: String, signer: Digest) -> Bool {
        guard let sent = lowerHexBytes(signature), sent.count == 32 else { return false }
        var message = Array(timestamp.utf8)
        message.append(contentsOf: ip.utf8)
        return constantTimeEqual(sent, signer.hmac(message))
    }

    /// The bytes of lower-case hex text; nil for an odd length or any other character (upper case included:
    /// the seed's signature is lower case).
    static func lowerHexBytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0, digits.count <= 128 else { return nil }
        var bytes = [UInt8]()
        bytes.reserveCapacity(digits.count / 2)
        func value(_ d: UInt8) -> UInt8? {
            switch d {
            case 0x30...0x39: d - 0x30
            case 0x61...0x66: d - 0x61 + 10
            default: nil
            }
        }
        var i = 0
        while i < digits.count {
            guard let high = value(digits[i]), let low = value(digits[i + 1]) else { return nil }
            bytes.append(high << 4 | low)
            i += 2
        }
        return bytes
    }

    /// Equal length and bytes, every byte looked at whatever differs.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for i in a.indices { difference |= a[i] ^ b[i] }
        return difference == 0
    }
}
