import Foundation
import OptoLinkServer

/// A reference server opened to the match lab's wire engine run from another program
/// (`optolink-dash lab --engine wire --base-url URL`): one link per click in every service, a clock the lab
/// sets to each click and first open (`POST /dev/lab/clock`), the per-address limits off and
/// `X-Forwarded-For` trusted (each simulated device names its address). `optolink-lab-server --links N`
/// starts one; the dashboard's own wire runs embed one. The routes reach the server through its
/// ``ExtraRoute`` hook: the shipped `optolink-server` has none of them.
///
/// Never for a deployment that serves real users: whoever reaches `/dev/lab/clock` moves every match window.
/// `production` turns it off with the other `/dev` routes.
///
/// ```swift
/// var configuration = OptoLinkServer.Configuration(port: 0)
/// LabControl(links: 5_000, windowHours: 24).apply(to: &configuration)
/// let server = try OptoLinkServer(configuration: configuration, clock: SettableServerClock(Date()))
/// ```
package struct LabControl: Sendable, Hashable {
    /// The most links a server takes for the lab (each service's links are held in memory).
    package static let maxLinks = 100_000

    /// How many links each service gets: `lab0` … `lab<links − 1>`, one per click id.
    package var links: Int
    /// Each link's match window, 1–720 hours.
    package var windowHours: Int

    /// A lab control of `links` links matching for `windowHours`.
    package init(links: Int, windowHours: Int) {
        self.links = links
        self.windowHours = windowHours
    }

    /// Why these numbers cannot be a server's, nil when they can.
    package var problem: String? {
        guard (1...Self.maxLinks).contains(links) else {
            return "the lab's links must be 1–\(Self.maxLinks), not \(links)"
        }
        guard (1...720).contains(windowHours) else {
            return "the lab's match window must be 1–720 hours, not \(windowHours)"
        }
        return nil
    }

    /// The short code (OptoLink short code, QubeRoute alias, Deep Blue code, AppsFlyer link id) of click
    /// `id`'s link: `lab<id>`.
    package static func code(ofClick id: Int) -> String { "lab\(id)" }

    /// The click a delivered link's path names (`/lab17` → 17), nil for any other path.
    package static func click(ofPath path: String) -> Int? {
        guard path.hasPrefix("/lab") else { return nil }
        return Int(path.dropFirst(4))
    }

    /// Makes `configuration` a lab server's: the demo seed with this control's links
    /// (``ServerSeed/demo(adding:windowHours:)``), the limits off, `X-Forwarded-For` trusted, and the lab's
    /// routes (`GET /dev/lab`, `POST /dev/lab/clock`) added through ``OptoLinkServer/Configuration/extraRoutes``.
    package func apply(to configuration: inout OptoLinkServer.Configuration) {
        configuration.seed = .demo(adding: (0..<links).map(Self.code(ofClick:)), windowHours: windowHours)
        configuration.rateLimited = false
        configuration.trustForwardedFor = true
        configuration.extraRoutes += LabRoutes.routes(self)
    }
}
