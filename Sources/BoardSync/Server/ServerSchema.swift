/// The server's schema, only through numbered migrations (ARCHITECTURE.md §13): never edit one
/// that shipped, add the next. Each is a list of statements run in one transaction.
enum ServerSchema {
    static let migrations: [[String]] = [
        // 1: people and their change log, with row-level security.
        [
            "CREATE SCHEMA IF NOT EXISTS board",
            // Each login role is one person; their rows carry the person's owner id.
            """
            CREATE TABLE board.people (
                role name PRIMARY KEY,
                owner uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
                created_at timestamptz NOT NULL DEFAULT now()
            )
            """,
            // The owner of this session: from its login role (session_user), never from the client.
            """
            CREATE FUNCTION board.current_owner() RETURNS uuid LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog
            AS $$ SELECT owner FROM board.people WHERE role = session_user $$
            """,
            """
            CREATE TABLE board.changes (
                seq bigserial PRIMARY KEY,
                owner uuid NOT NULL DEFAULT board.current_owner(),
                change_id uuid NOT NULL UNIQUE,
                entity text NOT NULL,
                entity_id text NOT NULL,
                field text NOT NULL,
                value text,
                stamp text NOT NULL,
                device text NOT NULL,
                origin text NOT NULL CHECK (origin IN ('user', 'propagation', 'generation', 'reapply')),
                received_at timestamptz NOT NULL DEFAULT now()
            )
            """,
            "CREATE INDEX changes_owner_seq ON board.changes (owner, seq)",
            "ALTER TABLE board.changes ENABLE ROW LEVEL SECURITY",
            "ALTER TABLE board.changes FORCE ROW LEVEL SECURITY",
            "CREATE POLICY changes_read ON board.changes FOR SELECT USING (owner = board.current_owner())",
            "CREATE POLICY changes_write ON board.changes FOR INSERT WITH CHECK (owner = board.current_owner())",
            // An insert tells the owner's channel its sequence number, nothing more.
            """
            CREATE FUNCTION board.notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN PERFORM pg_notify('board_' || replace(NEW.owner::text, '-', ''), NEW.seq::text); RETURN NULL; END $$
            """,
            "CREATE TRIGGER changes_notify AFTER INSERT ON board.changes FOR EACH ROW EXECUTE FUNCTION board.notify_change()",
            // What a person may do: read and add their own changes. Nothing else, not even their own updates.
            "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'board_person') THEN CREATE ROLE board_person NOLOGIN; END IF; END $$",
            "REVOKE ALL ON SCHEMA board FROM PUBLIC",
            "GRANT USAGE ON SCHEMA board TO board_person",
            "GRANT SELECT, INSERT ON board.changes TO board_person",
            "GRANT USAGE ON SEQUENCE board.changes_seq_seq TO board_person",
            "REVOKE ALL ON FUNCTION board.current_owner() FROM PUBLIC",
            "GRANT EXECUTE ON FUNCTION board.current_owner() TO board_person",
        ],
        // 2: one person's pushes one after another, so their sequence numbers are in commit order and
        // a pull that has read through N never misses a change numbered below N that commits later.
        [
            """
            CREATE FUNCTION board.serialize_owner() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN PERFORM pg_advisory_xact_lock(hashtextextended('board.changes ' || board.current_owner()::text, 0)); RETURN NULL; END $$
            """,
            "CREATE TRIGGER changes_serialize BEFORE INSERT ON board.changes FOR EACH STATEMENT EXECUTE FUNCTION board.serialize_owner()",
            // One notification per statement with its highest number, not one per row: a push of
            // 100,000 changes queued 100,000 notifications.
            "DROP TRIGGER changes_notify ON board.changes",
            """
            CREATE FUNCTION board.notify_changes() RETURNS trigger LANGUAGE plpgsql AS $$
            DECLARE r record;
            BEGIN
                FOR r IN SELECT owner, max(seq) AS top FROM added GROUP BY owner LOOP
                    PERFORM pg_notify('board_' || replace(r.owner::text, '-', ''), r.top::text);
                END LOOP;
                RETURN NULL;
            END $$
            """,
            "CREATE TRIGGER changes_notify AFTER INSERT ON board.changes REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION board.notify_changes()",
        ],
    ]
}
