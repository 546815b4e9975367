import Foundation

/// What a reference server started as `optolink-lab-server` says of its lab control (`GET /dev/lab`).
package struct LabServerStatus: Sendable, Hashable {
    /// The server's time.
    package var now: Date
    /// Its lab links: `lab0` … `lab<links − 1>` in every service.
    package var links: Int
    /// Each lab link's match window, in hours.
    package var windowHours: Int
    /// Whether `POST /dev/lab/clock` can set its clock.
    package var clockSettable: Bool

    /// Reads `GET /dev/lab`'s answer.
    /// - Throws: ``DashboardError/backend(_:)`` when a field is missing or wrong.
    init(_ json: [String: Any]) throws(DashboardError) {
        guard let text = json["now"] as? String, let now = ISO8601Text.date(text),
            let links = (json["links"] as? NSNumber)?.intValue,
            let windowHours = (json["windowHours"] as? NSNumber)?.intValue,
            let clockSettable = json["clockSettable"] as? Bool
        else { throw .backend("GET /dev/lab answered without now, links, windowHours and clockSettable") }
        self.now = now
        self.links = links
        self.windowHours = windowHours
        self.clockSettable = clockSettable
    }
}
