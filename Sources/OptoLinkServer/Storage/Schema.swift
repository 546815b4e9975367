/// The versioned schema: migration N brings `PRAGMA user_version` from N to N+1.
enum Schema {
    static let migrations: [String] = [
        """
        CREATE TABLE orgs (
            id INTEGER PRIMARY KEY, org_key TEXT NOT NULL UNIQUE, name TEXT NOT NULL, status TEXT NOT NULL,
            team_id TEXT, bundle_id TEXT, custom_domain TEXT);
        CREATE TABLE api_keys (
            id INTEGER PRIMARY KEY, org_id INTEGER NOT NULL REFERENCES orgs(id), prefix TEXT NOT NULL,
            key_hash TEXT NOT NULL UNIQUE, tier TEXT NOT NULL, revoked INTEGER NOT NULL DEFAULT 0,
            expires_at REAL, superseded_at REAL, created_at REAL NOT NULL);
        CREATE INDEX api_keys_prefix ON api_keys(prefix);
        CREATE TABLE templates (
            org_id INTEGER NOT NULL REFERENCES orgs(id), template_id TEXT NOT NULL, params TEXT NOT NULL,
            match_window_hours INTEGER, PRIMARY KEY (org_id, template_id));
        CREATE TABLE links (
            id TEXT PRIMARY KEY, org_id INTEGER NOT NULL REFERENCES orgs(id), short_code TEXT NOT NULL,
            path TEXT NOT NULL, params TEXT NOT NULL, template_id TEXT, match_window_hours INTEGER,
            created_at REAL NOT NULL, updated_at REAL NOT NULL, UNIQUE (org_id, short_code));
        CREATE TABLE devices (
            device_id TEXT PRIMARY KEY, org_id INTEGER, first_seen_at REAL NOT NULL, last_seen_at REAL NOT NULL,
            platform TEXT, os_version TEXT, device_model TEXT);
        CREATE TABLE identity_bindings (
            id INTEGER PRIMARY KEY, org_id INTEGER NOT NULL, device_id TEXT NOT NULL, external_id TEXT NOT NULL,
            bound_at REAL NOT NULL, unbound_at REAL);
        CREATE INDEX identity_open ON identity_bindings(org_id, device_id, unbound_at);
        CREATE TABLE events (
            id INTEGER PRIMARY KEY, org_id INTEGER NOT NULL, device_id TEXT NOT NULL, name TEXT NOT NULL,
            properties TEXT, at REAL NOT NULL);
        CREATE TABLE clicks (
            id INTEGER PRIMARY KEY, link_id TEXT NOT NULL, source TEXT NOT NULL, ip_hash TEXT NOT NULL,
            platform TEXT, os_version TEXT, language TEXT, at REAL NOT NULL);
        CREATE TABLE audit (
            id INTEGER PRIMARY KEY, at REAL NOT NULL, actor TEXT NOT NULL, org_id INTEGER, action TEXT NOT NULL,
            detail TEXT);
        """,
        // The database's secrets, made on first open: `ip_hash_secret` (32 random bytes) keys the HMAC
        // click records are filed under (`Store.ipHashKey`).
        """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value BLOB NOT NULL);
        """,
        // 3: devices belong to an org (the same device id under two orgs is two profiles), and events are
        // found by org and device. Profiles without an org (an unattributed /match) are dropped: no org
        // could reach them any more.
        """
        CREATE TABLE devices_by_org (
            org_id INTEGER NOT NULL REFERENCES orgs(id), device_id TEXT NOT NULL, first_seen_at REAL NOT NULL,
            last_seen_at REAL NOT NULL, platform TEXT, os_version TEXT, device_model TEXT,
            PRIMARY KEY (org_id, device_id));
        INSERT INTO devices_by_org SELECT org_id, device_id, first_seen_at, last_seen_at, platform, os_version,
            device_model FROM devices WHERE org_id IS NOT NULL;
        DROP TABLE devices;
        ALTER TABLE devices_by_org RENAME TO devices;
        CREATE INDEX events_by_device ON events(org_id, device_id);
        """,
        // 4: the emulated QubeRoute's installs (one row per project, environment and install token: its id and
        // how it was attributed, decided once) and events (one row per install and eventId: a resent eventId
        // is refused, never counted twice). `Emulations/QubeRoute/QubeRouteInstalls.swift`.
        """
        CREATE TABLE qr_installs (
            project TEXT NOT NULL, environment TEXT NOT NULL, install_token TEXT NOT NULL,
            install_id TEXT NOT NULL UNIQUE, first_seen_at REAL NOT NULL, attribution TEXT, link_alias TEXT,
            attributed_at REAL,
            PRIMARY KEY (project, environment, install_token));
        CREATE TABLE qr_events (
            project TEXT NOT NULL, environment TEXT NOT NULL, install_token TEXT NOT NULL, event_id TEXT NOT NULL,
            name TEXT NOT NULL, value_minor INTEGER, currency TEXT, properties TEXT, client_timestamp TEXT,
            received_at REAL NOT NULL, PRIMARY KEY (project, environment, install_token, event_id));
        """,
        // 5: how many events each emulated QubeRoute install was sent again and refused (a resent eventId),
        // shown by `/dev/quberoute/installs` so a test or the dashboard sees the refusal happen.
        """
        ALTER TABLE qr_installs ADD COLUMN duplicate_events INTEGER NOT NULL DEFAULT 0;
        """,
        // 6: what the match engines hold in memory, kept for a server on a database file: the clicks still
        // waiting for their install (by engine: `optolink`, or an emulated app's), and the newest match attempts
        // as `/dev/match-attempts` shows them.
        """
        CREATE TABLE pending_clicks (
            token TEXT PRIMARY KEY, scope TEXT NOT NULL, org_id INTEGER NOT NULL, link_id TEXT NOT NULL,
            short_code TEXT NOT NULL, path TEXT NOT NULL, params TEXT NOT NULL, ip_hash TEXT NOT NULL, platform TEXT,
            os_version TEXT, device_model TEXT, language TEXT, timezone TEXT, recorded_at REAL NOT NULL,
            expires_at REAL NOT NULL, matched_at REAL);
        CREATE INDEX pending_clicks_by_scope ON pending_clicks (scope, expires_at);
        CREATE TABLE match_attempts (entry TEXT NOT NULL, device_id TEXT, service TEXT NOT NULL);
        """,
        // 7: what the lab needs to replay a server's own data (`optolink-server export`): each redirect click's
        // clipboard token, and every `/match` as it was asked (time, address, fields, token), trimmed as the
        // clicks are. Older rows keep a null token.
        """
        ALTER TABLE clicks ADD COLUMN token TEXT;
        CREATE TABLE match_requests (
            id INTEGER PRIMARY KEY, at REAL NOT NULL, ip_hash TEXT NOT NULL, device_id TEXT, platform TEXT,
            os_version TEXT, device_model TEXT, language TEXT, timezone TEXT, clipboard_token TEXT);
        """,
    ]

    /// The version a fully migrated database reports.
    static var currentVersion: Int { migrations.count }
}
