import Foundation
import OptoLinkHTTP

/// A route an embedding program adds to the reference server (``OptoLinkServer/Configuration/extraRoutes``),
/// answered on the event loop beside the server's own, with the server's clock and answer helpers.
///
/// A route under `/dev` is a dev route: absent (404) with ``OptoLinkServer/Configuration/production``, and
/// exempt from injected faults, as the server's own `/dev` routes are. Errors a handler throws are answered in
/// the service's envelope; without the route, its path is a 404 in that same shape.
///
/// ```swift
/// var configuration = OptoLinkServer.Configuration(port: 0)
/// configuration.extraRoutes.append(
///     ExtraRoute("GET", "/dev/time") { request in request.answer(["now": .string(request.timeString())]) })
/// ```
package struct ExtraRoute: Sendable {
    /// Answers one request; thrown ``OptoLinkServerError``s are answered with their status and message.
    package typealias Handler = @Sendable (Request) throws -> HTTPResponse

    /// What a handler gets of the request and the server.
    package struct Request: Sendable {
        /// The request's body bytes.
        package var body: [UInt8]
        /// The server's clock: a ``SettableServerClock`` when the embedding program runs its own time.
        package var clock: any ServerClock
        /// The time the request is handled at (read from ``clock``).
        package var now: Date

        /// A 200 JSON answer holding `members`.
        package func answer(_ members: [String: JSON]) -> HTTPResponse { .json(.object(members)) }

        /// `date` (default: ``now``) as every answer writes a time, `2027-01-15T08:00:00.000Z`.
        package func timeString(_ date: Date? = nil) -> String { ISOTime.string(date ?? now) }

        /// The body's one member `field`, an ISO 8601 UTC time: a body with any other member, without it, or
        /// with a time that does not exist is the validator's 400 naming the field.
        package func time(field: String) throws(OptoLinkServerError) -> Date {
            let validator = BodyValidator(fields: [.init(name: field, kind: .string(min: 1, max: 40), required: true)])
            let members = try validator.validate(body)
            guard let date = members.string(field).flatMap(ISOTime.parse) else {
                throw .validation([
                    .init(
                        message: "\(field) must be an ISO 8601 UTC time such as 2027-01-15T08:00:00.000Z", field: field)
                ])
            }
            return date
        }
    }

    /// `GET`, `POST`, …
    package var method: String
    /// The route's literal path, such as `/dev/lab/clock`.
    package var path: String
    /// What answers it.
    package var handler: Handler

    /// A route answering `method` `path` with `handler`.
    package init(_ method: String, _ path: String, _ handler: @escaping Handler) {
        self.method = method
        self.path = path
        self.handler = handler
    }

    /// Whether the route is under `/dev` (hidden in production, exempt from faults).
    package var isDev: Bool { path == "/dev" || path.hasPrefix("/dev/") }

    /// The route as the router's table holds it.
    var route: Route {
        let handler = self.handler
        return Route(method, path, faults: isDev ? .exempt : .anyOnly, dev: isDev, lane: .loop) {
            backend, request, context in
            try handler(Request(body: request.body, clock: backend.clock, now: context.now))
        }
    }
}
