import Foundation
import OptoLink
import OptoLinkTesting

/// The demo seed's emulated apps and keys (docs/server.md, "Emulated services").
enum EmulatedDemo {
    /// QubeRoute project `demo`: publishable live and test keys, the secret key every endpoint refuses.
    static let quberouteLive = "qr_live_demo_publishable_key_0001"
    static let quberouteTest = "qr_test_demo_publishable_key_0001"
    static let quberouteSecret = "qr_sk_demo_secret_key_000000001"
    /// Deep Blue app `demo`: sandbox and live keys, the short-link domain and the URL scheme.
    static let deepBlueSandbox = "dbl_sandbox_demo_key_000000001"
    static let deepBlueLive = "dbl_live_demo_key_0000000001"
    static let deepBlueDomain = "demo.dev.thedbl.ink"
    /// AppsFlyer app and its DevKey (seed 003's example DevKey); the DevKey lives in the test's "backend" only.
    static let appsFlyerAppID = "id123456789"
    static let appsFlyerDevKey = "w8sZzy8EaPaxFKfaoTqUi6"
}

extension TestServer {
    /// `POST /dev/<service>/click` from `address`: a click with explicit fields; throws unless 200.
    func emulatedClick(_ service: String, _ fields: [String: Any], from address: String) async throws {
        let (status, data) = try await send("POST", "/dev/\(service)/click", json: fields, address: address)
        guard status == 200 else {
            throw ProbeError("/dev/\(service)/click answered \(status): \(String(decoding: data, as: UTF8.self))")
        }
    }

    /// The app's traits as a QubeRoute / AppsFlyer dev click records them.
    static func clickTraits(_ fingerprint: Fingerprint) -> [String: Any] {
        [
            "platform": fingerprint.platform, "osVersion": fingerprint.osVersion,
            "deviceModel": fingerprint.deviceModel, "language": fingerprint.language,
        ]
    }

    /// `GET /dev/quberoute/installs?installToken=` → the installs with that token.
    func quberouteInstalls(token: String) async throws -> [[String: Any]] {
        let (status, data) = try await send("GET", "/dev/quberoute/installs?installToken=\(token)")
        guard status == 200, let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let installs = object["installs"] as? [[String: Any]]
        else {
            throw ProbeError("/dev/quberoute/installs answered \(status): \(String(decoding: data, as: UTF8.self))")
        }
        return installs
    }

    /// A JSON POST to an emulated route with `headers`, outside the SDK: status and JSON object.
    func postJSON(_ path: String, _ json: [String: Any], headers: [String: String], address: String) async throws
        -> (Int, [String: Any])
    {
        let (status, data) = try await send("POST", path, json: json, address: address, headers: headers)
        return (status, (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:])
    }
}
