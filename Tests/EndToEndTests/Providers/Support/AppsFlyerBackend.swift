import Foundation
import OptoLink
import OptoLinkS2S

/// The app's backend, as the test plays it: it holds the DevKey (through `OptoLinkS2S`, the library an
/// app's server links) and sees the device's public address (`deviceAddress`). The SDK reaches it only
/// through an ``AppsFlyerHook``: the DevKey never enters the SDK.
struct AppsFlyerBackend: Sendable {
    let devKey: AppsFlyerDevKey
    /// The device's address as the backend saw the app's call come from (the body's `ip`).
    let deviceAddress: String
    /// The timestamps the signing hook was asked to sign, in order.
    let signed = LockedBox<[String]>([])
    /// The requests the relay hook received from the SDK, in order.
    let relayed = LockedBox<[HTTPRequest]>([])

    init(devKey: String = EmulatedDemo.appsFlyerDevKey, deviceAddress: String) throws {
        self.devKey = try AppsFlyerDevKey(devKey)
        self.deviceAddress = deviceAddress
    }

    /// `af_sig` over `timestamp + ip` with this backend's DevKey.
    func signature(timestamp: String, ip: String) -> String {
        devKey.afSig(timestamp: timestamp, ip: ip)
    }

    /// The backend only signs: `{ip, af_sig}` for the SDK's timestamp; the SDK sends the request.
    var signingHook: AppsFlyerHook {
        let backend = self
        return .signing { timestamp in
            backend.signed.withLock { $0.append(timestamp) }
            return AppsFlyerSignature(
                ip: backend.deviceAddress, signature: backend.signature(timestamp: timestamp, ip: backend.deviceAddress)
            )
        }
    }

    /// The backend makes the call: reads the SDK's body (no `ip`, no `af_sig`), adds the address, and
    /// calls `server`'s AppsFlyer emulation with `OptoLinkS2S`'s ``AppsFlyerS2SClient`` (which signs and
    /// retries), then relays the answer as `{found, click_event}` with status 200 (a 400 as `{code,
    /// message}`; no answer at all as a thrown error, which the SDK retries).
    func relayHook(server: URL) throws -> AppsFlyerHook {
        let client = try AppsFlyerS2SClient(
            appID: EmulatedDemo.appsFlyerAppID, devKey: devKey,
            configuration: AppsFlyerS2SConfiguration(baseURL: server.appendingPathComponent("v1.0")))
        let backend = self
        return .relay { request in
            backend.relayed.withLock { $0.append(request) }
            let body = try AppsFlyerDeepLinkRequest(jsonBody: request.body ?? Data(), ip: backend.deviceAddress)
            do {
                let answer = try await client.deepLink(body)
                let relayed: [String: S2SJSONValue] = [
                    "found": .bool(answer.found), "click_event": .object(answer.clickEvent?.fields ?? [:]),
                ]
                return HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/json"],
                    body: try JSONEncoder().encode(relayed))
            } catch let error as OptoLinkS2SError where error == .badRequest {
                let relayed: [String: String] = ["code": error.serviceCode ?? "bad_request", "message": error.message]
                return HTTPResponse(
                    status: 400, headers: ["Content-Type": "application/json"],
                    body: try JSONEncoder().encode(relayed))
            }
        }
    }
}
