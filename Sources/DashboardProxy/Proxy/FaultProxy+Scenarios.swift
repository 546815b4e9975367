import DashboardCore
import Foundation

extension FaultProxy {
    /// Starts the fault proxy in front of `upstream` (a backend without `/dev/faults`); every request it
    /// changed is logged as injected by the proxy. Nil (with a warning) when it cannot listen.
    package static func start(inFrontOf upstream: URL, emit: @escaping @Sendable (DashboardAction) -> Void)
        -> FaultProxy?
    {
        let proxy = Self(
            upstream: upstream, namesSourceAddress: true,
            onEvent: { event in
                if event.decision.isInjected { emit(.log(.warning, event.line)) }
            })
        do {
            try proxy.start()
            return proxy
        } catch {
            emit(.log(.error, "\(error): scenarios that need faults are skipped"))
            return nil
        }
    }
}
