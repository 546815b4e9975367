import Dispatch
import Foundation
import OptoLinkToolSupport

/// What an executable serving the reference server does once its flags are read: start the server, stop it on
/// SIGINT/SIGTERM, announce it on stdout, serve until stopped. `optolink-server` and `optolink-lab-server` both
/// run through it, so their start line, refusals and exit codes (docs/exit-codes.md) are the same.
///
/// ```swift
/// ServerProcess(program: "optolink-server").serve(configuration, printsDemoOrg: true)
/// ```
package struct ServerProcess: Sendable {
    /// The executable's name, prefixed to every message on stderr.
    package var program: String

    /// A process named `program`.
    package init(program: String) { self.program = program }

    /// Prints `program: message` on stderr and exits with `status`.
    package func fail(_ message: String, status: ExitStatus = .badInput) -> Never {
        StandardStream.error.line("\(program): \(message)")
        exit(status.rawValue)
    }

    /// Fails with a flag's refusal, the usage text after it when the refusal asks for it.
    package func fail(_ refusal: ServerFlags.Refusal, usage: String) -> Never {
        fail(refusal.showsUsage ? "\(refusal.message)\n\(usage)" : refusal.message)
    }

    /// The exit status for a start-up error: a file or value the user gave is bad input (2); anything else (the
    /// address cannot be bound) is 3, the server could not open what it serves on.
    package static func status(for error: any Error) -> ExitStatus {
        (error as? OptoLinkServerError)?.isBadInput == true ? .badInput : .exportFailed
    }

    /// Starts a server of `configuration` on `clock`, prints `listening on http://HOST:PORT` first, then the demo
    /// org's keys when `printsDemoOrg`, the production line, and `notes`; serves until SIGINT or SIGTERM, which
    /// stop it and exit 0. A server that cannot start exits with ``status(for:)``.
    package func serve(
        _ configuration: OptoLinkServer.Configuration, clock: any ServerClock = SystemServerClock(),
        printsDemoOrg: Bool, notes: [String] = []
    ) -> Never {
        let server: OptoLinkServer
        do {
            server = try OptoLinkServer(configuration: configuration, clock: clock)
            try server.start()
        } catch {
            fail("\(error)", status: Self.status(for: error))
        }
        let sources = Self.stopOnSignals(server, label: "\(program).signals")
        print("listening on \(server.baseURL.absoluteString)")  // http://HOST:PORT ([v6] bracketed)
        if printsDemoOrg {
            print(
                "demo org: demo (ACTIVE, teamId ABCDE12345, bundleId com.example.demo, custom domain links.demo.test)")
            print("  CLIENT key: opl_sdk_demo_client_key_0000000001")
            print("  SERVER key: opl_api_demo_server_key_0000000001")
            print("  links: /demo/summer, /demo/welcome, /demo/flash")
            print(
                "other orgs: beta (no teamId, opl_sdk_beta_client_key_0000000001), gone (SUSPENDED, "
                    + "opl_sdk_gone_client_key_0000000001)"
            )
        }
        if configuration.production { print("production mode: /dev endpoints are off") }
        for note in notes { print(note) }
        fflush(nil)
        withExtendedLifetime(sources) { dispatchMain() }
    }

    /// Signal handling in place before the listening line, so a SIGTERM sent as soon as that line appears is
    /// never lost. libdispatch registers signal sources asynchronously, so this waits for both registrations
    /// (on a queue of their own, not the main queue) before returning the sources.
    private static func stopOnSignals(_ server: OptoLinkServer, label: String) -> [any DispatchSourceSignal] {
        #if os(Linux)
        // libdispatch on Linux installs its own handler when a signal source registers. Until then the
        // default action applies, so a signal that arrives during start-up ends the process instead of
        // being lost (a background shell may have left SIGINT ignored).
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        #else
        // kqueue sees ignored signals; ignoring them keeps the default action from killing the process.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        #endif
        let queue = DispatchQueue(label: label)
        let registered = DispatchSemaphore(value: 0)
        var sources = [any DispatchSourceSignal]()
        for number in [SIGINT, SIGTERM] {
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { @Sendable [server] in
                server.stop()
                print("stopped")
                fflush(nil)
                exit(0)
            }
            source.setRegistrationHandler { @Sendable [registered] in registered.signal() }
            source.resume()
            sources.append(source)
        }
        for _ in 0..<2 { registered.wait() }
        return sources
    }
}
