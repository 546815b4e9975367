import Foundation
import OptoLink

/// The header line: target, provider (with the org or app id), SDK version, server reachability and the
/// scenario; in attach mode the
/// listen address, the pairing token and the shown app instead of the org and SDK version.
///
/// When the line is too long for the width, the main link is left out first, then the target URL is shortened
/// (with `…`), then the SDK version, the org and the title are left out, so the server state and the scenario's
/// verdict stay visible.
enum HeaderView {
    /// `OptoLink org demo`, `QubeRoute`, `Deep Blue Links`, `AppsFlyer id123456789`; the service alone when the
    /// org or app id is not known (a reopened browser HAR).
    static func providerLabel(_ header: HeaderInfo) -> String {
        guard !header.orgKey.isEmpty else { return header.provider.displayName }
        return header.provider.displayName + (header.provider == .optoLink ? " org " : " ") + header.orgKey
    }

    /// `link go.example.com/acme/fall` (the main link, without its scheme; its path alone on the embedded
    /// server's own host), nil when none is known yet.
    static func linkLabel(_ header: HeaderInfo) -> String? {
        guard let main = header.links[.main], let url = URL(string: main) else { return nil }
        let target = URL(string: header.targetURL.components(separatedBy: " ").first ?? "")
        let sameHost = url.host == target?.host && url.port == target?.port
        let path = BrowserVisit.pathAndQuery(url)
        return "link " + (sameHost ? path : (url.host ?? "") + (url.port.map { ":\($0)" } ?? "") + path)
    }

    /// The probed dev routes without their reasons (`/dev/deferred/simulate ✔ /dev/faults ✘ …`); the log has them.
    static func routesLabel(_ header: HeaderInfo) -> String? {
        header.capabilities.map { line in
            line.components(separatedBy: " · ").map { part in
                part.components(separatedBy: " (").first ?? part
            }.joined(separator: " ")
        }
    }

    static func draw(_ state: DashboardState, row: Int, into buffer: inout ScreenBuffer) {
        let width = buffer.width
        buffer.fill(Rect(x: 0, y: row, width: width, height: 1), with: Cell(role: .header))
        let header = state.header
        var title = " OptoLink dash "
        var parts: [(String, StyleRole)] = [
            (header.targetURL.isEmpty ? "no target" : header.targetURL, .header),
            (providerLabel(header), .header),
            ("SDK \(header.sdkVersion.isEmpty ? "-" : header.sdkVersion)", .header),
        ]
        if state.attach == nil, let link = linkLabel(header) { parts.insert((link, .header), at: 2) }
        switch header.serverReachable {
        case .some(true): parts.append(("server ● up", .header))
        case .some(false): parts.append(("server ○ DOWN", .error))
        case .none: parts.append(("server ? unknown", .header))
        }
        if let attach = state.attach {
            // Attach mode: the app's org and SDK are in its profile; the header shows where to attach and who is shown.
            parts.removeSubrange(1...2)
            parts.append(("attach \(attach.listenAddress) · token \(attach.token)", .header))
            if let shown = attach.shown {
                let others =
                    attach.devices.count > 1 ? " · \(attach.liveCount)/\(attach.devices.count) live, D lists" : ""
                parts.append(
                    (
                        "app \(shown.shortID) " + (shown.isLive ? "● live" : "○ GONE") + others,
                        shown.isLive ? .header : .error
                    ))
            } else {
                parts.append(("waiting for apps", .header))
            }
        }
        let routes = state.attach == nil ? routesLabel(header) : nil
        if let routes { parts.append((routes, .header)) }
        if let session = state.session {
            parts.append((session.headerText, session.mode == .recording ? .error : .header))
        }
        if let name = header.scenarioName {
            let verdict =
                header.scenarioSkipped ? "SKIP" : header.scenarioPassed.map { $0 ? "PASS" : "FAIL" } ?? "running…"
            parts.append(("scenario \(name) \(verdict)", header.scenarioPassed == false ? .error : .header))
        }
        // "│ " before and " " after each part.
        func total() -> Int { title.count + parts.reduce(0) { $0 + $1.0.count + 3 } }
        // The routes give way first (the log lists them), then the link: the target matters more.
        if total() > width, let routes { parts.removeAll { $0.0 == routes } }
        if total() > width, state.attach == nil, linkLabel(header) != nil { parts.remove(at: 2) }
        if total() > width, parts[0].0.count > 12 {
            let keep = max(11, parts[0].0.count - (total() - width))
            parts[0].0 = String(parts[0].0.prefix(keep - 1)) + "…"
        }
        // Still too long (beside a scenario name): the SDK version and the org give way.
        for index in [2, 1] where total() > width && header.scenarioName != nil { parts.remove(at: index) }
        if total() > width && header.scenarioName != nil { title = " " }
        var x = buffer.write(title, x: 0, y: row, role: .header, bold: true)
        for (text, role) in parts where x < width {
            x += buffer.write("│ ", x: x, y: row, role: .header)
            x += buffer.write(text + " ", x: x, y: row, role: role)
        }
    }
}
