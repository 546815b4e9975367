import Foundation
import OptoLinkHTTP

/// The match lab's `/dev` routes (``LabControl``); 404 on a server without it, and in production.
enum LabRoutes {
    static let clockValidator = BodyValidator(fields: [
        .init(name: "now", kind: .string(min: 1, max: 40), required: true)
    ])

    /// `GET /dev/lab` → `{"now", "links", "windowHours", "clockSettable"}`.
    static func status(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let lab = try control(backend)
        return answer(backend, lab)
    }

    /// `POST /dev/lab/clock` `{"now": ISO 8601}` → the status with the new time. The lab moves the server's
    /// clock to each click and first open it sends, forward or back.
    static func setClock(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let lab = try control(backend)
        let body = try clockValidator.validate(request.body)
        guard let date = ISOTime.parse(body.string("now")!) else {
            throw OptoLinkServerError.validation([
                .init(message: "now must be an ISO 8601 UTC time such as 2027-01-15T08:00:00.000Z", field: "now")
            ])
        }
        guard let clock = backend.clock as? SettableServerClock else {
            throw OptoLinkServerError(
                status: 409, message: "this server's clock is the system's: start it with --lab-links to set it")
        }
        clock.set(date)
        return answer(backend, lab)
    }

    private static func control(_ backend: Backend) throws -> LabControl {
        guard let lab = backend.options.lab else {
            throw OptoLinkServerError.notFound("this server has no lab control: start it with --lab-links N")
        }
        return lab
    }

    private static func answer(_ backend: Backend, _ lab: LabControl) -> HTTPResponse {
        .json([
            "now": .string(ISOTime.string(backend.clock.now())), "links": .number(Double(lab.links)),
            "windowHours": .number(Double(lab.windowHours)),
            "clockSettable": .bool(backend.clock is SettableServerClock),
        ])
    }
}
