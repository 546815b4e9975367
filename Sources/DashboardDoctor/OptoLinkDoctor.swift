import DashboardCore
import Foundation
import OptoLink

/// The doctor's checklist for an OptoLink deployment, whose link domain is also its API (`--base-url`).
///
/// Requests, in order: `GET /health`; `GET /.well-known/apple-app-site-association`; with `--api-key`,
/// `POST /sdk/identity/clear` for a random device; with `--link`, `GET /<org>/<code>/data`, a click on
/// `/<org>/<code>` in the ``SimulatedBrowser`` (every hop it follows) and `POST /match` with the page's
/// token. When `/health` gets no HTTP answer at all nothing else is sent.
struct OptoLinkDoctor: Sendable {
    /// The org whose links and association file are checked.
    let orgKey: String

    /// Runs the checklist through `runner`.
    func run(_ runner: DoctorRunner) async -> DoctorReport {
        let options = runner.options
        let timeout = runner.timeout
        let base = options.baseURL
        var exchanges = [DoctorExchange]()

        let health = await runner.send(DoctorRunner.get(DoctorRunner.url(base, "/health"), timeout: timeout))
        exchanges.append(health)
        var checks = [HostChecks.answers(health), HostChecks.https(baseURL: base, health: health)]
        guard health.response != nil else {
            let reason = "the host did not answer"
            let coverage = AASACoverage.optoLink(orgKey: orgKey, linkCode: options.link)
            let rest = [HostChecks.healthLine] + AASAChecks.lines(coverage) + [KeyCheck.table.line] + LinkChecks.lines
            checks += (rest + [ClockCheck.line]).map { $0.skip(reason) }
            return DoctorReport(baseURL: base, orgKey: orgKey, checks: checks, reachable: false)
        }
        checks.append(HostChecks.health(health))

        let aasa = await runner.send(DoctorRunner.aasaRequest(base, timeout: timeout))
        exchanges.append(aasa)
        checks += AASAChecks.all(
            aasa, orgKey: orgKey, teamId: options.teamId, bundleId: options.bundleId, linkCode: options.link)

        let (keyCheck, keyExchanges) = await runner.probeKey(KeyCheck.table, link: base)
        exchanges += keyExchanges
        checks.append(keyCheck)

        if let code = options.link {
            let data = await runner.send(
                LinkChecks.dataRequest(baseURL: base, orgKey: orgKey, code: code, timeout: timeout))
            let visit = await runner.click(LinkChecks.pageURL(baseURL: base, orgKey: orgKey, code: code))
            let hops = visit.hops.map(DoctorExchange.init(hop:))
            exchanges += [data] + hops
            let (dataCheck, path) = LinkChecks.data(data, orgKey: orgKey, code: code)
            var pageCheck = LinkChecks.pageLine.fail(visit.end.text, fix: "the click made no request: check --base-url")
            var token: String?
            if let page = hops.first {
                (pageCheck, token) = LinkChecks.page(page, orgKey: orgKey, code: code, visit: visit)
            }
            var match: DoctorExchange?
            if let token {
                match = await runner.send(LinkChecks.matchRequest(baseURL: base, token: token, timeout: timeout))
            }
            exchanges += match.map { [$0] } ?? []
            checks += [dataCheck, pageCheck, LinkChecks.match(match, expectedPath: path)]
        } else {
            let reason = "give --link CODE to check a link end to end"
            checks += LinkChecks.lines.map { $0.skip(reason) }
        }

        checks.append(ClockCheck.check(exchanges))
        return DoctorReport(baseURL: base, orgKey: orgKey, checks: checks, reachable: true)
    }
}
