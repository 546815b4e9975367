/// What the debug inspector (the `OptoLinkInspector` product) needs from an ``OptoLink`` instance beside
/// the public API: a tap on the diagnostics, the clock, the logger, the device traits, the first-launch
/// flag and what the SDK knows about the pasteboard.
///
/// `package` access: only this package's targets see it, so the SDK's public API does not grow and an app
/// that does not link the inspector has nothing of it to call. The tap sees every diagnostic without being
/// a listener of ``OptoLink/diagnostics``, so the values kept for the app's first listener stay kept and no
/// listener of the app gets less. The pasteboard is never read through it.
package struct InspectionHook: Sendable {
    /// The diagnostics hub (only ``Broadcaster/addTap(_:onFinish:)`` and ``Broadcaster/removeTap(_:)`` are used).
    let diagnostics: Broadcaster<Diagnostic>
    /// The SDK's clock: diagnostic times, and the inspector's waits.
    package let clock: any OptoLinkClock
    /// The device traits (for the hello's fingerprint).
    let deviceInfo: any DeviceInfoProvider
    /// The first-launch flag.
    let launchState: LaunchState
    /// Logs as the SDK does: to the configured logger and as a `.log` diagnostic.
    package let log: @Sendable (LogLevel, String) -> Void
    /// The launch coordinator (only ``LaunchCoordinator/rerunFirstLaunch()`` is used, through
    /// ``OptoLink/rerunFirstLaunch()``).
    let coordinator: LaunchCoordinator
    /// The pasteboard, asked only whether it holds text (``Pasteboard/hasStrings()``, which never shows
    /// the paste prompt), never read; nil where the SDK may not touch it (an app extension,
    /// ``ClipboardReading/never``).
    let pasteboard: (any Pasteboard)?
    /// What the SDK's own first-launch read found (kind and change count, never the text).
    let pasteboardReadings: PasteboardReadings

    /// Starts a tap: `tap` sees every diagnostic emitted from now on, without being a listener.
    ///
    /// - Parameter tap: called with each diagnostic, on the thread that emits it; keep it short.
    /// - Returns: a copy of the diagnostics kept for the app's first listener (they stay kept for it), and
    ///   the call that removes the tap.
    package func tapDiagnostics(_ tap: @escaping @Sendable (Diagnostic) -> Void) -> (
        backlog: [Diagnostic], untap: @Sendable () -> Void
    ) {
        let hub = diagnostics
        let (id, backlog) = hub.addTap(tap)
        return (backlog, { hub.removeTap(id) })
    }

    /// The device traits `/match` compares (the hello's fingerprint).
    package func fingerprint() -> Fingerprint {
        deviceInfo.fingerprint()
    }

    /// Whether this install's first launch is still to settle.
    package var isFirstLaunch: Bool {
        launchState.isFirstLaunch
    }

    /// What the pasteboard holds as far as the SDK knows without reading it (``PasteboardReadings/state(of:)``);
    /// ``PasteboardContent/unknown`` without asking where the SDK may not touch the pasteboard.
    package func pasteboardContent() async -> PasteboardContent {
        guard let pasteboard else { return .unknown }
        return await pasteboardReadings.state(of: pasteboard)
    }
}
