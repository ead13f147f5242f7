import BoardSync
import PostgresNIO

/// A person's calendar feeds on the server (ARCHITECTURE.md §22): each a capability, a token of 244
/// random bits given once and kept as its SHA-256, that reads that person's calendar and nothing
/// else. People make, list and revoke their own through security-definer functions; only the
/// server process reads the table, to find whose feed a token is.
enum FeedSchema {
    /// Migration 14: the feeds, and the functions that make, list and revoke them.
    static let migration: [String] = [
        """
        CREATE TABLE board.feeds (
            id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
            owner uuid NOT NULL REFERENCES board.people (owner) ON DELETE CASCADE,
            name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100 AND name !~ '[[:cntrl:]]'),
            zone text NOT NULL CHECK (length(zone) BETWEEN 1 AND 64 AND zone ~ '^[A-Za-z0-9_+/-]+$'),
            token_hash bytea NOT NULL UNIQUE,
            created_at timestamptz NOT NULL DEFAULT now(),
            revoked_at timestamptz
        )
        """,
        "CREATE INDEX feeds_owner ON board.feeds (owner)",
        "ALTER TABLE board.feeds ENABLE ROW LEVEL SECURITY",
        "ALTER TABLE board.feeds FORCE ROW LEVEL SECURITY",
        "DO $$ BEGIN EXECUTE format('CREATE POLICY feeds_admin ON board.feeds FOR ALL TO %I USING (true) WITH CHECK (true)', current_user); END $$",
        // At most 20 feeds a person keeps open: a token is handed to a calendar app, not minted in a loop.
        """
        CREATE FUNCTION board.create_feed(name text, zone text) RETURNS TABLE (id text, token text, address text)
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$
        DECLARE me uuid := board.current_owner();
                fresh text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
                made uuid;
        BEGIN
            IF me IS NULL THEN RAISE EXCEPTION 'not a person on this server' USING ERRCODE = 'BRD04'; END IF;
            IF (SELECT count(*) FROM board.feeds f WHERE f.owner = me AND f.revoked_at IS NULL) >= 20 THEN
                RAISE EXCEPTION 'too many feeds' USING ERRCODE = 'BRD05';
            END IF;
            INSERT INTO board.feeds (owner, name, zone, token_hash) VALUES (me, name, zone, sha256(convert_to(fresh, 'UTF8')))
            RETURNING feeds.id INTO made;
            RETURN QUERY SELECT made::text, fresh, (SELECT r.address FROM board.realtime r WHERE r.id = 1);
        END $$
        """,
        """
        CREATE FUNCTION board.my_feeds() RETURNS TABLE (id text, name text, zone text, created_at timestamptz, revoked_at timestamptz)
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog AS $$
            SELECT f.id::text, f.name, f.zone, f.created_at, f.revoked_at FROM board.feeds f
            WHERE f.owner = board.current_owner() ORDER BY f.created_at, f.id
        $$
        """,
        // By the id or its start (at least 4 characters), among the caller's own feeds only.
        """
        CREATE FUNCTION board.revoke_feed(feed text) RETURNS text LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$
        DECLARE me uuid := board.current_owner(); found int; open int;
        BEGIN
            IF length(feed) < 4 OR feed !~ '^[0-9a-f-]+$' THEN RETURN 'none'; END IF;
            SELECT count(*), count(*) FILTER (WHERE f.revoked_at IS NULL) INTO found, open
            FROM board.feeds f WHERE f.owner = me AND f.id::text LIKE feed || '%';
            IF found = 0 THEN RETURN 'none'; END IF;
            IF found > 1 THEN RETURN 'ambiguous'; END IF;
            IF open = 0 THEN RETURN 'already'; END IF;
            UPDATE board.feeds f SET revoked_at = now() WHERE f.owner = me AND f.id::text LIKE feed || '%';
            RETURN 'revoked';
        END $$
        """,
        "REVOKE ALL ON FUNCTION board.create_feed(text, text), board.my_feeds(), board.revoke_feed(text) FROM PUBLIC",
        "GRANT EXECUTE ON FUNCTION board.create_feed(text, text), board.my_feeds(), board.revoke_feed(text) TO board_person",
    ]

    /// Whose feed a token is, as the listener asks on its administrator connection.
    struct Found: Sendable {
        let owner: String, name: String, zone: String, revoked: Bool
    }

    /// The feed `token` opens, revoked or not; nil for a token no feed has. The lookup is by the
    /// token's hash through a unique index: a near miss costs what a hit does, and tells nothing.
    static func find(token: String, _ connection: PostgresConnection) async throws -> Found? {
        let rows = try await connection.query("""
            SELECT owner::text, name, zone, revoked_at IS NOT NULL FROM board.feeds WHERE token_hash = sha256(convert_to(\(token), 'UTF8'))
            """, logger: ServerConnection.logger)
        for try await (owner, name, zone, revoked) in rows.decode((String, String, String, Bool).self) {
            return Found(owner: owner, name: name, zone: zone, revoked: revoked)
        }
        return nil
    }
}
