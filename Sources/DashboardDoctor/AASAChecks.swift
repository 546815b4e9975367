import DashboardCore
import Foundation

/// The `/.well-known/apple-app-site-association` lines: what iOS (through Apple's CDN) needs to trust the
/// link domain for the app, as Apple's `swcutil` and Branch's validator check it.
enum AASAChecks {
    /// The request path.
    static let path = "/.well-known/apple-app-site-association"
    /// Apple's limit on the file's uncompressed size: 128 KB.
    static let maxBytes = 128 * 1024
    /// Short codes tried against an OptoLink file's patterns besides `--link`: a pattern must cover any code,
    /// not one.
    static let sampleCodes = ["a", "Z9", "summer-2024_x"]
    /// The lines but `aasa.paths`, whose title names what it covers (``AASACoverage/title``).
    static let statusLine = DoctorLine("aasa.status", "AASA status")
    static let contentTypeLine = DoctorLine("aasa.contentType", "AASA Content-Type")
    static let sizeLine = DoctorLine("aasa.size", "AASA size")
    static let jsonLine = DoctorLine("aasa.json", "AASA JSON")
    static let appIDLine = DoctorLine("aasa.appID", "AASA app ID")
    static let cacheControlLine = DoctorLine("aasa.cacheControl", "AASA Cache-Control")

    /// Every AASA line of an OptoLink deployment, in checklist order (``all(_:appID:advice:coverage:)``).
    static func all(_ exchange: DoctorExchange, orgKey: String, teamId: String?, bundleId: String?, linkCode: String?)
        -> [DoctorCheck]
    {
        all(
            exchange, appID: appID(teamId: teamId, bundleId: bundleId), advice: .optoLink,
            coverage: .optoLink(orgKey: orgKey, linkCode: linkCode))
    }

    /// Every AASA line, in checklist order; a line that needs an earlier one to have held is skipped.
    static func all(_ exchange: DoctorExchange, appID: String?, advice: AASAAdvice, coverage: AASACoverage)
        -> [DoctorCheck]
    {
        let status = self.status(exchange, advice: advice)
        guard status.status == .pass, let response = exchange.response else {
            let reason = "needs a 200 answer without a redirect"
            return [status] + skipped(coverage: coverage, reason)
        }
        let (jsonCheck, document) = json(response.body)
        return [
            status, contentType(response.header("Content-Type")), size(response.body.count), jsonCheck,
            self.appID(document, appID: appID, advice: advice), self.coverage(document, appID: appID, coverage),
            cacheControl(response.header("Cache-Control"), advice: advice),
        ]
    }

    /// The `aasa.paths` line, titled by what it covers.
    static func pathsLine(_ coverage: AASACoverage) -> DoctorLine { DoctorLine("aasa.paths", coverage.title) }

    /// The AASA lines, in checklist order, `aasa.paths` titled by `coverage`.
    static func lines(_ coverage: AASACoverage) -> [DoctorLine] {
        [
            statusLine, contentTypeLine, sizeLine, jsonLine, appIDLine, pathsLine(coverage),
            cacheControlLine,
        ]
    }

    /// Every AASA line after the status, skipped for `reason`.
    static func skipped(coverage: AASACoverage, _ reason: String) -> [DoctorCheck] {
        lines(coverage).dropFirst().map { $0.skip(reason) }
    }

    /// `<teamId>.<bundleId>` when both are given.
    static func appID(teamId: String?, bundleId: String?) -> String? {
        teamId.flatMap { team in bundleId.map { "\(team).\($0)" } }
    }

    /// `aasa.status`: 200, and not a redirect (iOS never follows one for this file).
    static func status(_ exchange: DoctorExchange, advice: AASAAdvice = .optoLink) -> DoctorCheck {
        guard let response = exchange.response else {
            return statusLine.fail(exchange.summary, fix: advice.noAnswer)
        }
        switch response.status {
        case 200:
            return statusLine.pass("\(exchange.summary), no redirect")
        case 300...399:
            let location = response.header("Location").map { " to \($0)" } ?? ""
            return statusLine.fail(
                "\(response.status) redirect\(location)",
                fix:
                    "serve the file itself at https://<link domain>\(path) with 200: iOS and Apple's CDN do "
                    + "not follow redirects for it (a redirect from http:// to https://, or to www., "
                    + "breaks it too)"
            )
        case 404:
            return statusLine.fail("404 not found", fix: advice.notFound)
        default:
            return statusLine.fail(
                "\(response.status)", fix: "\(path) must answer 200: check the backend's logs for this request")
        }
    }

    /// `aasa.contentType`: `application/json` (parameters such as `charset` are fine).
    static func contentType(_ header: String?) -> DoctorCheck {
        let fix =
            "serve the file with Content-Type: application/json (a static file without an extension is "
            + "often sent as application/octet-stream or text/plain)"
        guard let header, !header.isEmpty else { return contentTypeLine.fail("no Content-Type header", fix: fix) }
        let mediaType =
            header.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return mediaType == "application/json" ? contentTypeLine.pass(header) : contentTypeLine.fail(header, fix: fix)
    }

    /// `aasa.size`: at most 128 KB uncompressed (URLSession hands over the decompressed body).
    static func size(_ bytes: Int) -> DoctorCheck {
        let text = "\(bytes) bytes (limit \(maxBytes), 128 KB)"
        if bytes <= maxBytes { return sizeLine.pass(text) }
        return sizeLine.fail(
            text,
            fix:
                "iOS ignores a file over 128 KB: use wildcards in components instead of listing paths one "
                + "by one, and leave out apps that do not use this domain"
        )
    }

    /// `aasa.json`: valid JSON with `applinks.details`; returns the parsed document for the next lines.
    static func json(_ body: Data) -> (DoctorCheck, AASADocument?) {
        switch AASADocument.parse(body) {
        case .success(let document):
            let count = document.details.count
            return (jsonLine.pass("valid, applinks.details has \(count) entr\(count == 1 ? "y" : "ies")"), document)
        case .failure(let problem):
            let fix =
                "the file must be a JSON object with applinks.details (see docs/doctor.md); check it with a JSON linter"
            return (jsonLine.fail(problem.message, fix: fix), nil)
        }
    }

    /// `aasa.appID`: `<teamId>.<bundleId>` in some `applinks.details[].appIDs` (or the older `appID`).
    static func appID(_ document: AASADocument?, appID: String?, advice: AASAAdvice = .optoLink) -> DoctorCheck {
        guard let document else { return appIDLine.skip("needs valid JSON") }
        let listed = document.details.flatMap(\.appIDs)
        let listing = listed.isEmpty ? "none" : listed.joined(separator: ", ")
        guard let appID else {
            return appIDLine.skip("give --team-id and --bundle-id to check (the file lists: \(listing))")
        }
        guard let detail = document.details.first(where: { $0.appIDs.contains(appID) }) else {
            return appIDLine.fail("\(appID) is not listed (the file lists: \(listing))", fix: advice.appIDMissing)
        }
        let legacy = detail.usesLegacyAppID ? " (older \"appID\" key: iOS 13+ reads \"appIDs\")" : ""
        return appIDLine.pass("\(appID) is listed\(legacy)")
    }

    /// `aasa.paths`: a component (or an older `paths` pattern) opens every one of `coverage`'s samples in the
    /// app, and no exclusion before it takes any back. Components are read in order, as iOS does: the first
    /// that matches a URL decides. With `appID`, only that app's entries count.
    static func coverage(_ document: AASADocument?, appID: String?, _ coverage: AASACoverage) -> DoctorCheck {
        let line = pathsLine(coverage)
        guard let document else { return line.skip("needs valid JSON") }
        let details = appID.map { appID in document.details.filter { $0.appIDs.contains(appID) } } ?? document.details
        if let appID, details.isEmpty { return line.skip("needs \(appID) in the file") }
        var problems = [String]()
        for detail in details {
            let owner = detail.appIDs.first ?? "an entry without app IDs"
            switch verdict(detail, samples: coverage.samples) {
            case .covered(let by, let legacy):
                let note =
                    legacy
                    ? " (older \"paths\" form: still read, but \"components\" is the current one)"
                    : ""
                return line.pass("\(by) for \(owner)\(note)")
            case .notCovered(let reason):
                problems.append("\(owner): \(reason)")
            }
        }
        return line.fail(problems.isEmpty ? "no applinks details" : problems.joined(separator: "; "), fix: coverage.fix)
    }

    /// `aasa.cacheControl`: present (OptoLink's contract sends `max-age=3600`), so every cache in the way
    /// refreshes it at a known pace after a change. A service that documents no Cache-Control for its file
    /// (``AASAAdvice/cacheControlDocumented`` false) is not failed for sending none: the line is skipped.
    static func cacheControl(_ header: String?, advice: AASAAdvice = .optoLink) -> DoctorCheck {
        guard let header, !header.isEmpty else {
            guard advice.cacheControlDocumented else {
                return cacheControlLine.skip(
                    "no Cache-Control header; the service documents none for this file (OptoLink's contract "
                        + "sends max-age=3600)")
            }
            return cacheControlLine.fail(
                "no Cache-Control header",
                fix:
                    "send Cache-Control: max-age=3600 (the contract's value) so CDNs and proxies refresh "
                    + "the file within an hour of a change"
            )
        }
        return cacheControlLine.pass(header)
    }

    private enum Verdict {
        case covered(by: String, legacy: Bool)
        case notCovered(String)
    }

    private static func verdict(_ detail: AASADocument.Detail, samples: [String]) -> Verdict {
        if let components = detail.components {
            var by: String?
            for sample in samples {
                let (path, query) = split(sample)
                guard let first = components.first(where: { $0.matches(path: path, query: query) }) else {
                    return .notCovered("no component matches \(sample)")
                }
                if first.exclude { return .notCovered("\(sample) is excluded by \(first.text)") }
                by = by ?? first.text
            }
            return .covered(by: "covered by \(by ?? "{}")", legacy: false)
        }
        if let paths = detail.paths {
            var by: String?
            for sample in samples {
                let path = split(sample).path
                guard
                    let first = paths.first(where: { pattern in
                        let text = pattern.hasPrefix("NOT ") ? String(pattern.dropFirst(4)) : pattern
                        return AASAPattern(text).matches(path)
                    })
                else { return .notCovered("no path pattern matches \(sample)") }
                if first.hasPrefix("NOT ") { return .notCovered("\(sample) is excluded by \"\(first)\"") }
                by = by ?? "\"\(first)\""
            }
            return .covered(by: "covered by paths \(by ?? "")", legacy: true)
        }
        return .notCovered("neither components nor paths")
    }

    /// A sample's path and its query (nil without a `?`).
    private static func split(_ sample: String) -> (path: String, query: String?) {
        guard let mark = sample.firstIndex(of: "?") else { return (sample, nil) }
        return (String(sample[..<mark]), String(sample[sample.index(after: mark)...]))
    }
}
