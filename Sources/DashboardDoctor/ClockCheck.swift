import DashboardCore
import Foundation

/// `clock.skew`: the backend's clock against this machine's, from the `Date` header of its answers.
///
/// `Date` has a resolution of one second and is stamped somewhere between sending and receiving, so the
/// estimate is `Date + 0.5 s − the exchange's midpoint`, give or take half the round trip plus half a second;
/// the answer with the shortest round trip is used. Past ``warnThreshold`` it is a warning: the backend's
/// timestamps (`firstSeenAt`, event times, key `expiresAt`, match windows and the recency bonus, whose first
/// step is 5 minutes) disagree with the rest of the world, and if this machine is the one that is off, so
/// is everything measured from it. It never fails the run: nothing the SDK does compares the two clocks.
enum ClockCheck {
    /// The line.
    static let line = DoctorLine("clock.skew", "clock skew")
    /// Skews up to a minute are normal for machines that sync with NTP at different times.
    static let warnThreshold: TimeInterval = 60

    static func check(_ exchanges: [DoctorExchange]) -> DoctorCheck {
        let answered = exchanges.filter { $0.response != nil }
        guard !answered.isEmpty else { return line.skip("no answer to read a Date header from") }
        let dated = answered.compactMap { exchange -> (exchange: DoctorExchange, date: Date)? in
            guard let header = exchange.response?.header("Date"), let date = HTTPDate.parse(header) else { return nil }
            return (exchange, date)
        }
        guard let best = dated.min(by: { roundTrip($0.exchange) < roundTrip($1.exchange) }) else {
            let raw = answered.compactMap { $0.response?.header("Date") }.first
            return line.warn(
                raw.map { "unreadable Date header \"\($0)\"" } ?? "no Date header in any answer",
                fix:
                    "send a Date header in IMF-fixdate form (RFC 9110 section 6.6.1: a server with a clock "
                    + "must); without it clock skew cannot be measured"
            )
        }
        let midpoint = best.exchange.sentAt.addingTimeInterval(roundTrip(best.exchange) / 2)
        let skew = best.date.addingTimeInterval(0.5).timeIntervalSince(midpoint)
        let margin = roundTrip(best.exchange) / 2 + 0.5
        let direction = skew >= 0 ? "ahead of" : "behind"
        let detail =
            "the backend's clock is \(format(abs(skew))) s \(direction) this machine's (±\(format(margin)) "
            + "s, from \(best.exchange.request.method) \(best.exchange.path))"
        if abs(skew) <= warnThreshold { return line.pass(detail) }
        return line.warn(
            detail + "; warns past \(Int(warnThreshold)) s",
            fix:
                "sync the backend's clock (and this machine's) with NTP: check `timedatectl` or the host's time service"
        )
    }

    private static func roundTrip(_ exchange: DoctorExchange) -> TimeInterval {
        max(0, exchange.receivedAt.timeIntervalSince(exchange.sentAt))
    }

    private static func format(_ seconds: TimeInterval) -> String {
        seconds < 10 ? String(format: "%.1f", seconds) : String(Int(seconds.rounded()))
    }
}
