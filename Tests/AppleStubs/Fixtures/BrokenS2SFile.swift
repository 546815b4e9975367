// Fixture (must FAIL Scripts/apple-typecheck.sh --s2s-extra): an error inside OptoLinkS2S's
// `canImport(CryptoKit)` branch, invisible to `swift build` on Linux, caught only because the CryptoKit stub
// makes the branch compile.
#if canImport(CryptoKit)
internal import CryptoKit

func signWithAStringKey(_ message: [UInt8]) -> [UInt8] {
    Array(HMAC<SHA256>.authenticationCode(for: message, using: "not a SymmetricKey"))
}
#endif
