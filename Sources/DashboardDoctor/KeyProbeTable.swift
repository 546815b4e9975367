import DashboardCore
import Foundation
import OptoLink

/// How the doctor probes a service's key and reads the answer, as a value: the request the SDK would send,
/// and for each status the answer can have, whether the key holds, what the line says and what to fix.
///
/// The rows are read in order and the first that names the answer's status (and whose predicate, if any,
/// holds) gives the line; a status no row names gets ``otherwise``. One runner reads every table
/// (``DoctorRunner/probeKey(_:link:)`` sends, ``check(_:apiKey:)`` judges).
struct KeyProbeTable: Sendable {
    /// One answer to the probe, as the rows read it: the key sent and as the line prints it (``masked``), the
    /// status, what the body says on one line (``message``), the body and its JSON object, the exchange's summary.
    struct Answer: Sendable {
        let key: String, masked: String, status: Int, message: String
        let object: [String: JSONValue]?, body: Data, summary: String
        /// The status the same probe got with ``KeyProbeTable/Control/key`` (nil: not sent, or no answer).
        var controlStatus: Int? = nil
    }

    /// A second probe for an answer the first cannot settle alone: the same request with a key no service
    /// issues. A route that is there refuses that key; one that is not answers it as it answered the first.
    struct Control: Sendable {
        /// The made-up key.
        let key: String
        /// Whether an answer to the first probe needs it.
        let when: @Sendable (Answer) -> Bool
    }

    /// One status's meaning: the statuses it names and what else must hold of the answer, the verdict, the
    /// detail and, for a failure, the fix.
    struct Row: Sendable {
        let statuses: ClosedRange<Int>
        let when: @Sendable (Answer) -> Bool
        let verdict: DoctorStatus
        let detail: @Sendable (Answer) -> String
        let fix: @Sendable (Answer) -> String

        /// The key holds for `statuses` (when `when` holds), and the line says `detail`.
        static func pass(
            _ statuses: ClosedRange<Int>, when: @escaping @Sendable (Answer) -> Bool = { _ in true },
            _ detail: @escaping @Sendable (Answer) -> String
        ) -> Row {
            Row(statuses: statuses, when: when, verdict: .pass, detail: detail, fix: { _ in "" })
        }

        /// The key fails for `status` (when `when` holds): the line says `detail` (default `<status> <message>`)
        /// and `fix`.
        static func fail(
            _ status: Int, when: @escaping @Sendable (Answer) -> Bool = { _ in true },
            detail: @escaping @Sendable (Answer) -> String = { "\($0.status) \($0.message)" },
            fix: @escaping @Sendable (Answer) -> String
        ) -> Row {
            Row(statuses: status...status, when: when, verdict: .fail, detail: detail, fix: fix)
        }

        /// `status` (when `when` holds) neither proves nor refutes the key: the line is skipped with `detail`.
        static func skip(
            _ status: Int, when: @escaping @Sendable (Answer) -> Bool = { _ in true },
            detail: @escaping @Sendable (Answer) -> String
        ) -> Row {
            Row(statuses: status...status, when: when, verdict: .skip, detail: detail, fix: { _ in "" })
        }

        /// `429`: the service's rate limit, with `fix`.
        static func rateLimited(_ fix: String = "rate limited: wait a minute and run again") -> Row {
            .fail(429, fix: { _ in fix })
        }
    }

    /// The key line, its skip reasons (no key given; a key given but no probe sent, nil: ``noKey``) and its
    /// fix when the probe got no HTTP answer.
    let line: DoctorLine, noKey: String
    var notSent: String? = nil
    let noAnswerFix: String
    /// The key as the line prints it, and what an answer's body says on one line.
    let masked: @Sendable (String) -> String, message: @Sendable (Data) -> String
    /// Why a key is refused by its form before anything is sent (the detail and the fix), nil to send it.
    var preflight: @Sendable (String) -> (detail: String, fix: String)? = { _ in nil }
    /// The probe for a key (`runner` gives the base URL, the device id and the timeout; `link` the short link).
    let request: @Sendable (_ key: String, _ runner: DoctorRunner, _ link: URL) -> HTTPRequest
    /// The statuses' meanings, read in order, and the fix for a status no row names (its detail is
    /// `<status> <message>`).
    let rows: [Row], otherwise: String
    /// The second probe, for the answers that need one (nil: none does).
    var control: Control? = nil

    /// The probe's answer, as the rows read it (nil: no HTTP answer); `control` is the second probe's exchange.
    func answer(_ exchange: DoctorExchange, apiKey: String, control: DoctorExchange? = nil) -> Answer? {
        guard let response = exchange.response else { return nil }
        let said = message(response.body)
        return Answer(
            key: apiKey, masked: masked(apiKey), status: response.status, message: said.isEmpty ? "(no body)" : said,
            object: (try? JSONDecoder().decode(JSONValue.self, from: response.body))?.objectValue,
            body: response.body, summary: exchange.summary, controlStatus: control?.response?.status)
    }

    /// Reads the probe's answer (nil: none was sent) for `apiKey` by the table, with the second probe's
    /// (``control``) when one was sent.
    func check(_ exchange: DoctorExchange?, apiKey: String?, control: DoctorExchange? = nil) -> DoctorCheck {
        guard let apiKey else { return line.skip(noKey) }
        if let refused = preflight(apiKey) { return line.fail(refused.detail, fix: refused.fix) }
        guard let exchange else { return line.skip(notSent ?? noKey) }
        guard let answer = answer(exchange, apiKey: apiKey, control: control) else {
            return line.fail(exchange.summary, fix: noAnswerFix)
        }
        guard let row = rows.first(where: { $0.statuses.contains(answer.status) && $0.when(answer) }) else {
            return line.fail("\(answer.status) \(answer.message)", fix: otherwise)
        }
        return DoctorCheck(
            id: line.id, title: line.title, status: row.verdict, detail: row.detail(answer),
            fix: row.verdict == .fail ? row.fix(answer) : nil)
    }
}

extension DoctorRunner {
    /// Sends `table`'s probe with `--api-key` (nothing without a key, or for one the table refuses by its
    /// form), and its second probe when the answer needs one, and reads them by the table: the key line and
    /// the exchanges made, the probe's first.
    func probeKey(_ table: KeyProbeTable, link: URL) async -> (check: DoctorCheck, exchanges: [DoctorExchange]) {
        guard let key = options.apiKey?.rawValue, table.preflight(key) == nil else {
            return (table.check(nil, apiKey: options.apiKey?.rawValue), [])
        }
        let exchange = await send(table.request(key, self, link))
        var control: DoctorExchange?
        if let second = table.control, let answer = table.answer(exchange, apiKey: key), second.when(answer) {
            control = await send(table.request(second.key, self, link))
        }
        return (table.check(exchange, apiKey: key, control: control), [exchange] + (control.map { [$0] } ?? []))
    }
}
