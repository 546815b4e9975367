import Foundation
import OptoLink
import OptoLinkDashboard

/// `key.tier`: the `--api-key` is a CLIENT key of an active org, proven by a call that changes nothing.
///
/// The probe is `POST /sdk/identity/clear` for a random device id no backend has seen. The contract's guard
/// runs first (section 5: wrong, revoked or expired key → 401; SERVER key or inactive org → 403), then the
/// body, then the device lookup (unknown device → 404), and only after that would a binding be closed or
/// the audit written. So 404 proves a valid CLIENT key and nothing was stored; the only trace is one request
/// counted against the `/sdk/*` rate limit (60 a minute per address).
enum KeyCheck {
    static let id = "key.tier"
    static let title = "CLIENT key"

    /// A device id no backend has seen: `optolink-doctor-` and a random UUID (52 characters, within 8–100).
    static func probeDeviceId() -> String { "optolink-doctor-" + UUID().uuidString.lowercased() }

    /// The probe request.
    static func probe(baseURL: URL, apiKey: String, deviceId: String, timeout: TimeInterval) -> HTTPRequest {
        let body = Data(#"{"deviceId":"\#(deviceId)"}"#.utf8)
        return HTTPRequest(
            method: "POST", url: DoctorRunner.url(baseURL, "/sdk/identity/clear"),
            headers: [
                "Authorization": "Bearer \(apiKey)", "Content-Type": "application/json",
                "Accept": "application/json", "User-Agent": DoctorRunner.userAgent,
            ],
            body: body, timeout: timeout)
    }

    /// Reads the probe's answer.
    static func check(_ exchange: DoctorExchange?, apiKey: String?) -> DoctorCheck {
        guard let apiKey, let exchange else { return .skip(id, title, "give --api-key to check the key an app ships") }
        guard let response = exchange.response else {
            return .fail(id, title, exchange.summary, fix: "the probe got no answer: check the host lines above")
        }
        let envelope = (try? JSONDecoder().decode(JSONValue.self, from: response.body))?.objectValue
        // What the answer says: its envelope's message (matched whole), else the start of its body; quoted on one line.
        let said = envelope?["message"]?.stringValue ?? BodyExcerpt.line(response.body)
        let message = BodyExcerpt.line(said)
        let fields = envelope?["details"]?.arrayValue?.compactMap { $0["field"]?.stringValue } ?? []
        let masked = mask(apiKey)
        switch response.status {
        case 404 where fields.contains("deviceId") || said.lowercased().contains("device"):
            let prefixNote =
                apiKey.hasPrefix("opl_sdk_") ? "" : " (it does not start with opl_sdk_, the usual CLIENT prefix)"
            return .pass(
                id, title,
                "\(masked) is a valid CLIENT key\(prefixNote): POST /sdk/identity/clear for an unknown device → 404, nothing changed"
            )
        case 404:
            return .fail(
                id, title, "404 that does not name the device: \(message)",
                fix:
                    "the backend does not serve POST /sdk/identity/clear at this base URL: check --base-url (the SDK calls /sdk/* on the link domain)"
            )
        case 200...299:
            return .pass(
                id, title,
                "\(masked) is a valid CLIENT key (\(response.status): a device with the probe's random id already existed)"
            )
        case 401:
            return .fail(
                id, title, "401 \(message)",
                fix:
                    "the backend does not accept \(masked) (unknown, revoked or expired): copy the org's current CLIENT key (opl_sdk_…) into the app and into --api-key"
            )
        case 403 where apiKey.hasPrefix("opl_api_") || said.contains("SERVER"):
            return .fail(
                id, title, "\(masked) is a SERVER key: \(message)",
                fix:
                    "never ship a SERVER key (opl_api_…) in an app: it can create and delete your links. Use the org's CLIENT key (opl_sdk_…), and rotate this one if a build ever contained it"
            )
        case 403:
            return .fail(
                id, title, "403 \(message)",
                fix: "the key's org is not active (or the key is refused): check the org's status on the backend")
        case 429:
            return .fail(
                id, title, "429 \(message)",
                fix: "rate limited (/sdk/* allows 60 requests a minute per address): wait a minute and run again")
        default:
            return .fail(
                id, title, "\(response.status) \(message)",
                fix: "unexpected answer to the probe: check the backend's logs for POST /sdk/identity/clear")
        }
    }

    /// The key with its middle hidden: `opl_sdk_demo…0001`.
    static func mask(_ key: String) -> String {
        key.count <= 16 ? String(key.prefix(4)) + "…" : String(key.prefix(12)) + "…" + String(key.suffix(4))
    }
}
