import Foundation

/// The SDK's dependencies on the outside world, injectable as a whole.
///
/// ``live`` in apps; tests and the dashboard's simulated devices build one from `OptoLinkTesting` doubles.
public struct OptoLinkEnvironment: Sendable {
    /// Persistent values (device id, first-launch flag, registration, privacy switch).
    public var store: any KeyValueStore
    /// The persisted event queue (default: `store`'s ``KeyValueStore/eventStore``).
    public var eventStore: any EventStore
    /// The pasteboard read for the click token on the first launch.
    public var pasteboard: any Pasteboard
    /// The device traits.
    public var deviceInfo: any DeviceInfoProvider
    /// Sends HTTP requests.
    public var transport: any HTTPTransport
    /// Measures and waits.
    public var clock: any OptoLinkClock
    /// Whether the SDK runs in an app extension (a widget, a share extension…): then it runs no
    /// first-launch sequence (no `/match`) and never touches the pasteboard, which would spend the
    /// containing app's click token. Default: the main bundle's path ends in `.appex`.
    public var isAppExtension: Bool

    /// Creates an environment.
    ///
    /// - Parameter eventStore: where queued events are kept; nil (the default) takes `store`'s
    ///   ``KeyValueStore/eventStore`` (for `UserDefaults`, a file under Application Support).
    public init(
        store: any KeyValueStore, pasteboard: any Pasteboard, deviceInfo: any DeviceInfoProvider,
        transport: any HTTPTransport, clock: any OptoLinkClock, eventStore: (any EventStore)? = nil,
        isAppExtension: Bool = OptoLinkEnvironment.isAppExtension(bundlePath: Bundle.main.bundlePath)
    ) {
        self.isAppExtension = isAppExtension
        self.store = store
        self.eventStore = eventStore ?? store.eventStore
        self.pasteboard = pasteboard
        self.deviceInfo = deviceInfo
        self.transport = transport
        self.clock = clock
    }

    /// The production environment: `UserDefaults` on Apple platforms (``FileKeyValueStore`` in
    /// ``FileKeyValueStore/defaultDirectory`` elsewhere), `UIPasteboard` where UIKit exists (an always
    /// empty pasteboard elsewhere), ``FingerprintCollector``, ``URLSessionTransport``, ``SystemClock``.
    ///
    /// Every `live` environment shares one store object (``defaultStore``), so every `start` on it finds the
    /// running instance: one SDK per process.
    public static var live: OptoLinkEnvironment {
        live(store: defaultStore)
    }

    /// The process's default store: `UserDefaults.standard` on Apple platforms, a ``FileKeyValueStore`` in
    /// ``FileKeyValueStore/defaultDirectory`` elsewhere. One object for the whole process.
    public static let defaultStore: any KeyValueStore = {
        #if canImport(Darwin)
        return UserDefaultsKeyValueStore()
        #else
        return FileKeyValueStore()
        #endif
    }()

    /// Whether a bundle at `bundlePath` is an app extension: its path ends in `.appex`.
    public static func isAppExtension(bundlePath: String) -> Bool {
        var path = bundlePath
        while path.hasSuffix("/") { path.removeLast() }
        return path.hasSuffix(".appex")
    }

    /// The production environment with your own store (e.g. a ``FileKeyValueStore`` in another directory,
    /// or `UserDefaultsKeyValueStore(suiteName:)`).
    public static func live(store: any KeyValueStore) -> OptoLinkEnvironment {
        #if canImport(UIKit) && !os(watchOS) && !os(tvOS)
        let pasteboard: any Pasteboard = UIKitPasteboard()
        #else
        let pasteboard: any Pasteboard = EmptyPasteboard()
        #endif
        return OptoLinkEnvironment(
            store: store, pasteboard: pasteboard, deviceInfo: FingerprintCollector(), transport: URLSessionTransport(),
            clock: SystemClock())
    }
}
