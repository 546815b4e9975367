import Foundation
import OptoLinkHTTP
import OptoLinkServer

/// The match lab's `/dev` routes (``LabControl``), added to a reference server through its
/// ``ExtraRoute`` hook: absent (404) on a server without them, and in production.
enum LabRoutes {
    /// `GET /dev/lab` and `POST /dev/lab/clock` for `lab`.
    static func routes(_ lab: LabControl) -> [ExtraRoute] {
        [
            ExtraRoute("GET", "/dev/lab") { request in status(lab, request) },
            ExtraRoute("POST", "/dev/lab/clock") { request in try setClock(lab, request) },
        ]
    }

    /// `GET /dev/lab` → `{"now", "links", "windowHours", "clockSettable"}`.
    static func status(_ lab: LabControl, _ request: ExtraRoute.Request) -> HTTPResponse {
        request.answer([
            "now": .string(request.timeString()), "links": .number(Double(lab.links)),
            "windowHours": .number(Double(lab.windowHours)),
            "clockSettable": .bool(request.clock is SettableServerClock),
        ])
    }

    /// `POST /dev/lab/clock` `{"now": ISO 8601}` → the status with the new time. The lab moves the server's
    /// clock to each click and first open it sends, forward or back.
    static func setClock(_ lab: LabControl, _ request: ExtraRoute.Request) throws -> HTTPResponse {
        let date = try request.time(field: "now")
        guard let clock = request.clock as? SettableServerClock else {
            throw OptoLinkServerError.conflict(
                "this server's clock is the system's: start it with optolink-lab-server to set it")
        }
        clock.set(date)
        var moved = request
        moved.now = date
        return status(lab, moved)
    }
}
