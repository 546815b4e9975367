import DashboardCore
import Foundation
import OptoLink

/// `key.tier`: the `--api-key` is a CLIENT key of an active org, proven by a call that changes nothing.
///
/// The probe is `POST /sdk/identity/clear` for a random device id no backend has seen. The contract's guard
/// runs first (section 5: wrong, revoked or expired key → 401; SERVER key or inactive org → 403), then the
/// body, then the device lookup (unknown device → 404), and only after that would a binding be closed or
/// the audit written. So 404 proves a valid CLIENT key and nothing was stored; the only trace is one request
/// counted against the `/sdk/*` rate limit (60 a minute per address).
enum KeyCheck {
    /// A device id no backend has seen: `optolink-doctor-` and a random UUID (52 characters, within 8–100).
    static func probeDeviceId() -> String { "optolink-doctor-" + UUID().uuidString.lowercased() }

    /// The probe request.
    static func probe(baseURL: URL, apiKey: String, deviceId: String, timeout: TimeInterval) -> HTTPRequest {
        DoctorRunner.jsonPost(
            DoctorRunner.url(baseURL, "/sdk/identity/clear"), body: ["deviceId": deviceId],
            headers: ["Authorization": "Bearer \(apiKey)"], timeout: timeout)
    }

    /// What an OptoLink answer says: its envelope's message (matched whole), else the start of its body.
    private static func said(_ body: Data) -> String {
        (try? JSONDecoder().decode(JSONValue.self, from: body))?.objectValue?["message"]?.stringValue
            ?? BodyExcerpt.line(body)
    }

    /// Whether a 404 names the device (a `deviceId` detail, or "device" in its message): the contract's
    /// "unknown deviceId → 404", read without a second probe.
    static func namesDevice(_ answer: KeyProbeTable.Answer) -> Bool {
        let fields = answer.object?["details"]?.arrayValue?.compactMap { $0["field"]?.stringValue } ?? []
        return fields.contains("deviceId") || said(answer.body).lowercased().contains("device")
    }

    /// How OptoLink's answers to the probe read. A 404 that does not name the device is read with a second
    /// probe (the same request with a made-up key): a route that is there refuses that key first.
    static let table = KeyProbeTable(
        line: DoctorLine("key.tier", "CLIENT key"), noKey: "give --api-key to check the key an app ships",
        noAnswerFix: "the probe got no answer: check the host lines above", masked: mask,
        message: { BodyExcerpt.line(said($0)) },
        request: { key, runner, _ in
            probe(baseURL: runner.options.baseURL, apiKey: key, deviceId: runner.deviceId, timeout: runner.timeout)
        },
        rows: [
            .pass(
                404...404, when: namesDevice,
                { answer in
                    let prefixNote =
                        answer.key.hasPrefix("opl_sdk_")
                        ? "" : " (it does not start with opl_sdk_, the usual CLIENT prefix)"
                    return
                        "\(answer.masked) is a valid CLIENT key\(prefixNote): POST /sdk/identity/clear for "
                        + "an unknown device → 404, nothing changed"
                }),
            .pass(404...404, when: { $0.controlStatus == 401 || $0.controlStatus == 403 }) { answer in
                "\(answer.masked) is a valid CLIENT key: POST /sdk/identity/clear for an unknown device → 404 "
                    + "(\(answer.message)), while a made-up key is refused (\(answer.controlStatus ?? 0)): nothing "
                    + "changed"
            },
            .fail(
                404,
                detail: { answer in
                    "404 \(answer.message)"
                        + (answer.controlStatus == 404 ? ", and 404 for a made-up key too: no such route" : "")
                },
                fix: { _ in
                    "the backend does not serve POST /sdk/identity/clear at this base URL: check --base-url "
                        + "(the SDK calls /sdk/* on the link domain)"
                }),
            .pass(200...299) {
                "\($0.masked) is a valid CLIENT key (\($0.status): a device with the probe's random id already existed)"
            },
            .fail(401) {
                "the backend does not accept \($0.masked) (unknown, revoked or expired): copy the org's "
                    + "current CLIENT key (opl_sdk_…) into the app and into --api-key"
            },
            .fail(
                403, when: { $0.key.hasPrefix("opl_api_") || said($0.body).contains("SERVER") },
                detail: { "\($0.masked) is a SERVER key: \($0.message)" },
                fix: { _ in
                    "never ship a SERVER key (opl_api_…) in an app: it can create and delete your links. "
                        + "Use the org's CLIENT key (opl_sdk_…), and rotate this one if a build ever "
                        + "contained it"
                }),
            .fail(403) { _ in
                "the key's org is not active (or the key is refused): check the org's status on the backend"
            },
            .rateLimited("rate limited (/sdk/* allows 60 requests a minute per address): wait a minute and run again"),
        ],
        otherwise: "unexpected answer to the probe: check the backend's logs for POST /sdk/identity/clear",
        control: KeyProbeTable.Control(
            key: "opl_sdk_optolink_doctor_made_up_key_0000",
            when: { answer in
                // A 404 that does not name the device: the contract's answer in other words, or no such route.
                answer.status == 404 && !namesDevice(answer)
            }))

    /// Reads the probe's answer.
    static func check(_ exchange: DoctorExchange?, apiKey: String?) -> DoctorCheck {
        table.check(exchange, apiKey: apiKey)
    }

    /// The key with its middle hidden: `opl_sdk_demo…0001`.
    static func mask(_ key: String) -> String {
        key.count <= 16 ? String(key.prefix(4)) + "…" : String(key.prefix(12)) + "…" + String(key.suffix(4))
    }
}
