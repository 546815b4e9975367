import DashboardCore
import DashboardProxy
import Foundation
import OptoLink
import OptoLinkServer
import OptoLinkToolSupport

/// `optolink-dash --headless --scenario NAME|all`: no terminal; runs the scenarios against the embedded
/// server (or `--base-url`), prints the timeline as plain lines, a verdict line per scenario, and last
/// `N passed, N failed` (with `, N skipped` when some were skipped).
///
/// ```swift
/// // 0 when none failed
/// let code = await HeadlessRunner.run(options: options, recorder: SessionHeadlessRecorder()) { print($0) }
/// ```
package enum HeadlessRunner {
    /// The totals of a run.
    package struct Summary: Sendable, Hashable {
        /// Scenarios that passed.
        package var passed = 0
        /// Scenarios that failed.
        package var failed = 0
        /// Scenarios that were skipped.
        package var skipped = 0

        /// `N passed, N failed` (+ `, N skipped`).
        package var line: String {
            "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
        }
    }

    /// The scenarios `--scenario` names (`all` or one name).
    /// - Throws: ``DashboardError/usage(_:)`` for an unknown name.
    package static func scenarios(named name: String) throws(DashboardError) -> [Scenario] {
        if name == "all" { return ScenarioCatalog.all }
        guard let scenario = ScenarioCatalog.named(name) else {
            throw .usage("unknown scenario '\(name)'; known: all, \(ScenarioCatalog.names.joined(separator: ", "))")
        }
        return [scenario]
    }

    /// The `--list-scenarios` lines: `name  expectation` (OptoLink's expectations).
    package static var listing: [String] { listing(for: .optoLink) }

    /// The `--list-scenarios --provider X` lines: `name  expectation` against `service`, or
    /// `name  SKIP: reason` for a scenario the service cannot serve.
    package static func listing(for service: OptoLinkService) -> [String] {
        let width = ScenarioCatalog.names.map(\.count).max() ?? 0
        return ScenarioCatalog.all.map {
            $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                + ($0.skipReason(for: service).map { "SKIP: \($0)" } ?? $0.expectation(for: service))
        }
    }

    /// Runs the scenarios of `options` and writes every line to `write`.
    ///
    /// Against `--base-url` it first checks that the URL answers HTTP at all (``BackendAnswerCheck``): when
    /// it does not, nothing runs.
    /// - Parameters:
    ///   - recorder: opens the session `--record` or `--cast` asks for.
    ///   - write: the timeline, the verdicts and the summary (stdout).
    ///   - errors: the `optolink-dash: …` lines saying why nothing ran or a file was not written (stderr;
    ///     default `write`).
    /// - Returns: the exit code: 0 when none failed, 1 when one failed, 2 for an unknown scenario, 4 when
    ///   there is no backend to run against (the embedded server did not start, or `--base-url` gave no
    ///   HTTP answer).
    package static func run(
        options: DashboardOptions, recorder: any HeadlessRecorder, write: @escaping @Sendable (String) -> Void,
        errors: (@Sendable (String) -> Void)? = nil
    ) async -> Int32 {
        let fail = errors ?? write
        if let compare = options.compare {
            return await HeadlessCompare.run(compare, options: options, recorder: recorder, write: write, errors: fail)
        }
        let scenarios: [Scenario]
        do {
            scenarios = try self.scenarios(named: options.scenario ?? "all")
        } catch {
            fail("optolink-dash: \(error)")
            return 2
        }
        var server: OptoLinkServer?
        let target: BackendTarget
        if let baseURL = options.baseURL {
            do {
                target = try options.target(for: options.provider, baseURL: baseURL)
            } catch {
                fail("optolink-dash: \(error)")
                return 2
            }
            if let code = await BackendAnswerCheck.exitCode(options: options, errors: fail) { return code }
        } else {
            do {
                let started = try EmbeddedServer.start()
                server = started
                target = try options.target(for: options.provider, baseURL: started.baseURL)
            } catch {
                server?.stop()
                fail("optolink-dash: \(error)")
                return error.isUsage ? ExitStatus.badInput.rawValue : ExitStatus.backendUnreachable.rawValue
            }
        }
        defer { server?.stop() }
        let clock = SystemClock()
        let recording = HeadlessRecording(now: { clock.now() })
        do {
            if let session = try recorder.open(options: options, state: recording.state, now: { clock.now() }) {
                recording.record(to: session)
            }
        } catch {
            fail("optolink-dash: \(error)")
            return error.exitStatus.rawValue
        }
        let started = Date()
        recording.apply(
            .targetChanged(
                url: target.baseURL.absoluteString + (server == nil ? "" : " (embedded)"), orgKey: target.headerKey,
                sdkVersion: OptoLink.sdkVersion))
        recording.apply(.providerChanged(target.service))
        // What each scenario expects of this service and these links (the reports quote it), not OptoLink's.
        recording.apply(
            .scenarioExpectations(
                ScenarioCatalog.expectations(for: target), skips: ScenarioCatalog.skipReasons(for: target),
                compare: ScenarioCatalog.compareExpectations))
        recording.apply(.linksChanged(target.linkTexts))
        // Known by now: the embedded server started, or --base-url answered HTTP.
        recording.apply(.serverReachable(true))
        let summary = await run(
            scenarios, target: target, backoffBase: options.backoffBase, write: write, recording: recording)
        var code: Int32 = summary.failed == 0 ? 0 : 1
        code = max(code, recording.finish(write: write, errors: fail))
        if let directory = options.exportDirectory {
            do {
                let files = try ExportBundle.write(
                    recording.state, theme: .builtInDefault, size: .full,
                    to: URL(fileURLWithPath: directory))
                write("exported \(files.map(\.lastPathComponent).joined(separator: ", ")) to \(directory)")
            } catch {
                fail("optolink-dash: \(error)")
                code = max(code, ExitStatus.exportFailed.rawValue)
            }
        }
        if let junit = options.junitFile {
            do {
                try ExportWriter.write(
                    Data(JUnitReport.xml(recording.state.scenarioResults, timestamp: started).utf8), to: junit)
                write("JUnit XML written to \(junit)")
            } catch {
                fail("optolink-dash: cannot write the JUnit XML \(error)")
                code = max(code, ExitStatus.exportFailed.rawValue)
            }
        }
        return code
    }

    /// Runs `scenarios` against `target`; writes the timeline, the verdicts and the summary line.
    /// - Parameter recording: also folds every action into this state (for `--export` and `--junit`).
    package static func run(
        _ scenarios: [Scenario], target: BackendTarget, backoffBase: Double,
        write: @escaping @Sendable (String) -> Void, recording: HeadlessRecording? = nil
    ) async -> Summary {
        let backend = BackendClient(target: target)
        let clock = SystemClock()
        let printer = TimelinePrinter(service: target.service, now: { clock.now() }, write: write)
        let capabilities = await backend.capabilities()
        write(
            "optolink-dash headless: \(target.service.displayName) at \(target.baseURL.absoluteString)"
                + (target.service == .optoLink ? target.orgKey.map { " org \($0)" } ?? "" : "")
                + ", SDK \(OptoLink.sdkVersion), "
                + "backoff base \(formatSeconds(backoffBase))"
                + (capabilities.referenceServer ? ", the reference server" : ""))
        write("routes: " + capabilities.line(clickPath: target.profile.devClickPath))
        recording?.apply(.capabilitiesProbed(capabilities.line(clickPath: target.profile.devClickPath)))
        write(
            target.links.byRole.isEmpty
                ? "links: none (scenarios that click or open a link need --link)"
                : "links\(target.links.given ? "" : " (the embedded seed's)"): "
                    + target.links.lines.joined(separator: "; "))
        let emit: @Sendable (DashboardAction) -> Void = { action in
            printer.handle(action)
            recording?.apply(action)
        }
        let proxy = capabilities.faults ? nil : FaultProxy.start(inFrontOf: target.baseURL, emit: emit)
        // The proxy serves the scenario devices; the dashboard's own calls go to the backend itself.
        defer { proxy?.stop() }
        if let proxy {
            write(
                "fault layer: the dashboard's fault proxy on \(proxy.url.absoluteString) → "
                    + "\(target.baseURL.absoluteString) "
                    + "(scenario devices talk to it; injected answers carry \(FaultProxy.injectedHeader): proxy)")
        }
        let environment = ScenarioEnvironment(
            backend: backend, backoffBase: backoffBase, capabilities: capabilities,
            observer: DeviceObserver(
                emit: emit, breakdowns: recording != nil && capabilities.matchAttempts ? backend : nil,
                profiles: recording != nil),
            faultProxy: proxy)
        let runner = ScenarioRunner(environment: environment)
        var summary = Summary()
        for scenario in scenarios {
            let result = await runner.run(scenario)
            for device in result.devices { await device.stopSDK() }
            switch result.outcome {
            case .passed(let detail):
                summary.passed += 1
                write("  \(detail)")
            case .failed: summary.failed += 1
            case .skipped: summary.skipped += 1
            }
            write(result.outcome.line(for: scenario.name))
        }
        write(summary.line)
        return summary
    }
}
