import DashboardCore
import Foundation
import OptoLink
import OptoLinkServer

/// `optolink-dash --headless --compare NAME`: one scenario against every service at once over the embedded
/// server (or `--base-url`, with the services whose keys are given), printing each column's log lines as
/// they come, then the compare table (``CompareTable``).
///
/// ```swift
/// let code = await HeadlessCompare.run("flaky-server", options: options) { print($0) }   // 0 unless a column failed
/// ```
package enum HeadlessCompare {
    /// Runs the compare of `name`.
    ///
    /// Against `--base-url` it first checks that the URL answers HTTP at all (``BackendAnswerCheck``): when
    /// it does not, no column runs.
    /// - Parameters:
    ///   - recorder: opens the session `--record` or `--cast` asks for.
    ///   - write: the columns' log lines, their verdicts and the table (stdout).
    ///   - errors: the `optolink-dash: …` line saying why nothing ran (stderr; default `write`).
    /// - Returns: 0 when no column failed (SKIPs are fine), 1 when one did, 2 for an unknown scenario, 4 when
    ///   there is no backend to run against (the embedded server did not start, or `--base-url` gave no HTTP
    ///   answer).
    package static func run(
        _ name: String, options: DashboardOptions, recorder: any HeadlessRecorder,
        write: @escaping @Sendable (String) -> Void,
        errors: (@Sendable (String) -> Void)? = nil
    ) async -> Int32 {
        let fail = errors ?? write
        guard let scenario = ScenarioCatalog.named(name) else {
            fail("optolink-dash: unknown scenario '\(name)'; known: \(ScenarioCatalog.names.joined(separator: ", "))")
            return 2
        }
        var server: OptoLinkServer?
        let baseURL: URL
        if let given = options.baseURL {
            if let code = await BackendAnswerCheck.exitCode(options: options, errors: fail) { return code }
            baseURL = given
        } else {
            do {
                let started = try EmbeddedServer.start()
                server = started
                baseURL = started.baseURL
            } catch {
                fail("optolink-dash: \(error)")
                return 4
            }
        }
        defer { server?.stop() }
        write(
            "optolink-dash headless compare: \(scenario.name) on "
                + "\(baseURL.absoluteString)\(server == nil ? "" : " (embedded)"), "
                + "SDK \(OptoLink.sdkVersion), backoff base \(formatSeconds(options.backoffBase))")
        let clock = SystemClock()
        let printer = TimelinePrinter(now: { clock.now() }, write: write)
        // --record / --cast: the compare view as the dashboard shows it, every column's update recorded.
        var recording: HeadlessRecording?
        let started = HeadlessRecording(now: { clock.now() })
        let session: (any HeadlessSession)?
        do {
            session = try recorder.open(options: options, state: started.state, now: { clock.now() })
        } catch {
            fail("optolink-dash: \(error)")
            return 2
        }
        if let session {
            started.record(to: session)
            started.apply(
                .targetChanged(
                    url: baseURL.absoluteString + (server == nil ? "" : " (embedded)"),
                    orgKey: options.effectiveOrgKey.rawValue,
                    sdkVersion: OptoLink.sdkVersion))
            started.apply(.serverReachable(true))
            recording = started
        }
        let runner = CompareRunner(
            backoffBase: options.backoffBase, targets: targets(options: options, baseURL: baseURL))
        let state = await runner.run(scenario) { [recording] action in
            recording?.apply(action)
            if case .log = action { printer.handle(action) }
            if case .panel(let box) = action, case .finished(let service, let outcome)? = box.as(CompareUpdate.self) {
                write(outcome.line(for: "\(scenario.name) on \(CompareColumn.title(service))"))
            }
        }
        for line in CompareTable.lines(state) { write(line) }
        let code: Int32 = state.failed == 0 ? 0 : 1
        guard let recording else { return code }
        return max(code, recording.finish(write: write, errors: fail))
    }

    /// The target of each service: the demo keys on the embedded server; with `--base-url`, the services
    /// whose keys the options give (the others end SKIP, naming the flag they lack).
    static func targets(options: DashboardOptions, baseURL: URL)
        -> @Sendable (OptoLinkService) -> Result<BackendTarget, DashboardError>
    {
        { service in Result { () throws(DashboardError) in try options.target(for: service, baseURL: baseURL) } }
    }
}
