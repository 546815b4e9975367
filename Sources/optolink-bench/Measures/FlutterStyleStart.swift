import Foundation
import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The baseline for start-up: what the Flutter SDK's `OptoLink.initialize` does on a first launch. It
/// awaits the deferred-link handler before returning: read the device id and first-launch flag, collect
/// the fingerprint, `POST /match`, wait for the answer, mark the first launch done. Written here with a
/// bare `URLSession`, independent of the Swift SDK.
enum FlutterStyleStart {
    /// Runs the blocking first-launch sequence; returns whether the backend matched.
    static func initialize(
        baseURL: URL, apiKey: String, store: any KeyValueStore, deviceInfo: any DeviceInfoProvider,
        session: URLSession, forwardedFor: String
    ) async -> Bool {
        let deviceId = store.string(forKey: "optolink_device_id") ?? UUID().uuidString.lowercased()
        store.set(deviceId, forKey: "optolink_device_id")
        guard !store.bool(forKey: "optolink_first_launch_done") else { return false }
        let fingerprint = deviceInfo.fingerprint()
        let body: [String: String] = [
            "deviceId": deviceId, "platform": fingerprint.platform, "osVersion": fingerprint.osVersion,
            "deviceModel": fingerprint.deviceModel, "language": fingerprint.language, "timezone": fingerprint.timezone,
        ]
        var request = URLRequest(url: baseURL.appendingPathComponent("match"))
        request.httpMethod = "POST"
        request.timeoutInterval = 10
        request.httpBody = try? JSONSerialization.data(withJSONObject: body)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(apiKey, forHTTPHeaderField: "X-API-Key")
        request.setValue("flutter/1.0.0", forHTTPHeaderField: "X-OptoLink-SDK")
        request.setValue(forwardedFor, forHTTPHeaderField: "X-Forwarded-For")
        let data: Data? = await withCheckedContinuation { continuation in
            session.dataTask(with: request) { data, _, _ in continuation.resume(returning: data) }.resume()
        }
        store.set(true, forKey: "optolink_first_launch_done")
        guard let data, let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return false
        }
        return object["matched"] as? Bool ?? false
    }
}
