/// The server's side of a shared routine (ARCHITECTURE.md §18): the grants, and the
/// security-definer functions through which an owner shares and a grantee reads.
enum ShareSchema {
    /// Migration 9: the shares, and the functions that make, list and read them.
    static let migration: [String] = [
        """
        CREATE TABLE board.shares (
            owner_id uuid NOT NULL REFERENCES board.people (owner) ON DELETE CASCADE,
            template_id text NOT NULL CHECK (length(template_id) BETWEEN 1 AND 64),
            grantee uuid NOT NULL REFERENCES board.people (owner) ON DELETE CASCADE,
            created_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (owner_id, template_id, grantee),
            CHECK (grantee <> owner_id)
        )
        """,
        // What a grantee reads goes through this index: their grants, then the owner's rows by key.
        "CREATE INDEX shares_grantee ON board.shares (grantee, owner_id, template_id)",
        "ALTER TABLE board.shares ENABLE ROW LEVEL SECURITY",
        "ALTER TABLE board.shares FORCE ROW LEVEL SECURITY",
        """
        CREATE POLICY shares_read ON board.shares FOR SELECT TO board_person
        USING (owner_id = (SELECT board.current_owner()) OR grantee = (SELECT board.current_owner()))
        """,
        "GRANT SELECT ON board.shares TO board_person",
        "DO $$ BEGIN EXECUTE format('CREATE POLICY shares_admin ON board.shares FOR ALL TO %I USING (true) WITH CHECK (true)', current_user); END $$",
        // The caller's own routine only: one their log has made. The other person's channel is
        // poked, so a watching board of theirs picks the share up at once.
        """
        CREATE FUNCTION board.share_routine(routine text, person name) RETURNS text LANGUAGE plpgsql SECURITY DEFINER
        SET search_path = pg_catalog AS $$
        DECLARE me uuid := board.current_owner(); them uuid;
        BEGIN
            SELECT owner INTO them FROM board.people WHERE role = person;
            IF them IS NULL THEN RAISE EXCEPTION 'no such person' USING ERRCODE = 'BRD01'; END IF;
            IF them = me THEN RAISE EXCEPTION 'own routine' USING ERRCODE = 'BRD02'; END IF;
            IF NOT EXISTS (SELECT 1 FROM board.changes WHERE owner = me AND entity = 'templates' AND entity_id = routine) THEN
                RAISE EXCEPTION 'no such routine' USING ERRCODE = 'BRD03';
            END IF;
            INSERT INTO board.shares (owner_id, template_id, grantee) VALUES (me, routine, them) ON CONFLICT DO NOTHING;
            IF NOT FOUND THEN RETURN 'already'; END IF;
            PERFORM pg_notify((SELECT channel FROM board.people WHERE owner = them), '0');
            RETURN 'shared';
        END $$
        """,
        """
        CREATE FUNCTION board.unshare_routine(routine text, person name) RETURNS text LANGUAGE plpgsql SECURITY DEFINER
        SET search_path = pg_catalog AS $$
        DECLARE me uuid := board.current_owner(); them uuid;
        BEGIN
            SELECT owner INTO them FROM board.people WHERE role = person;
            IF them IS NULL THEN RAISE EXCEPTION 'no such person' USING ERRCODE = 'BRD01'; END IF;
            DELETE FROM board.shares WHERE owner_id = me AND template_id = routine AND grantee = them;
            IF NOT FOUND THEN RETURN 'not shared'; END IF;
            PERFORM pg_notify((SELECT channel FROM board.people WHERE owner = them), '0');
            RETURN 'unshared';
        END $$
        """,
        """
        CREATE FUNCTION board.my_shares() RETURNS TABLE (direction text, routine text, title text, person text) LANGUAGE sql STABLE
        SECURITY DEFINER SET search_path = pg_catalog AS $$
            SELECT 'with', s.template_id, t.title, p.role::text FROM board.shares s JOIN board.people p ON p.owner = s.grantee
            LEFT JOIN board.templates t ON t.owner_id = s.owner_id AND t.id = s.template_id
            WHERE s.owner_id = board.current_owner()
            UNION ALL
            SELECT 'from', s.template_id, t.title, p.role::text FROM board.shares s JOIN board.people p ON p.owner = s.owner_id
            LEFT JOIN board.templates t ON t.owner_id = s.owner_id AND t.id = s.template_id
            WHERE s.grantee = board.current_owner()
            ORDER BY 1 DESC, 4, 2
        $$
        """,
        // What the other person reads: the shared routines as they are now (not archived), their
        // schedules, and their runs, each with the owner's name.
        """
        CREATE FUNCTION board.shared_templates() RETURNS TABLE (shared_by text, template board.templates) LANGUAGE sql STABLE
        SECURITY DEFINER SET search_path = pg_catalog AS $$
            SELECT p.role::text, t FROM board.shares s JOIN board.templates t ON t.owner_id = s.owner_id AND t.id = s.template_id
            JOIN board.people p ON p.owner = s.owner_id
            WHERE s.grantee = board.current_owner() AND t.status <> 'archived'
        $$
        """,
        """
        CREATE FUNCTION board.shared_recurrence_rules() RETURNS SETOF board.recurrence_rules LANGUAGE sql STABLE
        SECURITY DEFINER SET search_path = pg_catalog AS $$
            SELECT r.* FROM board.shares s JOIN board.templates t ON t.owner_id = s.owner_id AND t.id = s.template_id
            JOIN board.recurrence_rules r ON r.owner_id = s.owner_id AND r.template_id = s.template_id
            WHERE s.grantee = board.current_owner() AND t.status <> 'archived'
        $$
        """,
        """
        CREATE FUNCTION board.shared_tasks() RETURNS SETOF board.tasks LANGUAGE sql STABLE
        SECURITY DEFINER SET search_path = pg_catalog AS $$
            SELECT k.* FROM board.shares s JOIN board.templates t ON t.owner_id = s.owner_id AND t.id = s.template_id
            JOIN board.tasks k ON k.owner_id = s.owner_id AND k.template_id = s.template_id
            WHERE s.grantee = board.current_owner() AND t.status <> 'archived'
        $$
        """,
        """
        REVOKE ALL ON FUNCTION board.share_routine(text, name), board.unshare_routine(text, name), board.my_shares(),
            board.shared_templates(), board.shared_recurrence_rules(), board.shared_tasks() FROM PUBLIC
        """,
        """
        GRANT EXECUTE ON FUNCTION board.share_routine(text, name), board.unshare_routine(text, name), board.my_shares(),
            board.shared_templates(), board.shared_recurrence_rules(), board.shared_tasks() TO board_person
        """,
    ]
}
