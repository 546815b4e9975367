/// The inside of an ``OptoLink`` instance that ``OptoLinkInspector`` needs beside the public API.
///
/// Internal on purpose: the tap sees every diagnostic without being a listener of ``OptoLink/diagnostics``,
/// so the values kept for the app's first listener stay kept and no listener of the app gets less.
struct InspectionHook: Sendable {
    /// The diagnostics hub (only ``Broadcaster/addTap(_:onFinish:)`` and ``Broadcaster/removeTap(_:)`` are used).
    let diagnostics: Broadcaster<Diagnostic>
    /// The SDK's clock: diagnostic times, and the inspector's waits.
    let clock: any OptoLinkClock
    /// The device traits (for the hello's fingerprint).
    let deviceInfo: any DeviceInfoProvider
    /// The first-launch flag.
    let launchState: LaunchState
    /// Logs as the SDK does: to the configured logger and as a `.log` diagnostic.
    let log: @Sendable (LogLevel, String) -> Void
    /// The launch coordinator (only ``LaunchCoordinator/rerunFirstLaunch()`` is used, through
    /// ``OptoLink/rerunFirstLaunch()``).
    let coordinator: LaunchCoordinator
    /// The pasteboard, asked only whether it holds text (``Pasteboard/hasStrings()``, which never shows
    /// the paste prompt), never read; nil where the SDK may not touch it (an app extension,
    /// ``ClipboardReading/never``).
    let pasteboard: (any Pasteboard)?
    /// What the SDK's own first-launch read found (kind and change count, never the text).
    let pasteboardReadings: PasteboardReadings
}
