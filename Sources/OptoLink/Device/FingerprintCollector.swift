import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#if canImport(UIKit) && !os(watchOS) && !os(visionOS)
import UIKit
#endif

/// The production ``DeviceInfoProvider``: collects the device traits in the formats the browser side
/// records, so fingerprint matching can work.
///
/// - platform: `"iOS"` on iOS (the backend's user-agent label); `"macOS"`, `"Linux"`… elsewhere, truthfully.
/// - osVersion: `major.minor[.patch]` from `ProcessInfo.operatingSystemVersion`, the same string as
///   `UIDevice.systemVersion` (`"17.4"`, `"17.4.1"`) without needing the main actor.
/// - deviceModel: `utsname.machine` (`"iPhone16,1"`); in the iOS simulator, the simulated model.
/// - language: the first preferred language, hyphenated (`"en-US"`); `"en-US"` when the system has none (POSIX locale).
/// - timezone: the IANA identifier (`"America/New_York"`).
public struct FingerprintCollector: DeviceInfoProvider {
    /// Creates the collector.
    public init() {}

    /// The platform label sent as `platform`.
    public static var platform: String {
        #if os(iOS)
        return "iOS"
        #elseif os(macOS)
        return "macOS"
        #elseif os(tvOS)
        return "tvOS"
        #elseif os(watchOS)
        return "watchOS"
        #elseif os(visionOS)
        return "visionOS"
        #elseif os(Linux)
        return "Linux"
        #elseif os(Windows)
        return "Windows"
        #else
        return "unknown"
        #endif
    }

    /// Collects the current traits.
    public func fingerprint() -> Fingerprint {
        Fingerprint(
            platform: Self.platform, osVersion: Self.osVersion(), deviceModel: Self.deviceModel(),
            language: Self.language(), timezone: TimeZone.current.identifier)
    }

    /// The main screen in pixels, `UIScreen.main.bounds.size` × `UIScreen.main.scale` (read on the main
    /// actor, where UIKit wants it), portrait. Nil where there is no UIKit screen (macOS, Linux, visionOS,
    /// watchOS).
    public func screen() async -> DeviceScreen? {
        #if canImport(UIKit) && !os(watchOS) && !os(visionOS)
        return await MainActor.run { () -> DeviceScreen in
            let screen = UIScreen.main
            let size = screen.bounds.size
            let scale = Double(screen.scale)
            let short = Double(min(size.width, size.height))
            let long = Double(max(size.width, size.height))
            return DeviceScreen(points: short, long, scale: scale)
        }
        #else
        return nil
        #endif
    }

    /// `major.minor`, plus `.patch` when it is not 0 (as `UIDevice.systemVersion`).
    static func osVersion(_ version: OperatingSystemVersion = ProcessInfo.processInfo.operatingSystemVersion) -> String
    {
        var text = "\(version.majorVersion).\(version.minorVersion)"
        if version.patchVersion != 0 { text += ".\(version.patchVersion)" }
        return text
    }

    /// `utsname.machine`, or the simulated model in the simulator.
    static func deviceModel() -> String {
        if let simulated = ProcessInfo.processInfo.environment["SIMULATOR_MODEL_IDENTIFIER"], !simulated.isEmpty {
            return simulated
        }
        var info = utsname()
        guard uname(&info) == 0 else { return "unknown" }
        let machine = withUnsafeBytes(of: &info.machine) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return machine.isEmpty ? "unknown" : machine
    }

    /// The hyphenated preferred language.
    static func language() -> String {
        let candidate = Locale.preferredLanguages.first ?? Locale.current.identifier
        return normalizeLanguage(candidate)
    }

    /// `en_US` → `en-US`; drops `.UTF-8` and `@modifier` suffixes; POSIX/C/empty → `en-US`.
    static func normalizeLanguage(_ identifier: String) -> String {
        var text = identifier
        if let cut = text.firstIndex(where: { $0 == "." || $0 == "@" }) { text = String(text[..<cut]) }
        text = text.replacingOccurrences(of: "_", with: "-")
        if text.isEmpty || text == "C" || text == "POSIX" || text.lowercased() == "en-us-posix" { return "en-US" }
        return text
    }
}
