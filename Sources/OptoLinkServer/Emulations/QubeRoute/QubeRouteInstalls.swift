import Foundation
import OptoLinkHTTP

/// QubeRoute's installs and events in the database (tables `qr_installs` and `qr_events`, schema migration 4).
///
/// An install is one project, environment and install token; it gets an `installId` (`ins_` + 16 hex
/// digits) when first seen and is attributed once: by its first `match` (to the matched link, or to none:
/// `no_match`, `shared_network`), or by a direct open that came before any match (`direct`). Events are filed under the
/// install and their `eventId`: an `eventId` the install already sent is refused, never counted twice.
enum QubeRouteInstalls {
    /// An install as the endpoints answer it.
    struct Install: Sendable, Hashable {
        var installId: String
        /// How it was decided (``QubeRouteMatchMapping``): `direct`, `referrer`, `fingerprint`, `ip_address`,
        /// `no_match` or `shared_network`; nil before.
        var attribution: String?
        /// The link the install is attributed to.
        var linkAlias: String?

        /// The answers' `attributed`: the install is attributed to a link.
        var attributed: Bool { linkAlias != nil }
    }

    /// One validated event of a batch.
    struct Event: Sendable, Hashable {
        var eventId: String
        var name: String
        var valueMinor: Int64?
        var currency: String?
        var properties: [String: JSON]?
        var clientTimestamp: String?
    }

    /// The install, created when new; a direct open (`direct`) attributes an install not attributed to a link
    /// yet: a new one, or one whose match found none (`no_match`, `shared_network`). The match stays asked
    /// once: a later match still answers `already_attributed`.
    static func touch(
        _ store: Store, caller: QubeRouteEmulation.Caller, token: String, directLink: QubeRouteEmulation.Link?,
        now: Date
    ) throws(OptoLinkServerError) -> Install {
        try store.withDatabase { db throws(OptoLinkServerError) in
            var install = try ensure(db, store: store, caller: caller, token: token, now: now)
            if let directLink, !install.attributed {
                try db.query(
                    """
                    UPDATE qr_installs SET attribution = 'direct', link_alias = ?, attributed_at = ?
                    WHERE project = ? AND environment = ? AND install_token = ? AND link_alias IS NULL
                    """,
                    [
                        .text(directLink.alias), SQLValue(now), .text(caller.project), .text(caller.environment),
                        .text(token),
                    ])
                install.attribution = "direct"
                install.linkAlias = directLink.alias
            }
            return install
        }
    }

    /// Attributes the install once, atomically: when nobody attributed it yet, `decide` runs (under the
    /// database lock, so two concurrent first calls cannot both decide) and its answer is stored; otherwise
    /// it does not run. Returns the install and whether this call decided.
    static func attributeOnce(
        _ store: Store, caller: QubeRouteEmulation.Caller, token: String, now: Date,
        decide: () -> (attribution: String, alias: String?)
    ) throws(OptoLinkServerError) -> (Install, decided: Bool) {
        try store.withDatabase { db throws(OptoLinkServerError) in
            var install = try ensure(db, store: store, caller: caller, token: token, now: now)
            guard install.attribution == nil else { return (install, false) }
            let (attribution, alias) = decide()
            try db.query(
                """
                UPDATE qr_installs SET attribution = ?, link_alias = ?, attributed_at = ?
                WHERE project = ? AND environment = ? AND install_token = ?
                """,
                [
                    .text(attribution), SQLValue(alias), SQLValue(now), .text(caller.project),
                    .text(caller.environment), .text(token),
                ])
            install.attribution = attribution
            install.linkAlias = alias
            return (install, true)
        }
    }

    /// Records a batch in one transaction: each event whose `eventId` is new for the install is accepted,
    /// each one already recorded (earlier, or earlier in this batch) is a duplicate and not stored again.
    static func record(
        _ store: Store, caller: QubeRouteEmulation.Caller, token: String, events: [Event],
        now: Date
    ) throws(OptoLinkServerError) -> (Install, accepted: [String], duplicates: [String]) {
        try store.withDatabase { db throws(OptoLinkServerError) in
            try db.execute("BEGIN;")
            do throws(OptoLinkServerError) {
                let install = try ensure(db, store: store, caller: caller, token: token, now: now)
                var accepted = [String]()
                var duplicates = [String]()
                for event in events {
                    try db.query(
                        """
                        INSERT OR IGNORE INTO qr_events (project, environment, install_token, event_id, name,
                                                         value_minor, currency, properties, client_timestamp,
                                                         received_at)
                        VALUES (?,?,?,?,?,?,?,?,?,?)
                        """,
                        [
                            .text(caller.project), .text(caller.environment), .text(token), .text(event.eventId),
                            .text(event.name),
                            event.valueMinor.map(SQLValue.integer) ?? .null, SQLValue(event.currency),
                            SQLValue(event.properties.map { JSON.object($0).serialized() }),
                            SQLValue(event.clientTimestamp), SQLValue(now),
                        ])
                    if db.changes > 0 { accepted.append(event.eventId) } else { duplicates.append(event.eventId) }
                }
                if !duplicates.isEmpty {
                    try db.query(
                        """
                        UPDATE qr_installs SET duplicate_events = duplicate_events + ?
                        WHERE project = ? AND environment = ? AND install_token = ?
                        """,
                        [
                            .integer(Int64(duplicates.count)), .text(caller.project), .text(caller.environment),
                            .text(token),
                        ])
                }
                try db.execute("COMMIT;")
                store.trimRecords(db, table: "qr_events", inserted: accepted.count)
                return (install, accepted, duplicates)
            } catch {
                try? db.execute("ROLLBACK;")
                throw error
            }
        }
    }

    /// Every install with this token (any project or environment) with its events and the number of events
    /// it was sent again and refused (`duplicateEvents`), oldest first (`/dev`).
    static func installs(_ store: Store, token: String) throws(OptoLinkServerError) -> [JSON] {
        try store.withDatabase { db throws(OptoLinkServerError) in
            let rows = try db.query(
                """
                SELECT project, environment, install_id, first_seen_at, attribution, link_alias, attributed_at,
                       duplicate_events
                FROM qr_installs WHERE install_token = ? ORDER BY first_seen_at, project, environment
                """, [.text(token)])
            var installs = [JSON]()
            for row in rows {
                let project = row[0].string ?? ""
                let environment = row[1].string ?? ""
                let events = try db.query(
                    """
                    SELECT event_id, name, value_minor, currency, properties, client_timestamp, received_at
                    FROM qr_events
                    WHERE project = ? AND environment = ? AND install_token = ? ORDER BY received_at, rowid LIMIT 1000
                    """, [.text(project), .text(environment), .text(token)]
                ).map { event -> JSON in
                    .object([
                        "eventId": .string(event[0].string ?? ""), "name": .string(event[1].string ?? ""),
                        "valueMinor": event[2].int.map { .number(Double($0)) } ?? .null,
                        "currency": event[3].string.map(JSON.string) ?? .null,
                        "properties": event[4].string.flatMap { try? JSONParser.parse(Array($0.utf8)) } ?? .null,
                        "clientTimestamp": event[5].string.map(JSON.string) ?? .null,
                        "receivedAt": .string(ISOTime.string(event[6].date ?? Date(timeIntervalSince1970: 0))),
                    ])
                }
                let count =
                    try db.query(
                        "SELECT COUNT(*) FROM qr_events WHERE project = ? AND environment = ? AND install_token = ?",
                        [.text(project), .text(environment), .text(token)]
                    ).first?.first?.int ?? 0
                installs.append(
                    .object([
                        "project": .string(project), "environment": .string(environment),
                        "installId": .string(row[2].string ?? ""),
                        "firstSeenAt": .string(ISOTime.string(row[3].date ?? Date(timeIntervalSince1970: 0))),
                        "attribution": row[4].string.map(JSON.string) ?? .null,
                        "alias": row[5].string.map(JSON.string) ?? .null,
                        "attributedAt": row[6].date.map { .string(ISOTime.string($0)) } ?? .null,
                        "events": .array(events), "eventCount": .number(Double(count)),
                        "duplicateEvents": .number(Double(row[7].int ?? 0)),
                    ]))
            }
            return installs
        }
    }

    /// The install row, inserted when missing (the oldest installs go past ``Store/maxRecordRows``).
    private static func ensure(
        _ db: SQLiteDatabase, store: Store, caller: QubeRouteEmulation.Caller, token: String, now: Date
    ) throws(OptoLinkServerError) -> Install {
        try db.query(
            """
            INSERT OR IGNORE INTO qr_installs (project, environment, install_token, install_id, first_seen_at)
            VALUES (?,?,?,?,?)
            """,
            [
                .text(caller.project), .text(caller.environment), .text(token),
                .text("ins_" + RandomToken.hex(RandomToken.randomBytes(8))),
                SQLValue(now),
            ])
        if db.changes > 0 { store.trimRecords(db, table: "qr_installs", inserted: 1) }
        guard
            let row = try db.query(
                """
                SELECT install_id, attribution, link_alias FROM qr_installs
                WHERE project = ? AND environment = ? AND install_token = ?
                """, [.text(caller.project), .text(caller.environment), .text(token)]
            ).first
        else {
            throw OptoLinkServerError(status: 500, message: "install row missing after insert")
        }
        return Install(installId: row[0].string ?? "", attribution: row[1].string, linkAlias: row[2].string)
    }
}
