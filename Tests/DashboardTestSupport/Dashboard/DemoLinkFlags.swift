import DashboardCore
import Foundation
import OptoLink

/// The `--link ROLE=URL` flags naming the demo seed's links of `service` on a reference server the test
/// started itself (it knows that server's links; the dashboard, given only `--base-url`, makes none up).
package enum DemoLinkFlags {
    /// `["--link", "main=http://…/demo/summer", "--link", "cold-start=…", …]`.
    package static func flags(_ service: OptoLinkService, baseURL: URL) -> [String] {
        let links = BackendTarget.demo(service, baseURL: baseURL).links
        return links.byRole.keys.sorted().flatMap { role in
            ["--link", "\(role.rawValue)=\(links.byRole[role]!.url.absoluteString)"]
        }
    }

    /// The same flags as one shell word list (`--link 'main=http://…' …`).
    package static func shell(_ service: OptoLinkService, baseURL: URL) -> String {
        flags(service, baseURL: baseURL).map { $0.hasPrefix("--") ? $0 : "'\($0)'" }.joined(separator: " ")
    }
}
