import OptoLink

/// One SDK diagnostic as the simulated device saw it: which launch (SDK instance) sent it, the raw value,
/// and the dashboard event it became (request ids already shifted per launch).
package struct RecordedDiagnostic: Sendable, Hashable {
    /// 1 for the device's first SDK instance, 2 after a relaunch or reinstall, …
    package var launch: Int
    /// The SDK's value.
    package var diagnostic: Diagnostic
    /// The dashboard's event for it.
    package var event: DiagnosticEvent
    /// For an attempt's answer or failure: the HTTP exchange the device's transport recorded for it.
    package var exchange: HTTPExchange?

    /// Creates a record.
    package init(launch: Int, diagnostic: Diagnostic, event: DiagnosticEvent, exchange: HTTPExchange? = nil) {
        self.launch = launch
        self.diagnostic = diagnostic
        self.event = event
        self.exchange = exchange
    }

    /// The SDK's clock time.
    package var time: Double { diagnostic.time }
    /// The SDK's kind.
    package var kind: Diagnostic.Kind { diagnostic.kind }
}
