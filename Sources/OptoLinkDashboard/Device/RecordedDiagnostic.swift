import OptoLink

/// One SDK diagnostic as the simulated device saw it: which launch (SDK instance) sent it, the raw value,
/// and the dashboard event it became (request ids already shifted per launch).
public struct RecordedDiagnostic: Sendable, Hashable {
    /// 1 for the device's first SDK instance, 2 after a relaunch or reinstall, …
    public var launch: Int
    /// The SDK's value.
    public var diagnostic: Diagnostic
    /// The dashboard's event for it.
    public var event: DiagnosticEvent
    /// For an attempt's answer or failure: the HTTP exchange the device's transport recorded for it.
    public var exchange: HTTPExchange?

    /// Creates a record.
    public init(launch: Int, diagnostic: Diagnostic, event: DiagnosticEvent, exchange: HTTPExchange? = nil) {
        self.launch = launch
        self.diagnostic = diagnostic
        self.event = event
        self.exchange = exchange
    }

    /// The SDK's clock time.
    public var time: Double { diagnostic.time }
    /// The SDK's kind.
    public var kind: Diagnostic.Kind { diagnostic.kind }
}
