import Foundation

/// The random parts of what a stand-in hands out (tokens, ids), from the system's generator.
enum StandInRandom {
    /// `count` random bytes as unpadded base64url (16 bytes → 22 characters).
    static func base64URL(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
        return bytes.base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
