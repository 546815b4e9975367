import Foundation

/// The check that a DevKey is not being used inside an app: one warning on the standard error, once per
/// process. A warning and not a refusal, because the library cannot know for sure (a macOS server may
/// be packaged as an `.app`); the documentation is the rule.
enum SecretPlacement {
    /// Whether this build targets a system where only apps run (iOS, iPadOS, tvOS, watchOS, visionOS).
    static var isAppOnlyPlatform: Bool {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        return true
        #else
        return false
        #endif
    }

    /// The warning for a process on such a platform or running from an app bundle (`bundlePath` ends in
    /// `.app` or `.appex`), else nil.
    static func warning(isAppOnlyPlatform: Bool, bundlePath: String) -> String? {
        var path = bundlePath
        while path.hasSuffix("/") { path.removeLast() }
        let inBundle = path.hasSuffix(".app") || path.hasSuffix(".appex")
        guard isAppOnlyPlatform || inBundle else { return nil }
        let place = isAppOnlyPlatform ? "on a device platform" : "from the app bundle \(path)"
        return "OptoLinkS2S: warning: an AppsFlyer DevKey is being used \(place). The DevKey is a secret that "
            + "signs server-to-server calls: keep it on your backend and never ship it in an app (anyone can "
            + "read it out of the binary). Let the app ask your backend instead."
    }

    /// Prints the warning for this process, the first time only.
    static func checkOnce() {
        _ = printed
    }

    private static let printed: Bool = {
        guard let text = warning(isAppOnlyPlatform: isAppOnlyPlatform, bundlePath: Bundle.main.bundlePath) else {
            return false
        }
        FileHandle.standardError.write(Data((text + "\n").utf8))
        return true
    }()
}
