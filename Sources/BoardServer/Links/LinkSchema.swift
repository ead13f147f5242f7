import BoardSync
import PostgresNIO

/// A routine shared by link (ARCHITECTURE.md §22): a capability, a token of 244 random bits given
/// once and kept as its SHA-256, that reads that one routine's page and nothing else, until its
/// owner revokes it or it expires. Owners make, list and revoke their own links through
/// security-definer functions; only the server process reads the table, to find what a token opens.
enum LinkSchema {
    /// Migration 15: the links, and the functions that make, list and revoke them.
    static let migration: [String] = [
        """
        CREATE TABLE board.routine_links (
            id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
            owner uuid NOT NULL REFERENCES board.people (owner) ON DELETE CASCADE,
            template_id text NOT NULL CHECK (length(template_id) BETWEEN 1 AND 64),
            zone text NOT NULL CHECK (length(zone) BETWEEN 1 AND 64 AND zone ~ '^[A-Za-z0-9_+/-]+$'),
            token_hash bytea NOT NULL UNIQUE,
            created_at timestamptz NOT NULL DEFAULT now(),
            expires_at timestamptz,
            revoked_at timestamptz
        )
        """,
        "CREATE INDEX routine_links_owner ON board.routine_links (owner, template_id)",
        "ALTER TABLE board.routine_links ENABLE ROW LEVEL SECURITY",
        "ALTER TABLE board.routine_links FORCE ROW LEVEL SECURITY",
        "DO $$ BEGIN EXECUTE format('CREATE POLICY links_admin ON board.routine_links FOR ALL TO %I USING (true) WITH CHECK (true)', current_user); END $$",
        // The caller's own routine only, one their log has made; at most 20 open links a routine.
        """
        CREATE FUNCTION board.link_routine(routine text, days integer, zone text) RETURNS TABLE (id text, token text, expires_at timestamptz, address text)
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$
        DECLARE me uuid := board.current_owner();
                fresh text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
                made uuid; until timestamptz;
        BEGIN
            IF me IS NULL THEN RAISE EXCEPTION 'not a person on this server' USING ERRCODE = 'BRD04'; END IF;
            IF NOT EXISTS (SELECT 1 FROM board.changes c WHERE c.owner = me AND c.entity = 'templates' AND c.entity_id = routine) THEN
                RAISE EXCEPTION 'no such routine' USING ERRCODE = 'BRD03';
            END IF;
            IF days IS NOT NULL AND (days < 1 OR days > 365) THEN RAISE EXCEPTION 'days out of range' USING ERRCODE = 'BRD06'; END IF;
            IF (SELECT count(*) FROM board.routine_links l WHERE l.owner = me AND l.template_id = routine AND l.revoked_at IS NULL
                AND (l.expires_at IS NULL OR l.expires_at > now())) >= 20 THEN
                RAISE EXCEPTION 'too many links' USING ERRCODE = 'BRD05';
            END IF;
            until := CASE WHEN days IS NULL THEN NULL ELSE now() + make_interval(days => days) END;
            INSERT INTO board.routine_links (owner, template_id, zone, token_hash, expires_at)
            VALUES (me, routine, zone, sha256(convert_to(fresh, 'UTF8')), until) RETURNING routine_links.id INTO made;
            RETURN QUERY SELECT made::text, fresh, until, (SELECT r.address FROM board.realtime r WHERE r.id = 1);
        END $$
        """,
        // Every open link of the caller's routine: each answers 410 from then on.
        """
        CREATE FUNCTION board.unlink_routine(routine text) RETURNS integer LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog AS $$
            WITH gone AS (UPDATE board.routine_links SET revoked_at = now() WHERE owner = board.current_owner() AND template_id = routine
                          AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now()) RETURNING 1)
            SELECT count(*)::int FROM gone
        $$
        """,
        """
        CREATE FUNCTION board.my_links() RETURNS TABLE (id text, routine text, title text, created_at timestamptz, expires_at timestamptz,
            revoked_at timestamptz) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog AS $$
            SELECT l.id::text, l.template_id, t.title, l.created_at, l.expires_at, l.revoked_at FROM board.routine_links l
            LEFT JOIN board.templates t ON t.owner_id = l.owner AND t.id = l.template_id
            WHERE l.owner = board.current_owner() ORDER BY l.created_at, l.id
        $$
        """,
        "REVOKE ALL ON FUNCTION board.link_routine(text, integer, text), board.unlink_routine(text), board.my_links() FROM PUBLIC",
        "GRANT EXECUTE ON FUNCTION board.link_routine(text, integer, text), board.unlink_routine(text), board.my_links() TO board_person",
    ]

    /// What a token opens, as the listener asks on its administrator connection.
    struct Found: Sendable {
        let id: String, owner: String, ownerName: String, channel: String, templateId: String, zone: String
        /// Why it no longer opens anything, in the page's one line; nil while it does.
        let closed: String?
    }

    /// The link `token` is, open or not; nil for a token no link has. The lookup is by the token's
    /// hash through a unique index: a near miss costs what a hit does, and tells nothing.
    static func find(token: String, _ connection: PostgresConnection) async throws -> Found? {
        let rows = try await connection.query("""
            SELECT l.id::text, l.owner::text, p.role::text, p.channel, l.template_id, l.zone,
                   CASE WHEN l.revoked_at IS NOT NULL THEN 'This link was revoked by its owner.'
                        WHEN l.expires_at <= now() THEN 'This link expired on ' || to_char(l.expires_at AT TIME ZONE l.zone, 'YYYY-MM-DD') || '.'
                   END
            FROM board.routine_links l JOIN board.people p ON p.owner = l.owner
            WHERE l.token_hash = sha256(convert_to(\(token), 'UTF8'))
            """, logger: ServerConnection.logger)
        for try await (id, owner, name, channel, template, zone, closed) in rows.decode((String, String, String, String, String, String, String?).self) {
            return Found(id: id, owner: owner, ownerName: name, channel: channel, templateId: template, zone: zone, closed: closed)
        }
        return nil
    }

    /// Which of these links still open their page (not revoked, not expired).
    static func stillOpen(_ ids: [String], _ connection: PostgresConnection) async throws -> Set<String> {
        guard !ids.isEmpty else { return [] }
        let rows = try await connection.query("""
            SELECT l.id::text FROM board.routine_links l WHERE l.id::text = ANY(\(ids)::text[])
            AND l.revoked_at IS NULL AND (l.expires_at IS NULL OR l.expires_at > now())
            """, logger: ServerConnection.logger)
        var open: Set<String> = []
        for try await id in rows.decode(String.self) { open.insert(id) }
        return open
    }
}
