import DashboardCore
import Foundation
import OptoLink

/// A service the doctor checks from one of its short links (QubeRoute, Deep Blue Links, AppsFlyer): the lines
/// on the link's host are the same for all, the lines on the service's own API are each one's.
///
/// The checklist, in order: `host.answers` (the link's host answers `GET /.well-known/apple-app-site-association`
/// at all), `host.https` (the link domain over HTTPS), the seven `aasa.*` lines of ``AASAChecks`` (the file
/// on the link's host must list `--team-id`.`--bundle-id` and cover the link's path), the service's own
/// lines (``serviceLines``), `clock.skew`. When the link's host gives no HTTP answer at all nothing else is
/// sent and every other line is skipped.
protocol LinkServiceDoctor: Sendable {
    /// Who serves the association file, and where its app ID is set.
    var aasaAdvice: AASAAdvice { get }

    /// What to change when the file does not cover `link`.
    func coverageFix(_ link: URL) -> String

    /// The service's own lines, in checklist order.
    var serviceLines: [DoctorLine] { get }

    /// Sends the service's own requests for `link` and reads them: the lines (``serviceLines``, in that
    /// order) and every exchange made.
    func serviceChecks(_ runner: DoctorRunner, link: URL) async -> (checks: [DoctorCheck], exchanges: [DoctorExchange])
}

extension LinkServiceDoctor {
    /// Runs the checklist through `runner`.
    func run(_ runner: DoctorRunner) async -> DoctorReport {
        let options = runner.options
        guard let link = options.linkURL else {
            // Options are parsed with a link for these services; one made in code without it has nothing to check.
            let check = HostChecks.answersLine.fail("no --link", fix: "give --link URL, a short link of the service")
            return report(options, link: options.baseURL, checks: [check], reachable: false)
        }
        let coverage = AASACoverage.link(link, fix: coverageFix(link))
        let aasa = await runner.send(DoctorRunner.aasaRequest(link, timeout: runner.timeout))
        var checks = [
            HostChecks.answers(aasa, flag: "--link"),
            HostChecks.https(
                link, exchange: aasa, line: HostChecks.httpsLine,
                plainHTTPFix:
                    "serve the link domain over HTTPS with a trusted certificate (and give the https:// "
                    + "link): iOS fetches apple-app-site-association only over HTTPS"
            ),
        ]
        guard aasa.response != nil else {
            let reason = "the link's host did not answer"
            checks += (AASAChecks.lines(coverage) + serviceLines + [ClockCheck.line]).map { $0.skip(reason) }
            return report(options, link: link, checks: checks, reachable: false)
        }
        checks += AASAChecks.all(
            aasa, appID: AASAChecks.appID(teamId: options.teamId, bundleId: options.bundleId), advice: aasaAdvice,
            coverage: coverage)
        let (own, exchanges) = await serviceChecks(runner, link: link)
        checks += own + [ClockCheck.check([aasa] + exchanges)]
        return report(options, link: link, checks: checks, reachable: true)
    }

    /// The lines of a service whose API resolves a link with the app's key (QubeRoute, Deep Blue Links): the one
    /// resolve request, sent and read for the key by `key`, then read by `api.https` and by `resolve`.
    func resolveLines(
        _ runner: DoctorRunner, link: URL, key: KeyProbeTable, apiLine: DoctorLine, plainHTTPFix: String,
        notContacted: String, resolve: (DoctorExchange?) -> DoctorCheck
    ) async -> (checks: [DoctorCheck], exchanges: [DoctorExchange]) {
        let (keyCheck, probes) = await runner.probeKey(key, link: link)
        let probe = probes.first
        let api = HostChecks.https(
            runner.options.baseURL, exchange: probe, line: apiLine, plainHTTPFix: plainHTTPFix,
            notContacted: notContacted)
        return ([api, keyCheck, resolve(probe)], probes)
    }

    private func report(_ options: DoctorOptions, link: URL, checks: [DoctorCheck], reachable: Bool) -> DoctorReport {
        DoctorReport(
            provider: options.provider, baseURL: options.baseURL, link: link, checks: checks, reachable: reachable)
    }
}
