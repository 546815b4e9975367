/// The moments of one first launch that row 2f reads, all on the SDK's clock (`SystemClock`, seconds), and
/// what they give: the SDK's own time from `OptoLink.start` to its first request reaching the transport,
/// less the time spent inside the app's signing hook (the app's backend signs, not the SDK).
///
/// The hook is on the request's path (the request needs its signature), so the path's time without it is
/// exactly `onWire − start − (hook's exit − hook's entry)`, whatever else ran beside it on the other core.
/// Everything the SDK does around the hook (the task it runs the hook in, its deadline, resuming the
/// launch afterwards) stays in.
struct FirstRequestTiming: Sendable, Equatable {
    /// Just before `OptoLink.start` was called.
    let start: Double
    /// When `start` returned (the first-launch task may already run beside it).
    let returned: Double
    /// The signing hook's first line and its return (AppsFlyer's signing hook); nil without a hook.
    let hook: ClosedRange<Double>?
    /// The first attempt's `requestStarted` diagnostic: the request loop begins.
    let requestStarted: Double
    /// When the SDK called its `HTTPTransport` with the request.
    let onWire: Double

    /// Nil unless the moments come in the order a first launch has them: `start` first, then the hook
    /// (if any), the request loop and the transport; `start` returning may come before or after any of
    /// them but not before `start`.
    init?(start: Double, returned: Double, hook: ClosedRange<Double>?, requestStarted: Double, onWire: Double) {
        guard start <= returned, start <= (hook?.lowerBound ?? start),
            (hook?.upperBound ?? requestStarted) <= requestStarted, requestStarted <= onWire
        else { return nil }
        self.start = start
        self.returned = returned
        self.hook = hook
        self.requestStarted = requestStarted
        self.onWire = onWire
    }

    /// The time inside the hook (0 without one): excluded from ``sdkTime``.
    var hookTime: Double { hook.map { $0.upperBound - $0.lowerBound } ?? 0 }

    /// The row's figure: `start` → the transport, less ``hookTime``.
    var sdkTime: Double { onWire - start - hookTime }

    /// `start` → `start` returning (its synchronous part; inside ``toRequestLoop``, or beside it).
    var startReturning: Double { returned - start }

    /// `start` → the request loop (``toHook`` + ``afterHook`` with a hook): the launch's tasks, the
    /// coordinator, the fingerprint, the body, and around the hook whatever the SDK does to call it.
    var toRequestLoop: Double { requestStarted - start - hookTime }

    /// `start` → the hook's first line (nil without a hook).
    var toHook: Double? { hook.map { $0.lowerBound - start } }

    /// The hook's return → the request loop (nil without a hook).
    var afterHook: Double? { hook.map { requestStarted - $0.upperBound } }

    /// The request loop → the transport (the attempt's set-up).
    var loopToTransport: Double { onWire - requestStarted }
}
