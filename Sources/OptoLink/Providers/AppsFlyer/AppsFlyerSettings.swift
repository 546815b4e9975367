/// AppsFlyer's settings in a configuration: the app id and the hook.
public struct AppsFlyerSettings: Sendable {
    /// The app id in the path (`id123456789`).
    public let appID: String
    /// How the request is signed or made (never with a DevKey in the app).
    public let hook: AppsFlyerHook
}
