import Foundation
import OptoLinkToolSupport

/// What a reopened HAR file says about the device that sent its requests, and nothing it does not: the device
/// panes show these facts instead of a simulated device's, and say plainly which ones the file lacks.
///
/// The app's side is read from the SDK's requests: the traits their JSON bodies carry (OptoLink's fingerprint
/// fields, AppsFlyer's `os`, `lang`, `type` and `ip`, Deep Blue's `timezone` and `device.language`), the
/// `X-Forwarded-For` address and the `User-Agent`. The browser's side is read from the click page's requests
/// (the simulated browser's hops): their `User-Agent` and address. The newest request that carries a fact wins.
package struct FileDevice: Sendable, Hashable, Codable {
    /// The app's traits by ``FingerprintField/label``.
    package var app: [String: String] = [:]
    /// The browser's traits by ``FingerprintField/label``.
    package var browser: [String: String] = [:]
    /// The app's `User-Agent`.
    package var appUserAgent: String?
    /// The browser's `User-Agent`.
    package var browserUserAgent: String?
    /// The install's id the requests name (OptoLink's `deviceId`, QubeRoute's `installToken`).
    package var deviceId: String?
    /// The screen the requests carry, `1179×2556` (Deep Blue's pixels).
    package var screen: String?

    /// Creates the facts of a file that holds none.
    package init() {}

    /// Whether the file holds no fact about the device at all.
    package var isEmpty: Bool { self == FileDevice() }

    /// The value of `field` on `side`, nil when the file does not hold it.
    package subscript(side: FingerprintSide, field: FingerprintField) -> String? {
        side == .app ? app[field.label] : browser[field.label]
    }

    /// The facts `exchanges` carry, oldest first (the newest wins).
    package static func read(_ exchanges: [HTTPExchange], browserEndpoint: String) -> FileDevice {
        var device = FileDevice()
        for exchange in exchanges {
            let isBrowser = exchange.endpoint == browserEndpoint
            let address = exchange.requestHeader("X-Forwarded-For")?.split(separator: ",").first
                .map { $0.trimmingCharacters(in: .whitespaces) }
            let agent = exchange.requestHeader("User-Agent").flatMap { $0.isEmpty ? nil : $0 }
            if isBrowser {
                device.browser[FingerprintField.networkAddress.label] = address ?? device.browser["network"]
                device.browserUserAgent = agent ?? device.browserUserAgent
                continue
            }
            device.app[FingerprintField.networkAddress.label] = address ?? device.app["network"]
            device.appUserAgent = agent ?? device.appUserAgent
            device.readBody(exchange.requestBody?.text)
            if let id = URLComponents(string: exchange.url)?.queryItems?.first(where: { $0.name == "deviceId" })?.value,
                !id.isEmpty
            {
                device.deviceId = id
            }
        }
        return device
    }

    /// The body keys that name a trait on some service, by the field they fill.
    private static let traitKeys: [(keys: [String], field: FingerprintField)] = [
        (["platform"], .platform), (["osVersion", "os"], .osVersion), (["deviceModel", "type"], .deviceModel),
        (["language", "lang"], .language), (["timezone"], .timezone), (["ip"], .networkAddress),
    ]

    /// Reads the traits, the install's id and the screen of one JSON request body (nothing from another body).
    private mutating func readBody(_ text: String?) {
        guard let data = text?.data(using: .utf8),
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return }
        let nested = object["device"] as? [String: Any] ?? [:]
        func string(_ key: String) -> String? {
            let value = (object[key] ?? nested[key]) as? String
            return value?.isEmpty == false ? value : nil
        }
        for (keys, field) in Self.traitKeys {
            if let value = keys.lazy.compactMap(string).first { app[field.label] = value }
        }
        if let id = string("deviceId") ?? string("installToken") { deviceId = id }
        func pixels(_ key: String) -> Int? {
            ((object[key] ?? nested[key]) as? NSNumber).flatMap { FileNumber.whole($0.doubleValue) }
        }
        if let width = pixels("screenWidth"), let height = pixels("screenHeight") { screen = "\(width)×\(height)" }
    }
}
