import DashboardCore
import Foundation

/// Every install of the main runs as CSV rows (RFC 4180, a header first): its inputs, its ground truth and its
/// outcome per service, so a team can filter and pivot the population in a spreadsheet.
///
/// Columns: `service, install, kind, click, click_time_s, open_time_s, delay_s, click_network, open_network,
/// network, click_address, open_address, relay, ipv6, model, ios_click, safari_os, ios_open, safari_language,
/// app_language, safari_timezone, app_timezone, clipboard, outcome, method, matched_click, score, guard_fired`.
/// Times are whole seconds of the lab's clock: the click and the first open rounded to the nearest second, the
/// delay their difference (empty for an organic install).
package enum LabCSV {
    /// The header line.
    package static let header = [
        "service", "install", "kind", "click", "click_time_s", "open_time_s", "delay_s", "click_network",
        "open_network",
        "network", "click_address", "open_address", "relay", "ipv6", "model", "ios_click", "safari_os", "ios_open",
        "safari_language", "app_language", "safari_timezone", "app_timezone", "clipboard", "outcome", "method",
        "matched_click", "score", "guard_fired",
    ].joined(separator: ",")

    /// Writes the rows of `runs` to `write`, a few hundred lines at a time (a million installs make about 250 MB).
    package static func write(_ runs: [LabRun], to write: (String) throws -> Void) rethrows {
        try write(header + "\n")
        var chunk = ""
        for run in runs {
            let population = run.job.population
            for device in 0..<population.deviceCount {
                guard let outcome = run.outcome(of: device) else { continue }
                chunk += row(run, device: device, outcome: outcome) + "\n"
                if chunk.utf8.count > 1 << 16 {
                    try write(chunk)
                    chunk = ""
                }
            }
        }
        if !chunk.isEmpty { try write(chunk) }
    }

    /// One install's row.
    static func row(_ run: LabRun, device: Int, outcome: LabOutcome) -> String {
        let population = run.job.population
        let launch = population.launch(of: device)!
        let click = population.click(of: device)
        let networks = population.networks(of: device)
        let flags = population.flags(of: device)
        // The instants are rounded to whole seconds of the lab's clock (half away from zero) and the delay is
        // their difference, so open_time_s − click_time_s == delay_s on every row.
        let clickSecond = click.map { ($0.time).rounded() }
        let openSecond = launch.time.rounded()
        func time(_ value: Double?) -> String { value.map { String(format: "%.0f", $0) } ?? "" }
        let fields: [String] = [
            run.job.service.rawValue, "\(device)", population.role(of: device) == .clicked ? "clicked" : "organic",
            population.groundTruth(of: device).map(String.init) ?? "", time(clickSecond), time(openSecond),
            time(clickSecond.map { openSecond - $0 }), networks.click?.label ?? "", networks.launch?.label ?? "",
            population.networkLabel(of: device).rawValue, click?.address ?? "", launch.address,
            flags.relay ? "1" : "0", flags.ipv6 ? "1" : "0", launch.app.deviceModel,
            click == nil ? "" : population.versions(of: device).click,
            click == nil ? "" : population.versions(of: device).safari, launch.app.osVersion,
            click?.browser.language ?? "", launch.app.language,
            click?.browser.timezone ?? "", launch.app.timezone, population.clipboardState(of: device),
            outcome.outcome.key, outcome.method.key, outcome.matchedClick.map(String.init) ?? "",
            outcome.score.map(String.init) ?? "", outcome.guardFired ? "1" : "0",
        ]
        return fields.map(escape).joined(separator: ",")
    }

    /// A field quoted when it holds a comma, a quote or a line break.
    static func escape(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
