/// What a scenario that uses the backend's `/dev` endpoints does against a backend without them (a
/// staging or production deployment, the reference server with `--production`).
package enum DevFallback: Sendable, Hashable {
    /// Skip, naming the one thing it lacks (`needs a click made 65 minutes ago: …`).
    case skip(String)
    /// Run with the dashboard's fault proxy in front of the backend in place of `/dev/faults`.
    case proxyFaults
    /// Run with clicks through the real redirect page (its User-Agent and Accept-Language only: no device
    /// model, no timezone); the checks that read `/dev/match-attempts` are left out and the PASS line says so.
    case pageClicks
    /// Run when the backend has the service's dev click route (OptoLink's `/dev/deferred/simulate`: every trait,
    /// dated back), leaving out the checks that read `/dev/match-attempts`; else skip with the reason.
    case clickRoute(String)
}
