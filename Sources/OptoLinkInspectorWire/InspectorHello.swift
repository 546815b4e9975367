import OptoLink

/// The first line an app sends after connecting: who it is and what its SDK knows, never a secret.
///
/// It never holds the API key (only its first characters, ``apiKeyPrefix``) nor anything read from the
/// pasteboard (only ``pasteboard``, what the SDK already knew). ``clock`` is the SDK clock's reading when
/// the hello was built: the dashboard maps every later diagnostic time onto its own clock with it.
package struct InspectorHello: Sendable, Hashable, Codable {
    /// The pairing token the dashboard shows (the dashboard refuses any other).
    package var token: String
    /// A random id of this attachment (one SDK instance): a new one means a new launch of the app.
    package var session: String
    /// The app: its bundle identifier, or the process name where there is none.
    package var app: String
    /// ``OptoLink/sdkVersion``.
    package var sdkVersion: String
    /// ``OptoLink/sdkPlatform`` (`ios`, `macos`, `linux`…).
    package var sdkPlatform: String
    /// The backend provider the SDK talks to (`optolink` for now).
    package var provider: String
    /// The org key.
    package var orgKey: String
    /// The host of the configured base URL (where the app's requests go).
    package var baseURLHost: String
    /// The first characters of the CLIENT key, e.g. `opl_sdk_demo…`; never the whole key.
    package var apiKeyPrefix: String
    /// This install's device id.
    package var deviceId: String
    /// The device traits `/match` compares.
    package var fingerprint: Fingerprint
    /// Whether the first launch is still pending.
    package var launchState: InspectorLaunchState
    /// Events waiting in the SDK's queue.
    package var queuedEvents: Int
    /// When the SDK reads the pasteboard.
    package var clipboardReading: InspectorClipboardReading
    /// What the SDK knows about the pasteboard (never its contents).
    package var pasteboard: InspectorPasteboardState
    /// Whether the app lets the dashboard run commands (`allowsCommands`).
    package var allowsCommands: Bool
    /// The SDK clock's reading (seconds, monotonic) when the hello was built.
    package var clock: Double

    /// Creates a hello.
    package init(
        token: String, session: String, app: String, sdkVersion: String, sdkPlatform: String, provider: String,
        orgKey: String, baseURLHost: String, apiKeyPrefix: String, deviceId: String, fingerprint: Fingerprint,
        launchState: InspectorLaunchState, queuedEvents: Int, clipboardReading: InspectorClipboardReading,
        pasteboard: InspectorPasteboardState, allowsCommands: Bool, clock: Double
    ) {
        self.token = token
        self.session = session
        self.app = app
        self.sdkVersion = sdkVersion
        self.sdkPlatform = sdkPlatform
        self.provider = provider
        self.orgKey = orgKey
        self.baseURLHost = baseURLHost
        self.apiKeyPrefix = apiKeyPrefix
        self.deviceId = deviceId
        self.fingerprint = fingerprint
        self.launchState = launchState
        self.queuedEvents = queuedEvents
        self.clipboardReading = clipboardReading
        self.pasteboard = pasteboard
        self.allowsCommands = allowsCommands
        self.clock = clock
    }

    private enum CodingKeys: String, CodingKey {
        case token, session, app, sdkVersion, sdkPlatform, provider, orgKey, baseURLHost, apiKeyPrefix, deviceId,
            fingerprint
        case launchState, queuedEvents, clipboardReading, pasteboard, allowsCommands, clock
    }

    /// Decodes a hello (`queuedEvents` must be a whole number).
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        token = try c.decode(String.self, forKey: .token)
        session = try c.decode(String.self, forKey: .session)
        app = try c.decode(String.self, forKey: .app)
        sdkVersion = try c.decode(String.self, forKey: .sdkVersion)
        sdkPlatform = try c.decode(String.self, forKey: .sdkPlatform)
        provider = try c.decode(String.self, forKey: .provider)
        orgKey = try c.decode(String.self, forKey: .orgKey)
        baseURLHost = try c.decode(String.self, forKey: .baseURLHost)
        apiKeyPrefix = try c.decode(String.self, forKey: .apiKeyPrefix)
        deviceId = try c.decode(String.self, forKey: .deviceId)
        fingerprint = try c.decode(Fingerprint.self, forKey: .fingerprint)
        launchState = try c.decode(InspectorLaunchState.self, forKey: .launchState)
        queuedEvents = try c.wholeNumber(forKey: .queuedEvents)
        clipboardReading = try c.decode(InspectorClipboardReading.self, forKey: .clipboardReading)
        pasteboard = try c.decode(InspectorPasteboardState.self, forKey: .pasteboard)
        allowsCommands = try c.decode(Bool.self, forKey: .allowsCommands)
        clock = try c.decode(Double.self, forKey: .clock)
    }

    /// The key's prefix as the hello shows it: at most the first 12 characters, then `…` (the whole
    /// key never leaves the app).
    package static func prefix(ofKey key: String) -> String {
        String(key.prefix(12)) + "…"
    }

    /// The first field whose text is longer than the protocol allows, as a message; nil when all fit.
    /// Identifiers and names are at most 128 UTF-8 bytes, the fingerprint's fields 128 too.
    func oversizedField() -> String? {
        let fields: [(String, String)] = [
            ("token", token), ("session", session), ("app", app), ("sdkVersion", sdkVersion),
            ("sdkPlatform", sdkPlatform),
            ("provider", provider), ("orgKey", orgKey), ("baseURLHost", baseURLHost), ("apiKeyPrefix", apiKeyPrefix),
            ("deviceId", deviceId), ("fingerprint.platform", fingerprint.platform),
            ("fingerprint.osVersion", fingerprint.osVersion),
            ("fingerprint.deviceModel", fingerprint.deviceModel), ("fingerprint.language", fingerprint.language),
            ("fingerprint.timezone", fingerprint.timezone),
        ]
        if let (name, _) = fields.first(where: { $0.1.utf8.count > 128 }) {
            return "hello field \(name) is longer than 128 bytes"
        }
        if queuedEvents < 0 { return "hello field queuedEvents is negative" }
        if !clock.isFinite { return "hello field clock is not a finite number" }
        return nil
    }
}
