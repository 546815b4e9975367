import Foundation
import OptoLink

/// How a simulated device is set up: its backend, its traits and the SDK settings it launches with.
package struct DeviceSettings: Sendable, Hashable {
    /// The backend.
    package var target: BackendTarget
    /// The app-side fingerprint and network address (sent as `X-Forwarded-For`).
    package var app: FingerprintValues
    /// `clipboardEnabled` of the next launch.
    package var clipboardEnabled: Bool
    /// `backoffBase` (the SDK's default is 1 s).
    package var backoffBase: Double
    /// `timeout` per attempt (the SDK's default is 10 s; whole seconds on Linux).
    package var timeout: Double
    /// `maxRetries` (the SDK's default is 2).
    package var maxRetries: Int
    /// The backend behind the dashboard's fault proxy when ``target`` is the proxy (nil: ``target`` is the
    /// backend). The app's backend that AppsFlyer's signing hook plays signs the device's address as that
    /// backend sees it (``LoopbackUpstream``).
    package var upstream: URL?

    /// Creates settings; the defaults are the SDK's.
    package init(
        target: BackendTarget, app: FingerprintValues = .demoPhone, clipboardEnabled: Bool = true,
        backoffBase: Double = 1, timeout: Double = 10, maxRetries: Int = 2, upstream: URL? = nil
    ) {
        self.target = target
        self.app = app
        self.clipboardEnabled = clipboardEnabled
        self.backoffBase = backoffBase
        self.timeout = timeout
        self.maxRetries = maxRetries
        self.upstream = upstream
    }

    /// The SDK's retries these settings make (``maxRetries``, ``backoffBase``; the rest the SDK's defaults).
    var retry: RetryPolicy { RetryPolicy(maxRetries: maxRetries, backoffBase: backoffBase) }

    /// The network address `address` as the backend sees it: behind the fault proxy, on a loopback backend,
    /// the loopback address the device's requests are sent from and named by (``LoopbackUpstream``); else
    /// `address`, the simulated one.
    package func addressSeenByBackend(_ address: String) -> String {
        upstream.map { LoopbackUpstream.attributedAddress(for: address, upstream: $0) } ?? address
    }
}
