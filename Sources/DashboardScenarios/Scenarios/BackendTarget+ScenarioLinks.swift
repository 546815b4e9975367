import DashboardCore
import Foundation

/// How the scenarios name a target's links in their plans, steps and log lines.
extension BackendTarget {
    /// The link of `role` as the plans show it: its path on the link host (`/demo/summer`), or
    /// `the main link (--link)` when the target has none.
    package func linkLabel(_ role: LinkRole) -> String {
        guard let link = link(role) else { return "the \((role.fallback ?? role).rawValue) link (--link)" }
        return BrowserVisit.pathAndQuery(link.url)
    }

    /// Where the link of `role` routes the app, as the plans show it: its known path (`/promo/summer`), or
    /// `the link's path` for a link given with `--link` (the service's answer is read then).
    package func pathLabel(_ role: LinkRole) -> String {
        link(role)?.path ?? "the link's path"
    }

    /// How long ago `window-expired` dates its click back: past the short-window link's match window by a
    /// twenty-fourth of it, at least 5 minutes (1 h → 65 minutes, 24 h → 25 hours); for a link whose window is
    /// not known, 721 hours, past the longest window the contract allows (720 h).
    package var expiredAge: Double {
        guard let window = link(.shortWindow)?.window else { return 721 * 3600 }
        return window + max(300, window / 24)
    }

    /// ``expiredAge`` in words (`65 minutes`, `25 hours`).
    package var expiredAgeText: String {
        expiredAge < 7200 ? "\(Int(expiredAge / 60)) minutes" : "\(Int(expiredAge / 3600)) hours"
    }
}

/// A match window in hours (`1 h`, `48 h`).
func formatWindow(_ seconds: Double) -> String {
    "\(Int((seconds / 3600).rounded())) h"
}
