/// How a healthy stand-in deployment differs from the plainest reading of its seed: choices an outside team may
/// make that the dashboard must still read right.
///
/// ```swift
/// let service = try StandInService.start(.quberoute, options: [.installTokenEverywhere, .clickWaiting])
/// ```
public struct StandInOptions: OptionSet, Sendable, Hashable {
    /// The options as bits.
    public let rawValue: Int

    /// Options from their bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// QubeRoute: every API call carries an `installToken`, resolve included, as the seed's sample code sends it;
    /// a call without one is refused (400, `installToken is required`).
    public static let installTokenEverywhere = StandInOptions(rawValue: 1 << 0)
    /// OptoLink: serves the contract's one dev route, `POST /dev/deferred/simulate` (a click with every trait,
    /// dated back by `ageSeconds`), and no other `/dev` route.
    public static let simulateRoute = StandInOptions(rawValue: 1 << 1)
    /// Every client is seen at one address, as a deployment sees a developer's office behind one NAT, and a click
    /// from that address (another phone, on ``StandInService/coldStartLink``) is already waiting when the run
    /// starts: the user's own click, which no tool run owns. AppsFlyer's S2S request names the device's address in
    /// its body: there the first first launch each address asks about finds an iPhone's click already waiting.
    public static let clickWaiting = StandInOptions(rawValue: 1 << 2)

    /// OptoLink: a NestJS backend's defaults where the contract names no status or message: `/sdk/identity` and
    /// `/sdk/identity/clear` answer 201 (`@Post`'s default), an unknown device is `404 {"message": "Not Found"}`
    /// (`NotFoundException()`), a route it lacks `404 Cannot POST …`.
    public static let nestDefaults = StandInOptions(rawValue: 1 << 3)

    /// QubeRoute: events taken are answered `202 Accepted` with no body (the guide names no status for them).
    public static let eventsAccepted202 = StandInOptions(rawValue: 1 << 5)

    /// QubeRoute: a match without a link is answered 404 (409 when the install was already attributed), its body
    /// as usual: the guide says "reason says why" and names no status.
    public static let noMatchAnswered4xx = StandInOptions(rawValue: 1 << 6)

    /// Every API answer (not the association file, not a click) comes ``slowAnswerDelay`` late: a healthy
    /// deployment far away, slower than a scenario's shortened SDK timeout.
    public static let slowAnswers = StandInOptions(rawValue: 1 << 4)

    /// How late ``slowAnswers`` answers: 1.3 s, past the `timeout` scenario's 1 s.
    public static let slowAnswerDelay = 1.3

    /// The one address every client has under ``clickWaiting`` (documentation range).
    public static let officeAddress = "192.0.2.44"
}
