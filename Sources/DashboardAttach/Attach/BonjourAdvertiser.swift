import DashboardCore
import Foundation
import OptoLinkHTTP
import OptoLinkToolSupport

/// Advertises `optolink-dash --attach` as `_optolink._tcp`, so an app that attaches with `.bonjour` finds
/// it, through the platform's own publisher: `dns-sd -R` on macOS, `avahi-publish-service` (Debian's
/// avahi-utils, with avahi-daemon running) on Linux. The dashboard sends no multicast of its own.
///
/// It advertises only a listener apps on other devices can reach: `--listen 127.0.0.1:…` (the default) is
/// for this machine, where apps attach by address, so nothing is advertised then and the log says why.
///
/// ```swift
/// let advertiser = BonjourAdvertiser.start(listening: listener.address) { level, line in
///     inbox.send(.log(level, line))
/// }
/// …
/// advertiser?.stop()
/// ```
///
package final class BonjourAdvertiser: Sendable {
    /// The service type apps browse for.
    package static let serviceType = "_optolink._tcp"
    /// The advertised instance name (never the token).
    package static let instanceName = "optolink-dash"

    /// What to do for a listener.
    package enum Plan: Sendable, Hashable {
        /// Run `executable` with `arguments`.
        case publish(executable: String, arguments: [String])
        /// Advertise nothing, for this reason.
        case skip(String)
    }

    private let publisher: ChildProcess
    private let stopped: Locked<Bool>

    private init(publisher: ChildProcess, stopped: Locked<Bool>) {
        self.publisher = publisher
        self.stopped = stopped
    }

    /// The plan for a listener on `address`: `publisherPath` finds a publisher by name (nil: not installed).
    /// - Parameter darwin: whether this is macOS (`dns-sd`) rather than Linux (`avahi-publish-service`).
    package static func plan(
        for address: AttachListenAddress, darwin: Bool, publisherPath: (String) -> String?
    ) -> Plan {
        let host = address.host.lowercased()
        if host == "localhost" || host == "::1" || host.hasPrefix("127.") {
            return .skip(
                "not advertised over Bonjour: listening on \(address) (this machine only; apps here attach "
                    + "by address). "
                    + "--listen 0.0.0.0:\(address.port) serves phones and advertises \(serviceType)")
        }
        let name = darwin ? "dns-sd" : "avahi-publish-service"
        guard let path = publisherPath(name) else {
            return .skip(
                "not advertised over Bonjour: \(name) not found"
                    + (darwin ? "" : " (apt-get install avahi-utils, and run avahi-daemon)")
                    + "; apps attach by address (\(address)) instead")
        }
        let port = String(address.port)
        return .publish(
            executable: path,
            arguments: darwin
                ? ["-R", instanceName, serviceType, "local", port] : [instanceName, serviceType, port])
    }

    /// Starts advertising `address` when its plan says so; every outcome goes to `log` (also a publisher
    /// that ends early, with what it said on stderr). Nil when nothing runs.
    package static func start(
        listening address: AttachListenAddress,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        log: @escaping @Sendable (DashboardLogLevel, String) -> Void
    ) -> BonjourAdvertiser? {
        #if canImport(Darwin)
        let darwin = true
        #else
        let darwin = false
        #endif
        let searchPath = environment["PATH"] ?? "/usr/bin:/bin"
        let decided = plan(for: address, darwin: darwin) { ChildProcess.find($0, searchPath: searchPath) }
        switch decided {
        case .skip(let reason):
            log(.info, reason)
            return nil
        case .publish(let executable, let arguments):
            let publisher: ChildProcess
            do {
                publisher = try ChildProcess([executable] + arguments, environment: environment, errors: .pipe)
            } catch {
                log(.warning, "not advertised over Bonjour: cannot run \(executable): \(error.localizedDescription)")
                return nil
            }
            let stopped = Locked(false)
            let name = URL(fileURLWithPath: executable).lastPathComponent
            // Drains what the publisher says on stderr (a full pipe would block it) until it ends, then says
            // why when it ended on its own.
            Thread.detachNewThread {
                let said = publisher.errorReader?.readDataToEndOfFile() ?? Data()
                let status = publisher.waitUntilExit()
                guard !stopped.value else { return }
                let last =
                    String(decoding: said, as: UTF8.self).split(whereSeparator: \.isNewline).last.map(String.init)
                    ?? ""
                log(
                    .warning,
                    "Bonjour advertisement of \(serviceType) ended (\(name) exit \(status)"
                        + "\(last.isEmpty ? "" : ": \(last)"); apps attach by address")
            }
            log(
                .info,
                "advertising \(instanceName) as \(serviceType) on port \(address.port) "
                    + "(\(URL(fileURLWithPath: executable).lastPathComponent))"
            )
            return BonjourAdvertiser(publisher: publisher, stopped: stopped)
        }
    }

    /// Whether the publisher still runs.
    package var isRunning: Bool { publisher.isRunning }

    /// Stops advertising: ends the publisher with SIGTERM, and with SIGKILL when it is still there a second
    /// later.
    package func stop() {
        stopped.value = true
        publisher.stop(signal: SIGTERM, grace: 1)
    }
}
