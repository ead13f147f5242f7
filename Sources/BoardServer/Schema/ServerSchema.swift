import BoardSync
import BoardModel

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
        // 3: a change is untrusted input, and one person can't disturb another (ARCHITECTURE.md §13).
        [
            // The server numbers changes; no person may choose a number or draw one.
            "ALTER TABLE board.changes ALTER COLUMN seq DROP DEFAULT",
            "DROP SEQUENCE board.changes_seq_seq",
            """
            DO $$ BEGIN EXECUTE format('ALTER TABLE board.changes ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY (START WITH %s)',
                                       (SELECT coalesce(max(seq), 0) + 1 FROM board.changes)); END $$
            """,
            "REVOKE INSERT ON board.changes FROM board_person",
            "GRANT INSERT (change_id, entity, entity_id, field, value, stamp, device, origin) ON board.changes TO board_person",
            // The shape of a change: a known table and field, ids within a length, JSON within a size, a stamp
            // (16 digits of milliseconds, a dash, 5 to 10 of counter).
            // Rows already here are not checked again (NOT VALID); devices set bad ones aside.
            "ALTER TABLE board.changes ADD CONSTRAINT changes_field CHECK (entity || '.' || field = ANY (ARRAY[\(knownFieldsV3)])) NOT VALID",
            // Lengths only: a regular expression per id was a third of a 100,000-change push (devices check ids in full).
            "ALTER TABLE board.changes ADD CONSTRAINT changes_ids CHECK (length(entity_id) BETWEEN 1 AND 64 AND length(device) BETWEEN 1 AND 64) NOT VALID",
            "ALTER TABLE board.changes ADD CONSTRAINT changes_value CHECK (value IS NULL OR (octet_length(value) <= 262144 AND value::json IS NOT NULL)) NOT VALID",
            "ALTER TABLE board.changes ADD CONSTRAINT changes_stamp CHECK (stamp ~ '^[0-9]+-[0-9]+$' AND length(stamp) BETWEEN 22 AND 27 AND substr(stamp, 17, 1) = '-') NOT VALID",
            // The ordering lock is the person's own row of board.people, which no other person can read, let alone lock.
            """
            CREATE OR REPLACE FUNCTION board.serialize_owner() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$
            BEGIN PERFORM 1 FROM board.people WHERE role = session_user FOR UPDATE; RETURN NULL; END $$
            """,
            // Notifications go to a channel only its person knows.
            "ALTER TABLE board.people ADD COLUMN channel text NOT NULL UNIQUE DEFAULT ('board_' || replace(gen_random_uuid()::text, '-', ''))",
            """
            CREATE FUNCTION board.my_channel() RETURNS text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog
            AS $$ SELECT channel FROM board.people WHERE role = session_user $$
            """,
            "REVOKE ALL ON FUNCTION board.my_channel() FROM PUBLIC",
            "GRANT EXECUTE ON FUNCTION board.my_channel() TO board_person",
            // A stamp more than ten minutes ahead of the server's clock is refused: it would pin every device's clock.
            """
            CREATE OR REPLACE FUNCTION board.notify_changes() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$
            DECLARE r record; latest_allowed bigint := (extract(epoch FROM clock_timestamp()) * 1000)::bigint + \(HybridTimestamp.leeway);
            BEGIN
                -- One pass over the statement's rows: per owner, the highest number and the latest stamp
                -- (the 16 digits of milliseconds lead a stamp, so its text sorts by them).
                FOR r IN SELECT a.owner, max(a.seq) AS top, max(a.stamp) AS latest FROM added a GROUP BY a.owner LOOP
                    IF left(r.latest, 16)::bigint > latest_allowed THEN
                        RAISE EXCEPTION 'stamp: % is more than 10 minutes ahead of the server''s clock; set this device''s clock right', r.latest
                            USING ERRCODE = 'check_violation';
                    END IF;
                    PERFORM pg_notify((SELECT channel FROM board.people WHERE owner = r.owner), r.top::text);
                END LOOP;
                RETURN NULL;
            END $$
            """,
        ],
        // 4: a reminder once across a person's devices — the device that claims it here delivers it.
        [
            """
            CREATE TABLE board.reminder_claims (
                owner uuid NOT NULL DEFAULT board.current_owner(),
                task_id text NOT NULL CHECK (length(task_id) BETWEEN 1 AND 64),
                instant text NOT NULL CHECK (length(instant) BETWEEN 1 AND 40),
                device text NOT NULL CHECK (length(device) BETWEEN 1 AND 64),
                claimed_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (owner, task_id, instant)
            )
            """,
            "ALTER TABLE board.reminder_claims ENABLE ROW LEVEL SECURITY",
            "ALTER TABLE board.reminder_claims FORCE ROW LEVEL SECURITY",
            "CREATE POLICY claims_read ON board.reminder_claims FOR SELECT USING (owner = board.current_owner())",
            "CREATE POLICY claims_write ON board.reminder_claims FOR INSERT WITH CHECK (owner = board.current_owner())",
            "GRANT SELECT ON board.reminder_claims TO board_person",
            "GRANT INSERT (task_id, instant, device) ON board.reminder_claims TO board_person",
        ],
        // 5: a push names its owner, and the policies ask who the session is once per statement (an
        // init plan) rather than once per row: a first sync's 100,000 rows called it 200,000 times,
        // a third of the insert. Any owner but the session's own is still refused, by the policy.
        [
            "GRANT INSERT (owner) ON board.changes TO board_person",
            "DROP POLICY changes_read ON board.changes",
            "CREATE POLICY changes_read ON board.changes FOR SELECT USING (owner = (SELECT board.current_owner()))",
            "DROP POLICY changes_write ON board.changes",
            "CREATE POLICY changes_write ON board.changes FOR INSERT WITH CHECK (owner = (SELECT board.current_owner()))",
        ],
        // 6: a card's aim, the day a person put it in its bucket (ARCHITECTURE.md §15).
        [
            "ALTER TABLE board.changes DROP CONSTRAINT changes_field",
            "ALTER TABLE board.changes ADD CONSTRAINT changes_field CHECK (entity || '.' || field = ANY (ARRAY[\(knownFieldsV3), 'tasks.aimed_on'])) NOT VALID",
        ],
        // 7: the board itself, kept in step with the log by `board server run` (ARCHITECTURE.md §16).
        ServerTables.migration,
        // 8: reminders sent by the server, to an address the person gives (ARCHITECTURE.md §17).
        ServerReminders.migration,
        // 9: a routine shared with another person, who reads it and never writes it (ARCHITECTURE.md §18).
        ShareSchema.migration,
        // 10: the realtime channel's address and tickets (ARCHITECTURE.md §19).
        ServerRealtime.migration,
        // 11: the zone of server reminders pinned by the person, or following their devices (§17).
        ServerReminders.pinnedZoneMigration,
        // 12: routines several times a day: a template's times, an occurrence's (ARCHITECTURE.md §4).
        [
            "ALTER TABLE board.changes DROP CONSTRAINT changes_field",
            "ALTER TABLE board.changes ADD CONSTRAINT changes_field CHECK (entity || '.' || field = ANY (ARRAY[\(knownFieldsV3), 'tasks.aimed_on', 'tasks.occurrence_time'])) NOT VALID",
        ] + ServerTables.severalTimesMigration,
        // 13: habits with a target, their entries counted per device (ARCHITECTURE.md §5).
        [
            "ALTER TABLE board.changes DROP CONSTRAINT changes_field",
            "ALTER TABLE board.changes ADD CONSTRAINT changes_field CHECK (entity || '.' || field = ANY (ARRAY[\(knownFields)])) NOT VALID",
        ] + ServerTables.habitTargetsMigration,
        // 14: a person's calendar feeds, each read by a token alone (ARCHITECTURE.md §22).
        FeedSchema.migration,
        // 15: a routine shared by link, for a sitter without an account (ARCHITECTURE.md §22).
        LinkSchema.migration,
    ]

    /// Fields added after migration 3, each with the migration that added it.
    static let fieldsAddedLater = ["tasks.aimed_on", "tasks.occurrence_time", "habits.target", "habit_entries.device", "habit_entries.count"]

    /// Every `table.field` a change may name now.
    static let knownFields = knownFieldsV3 + ", " + fieldsAddedLater.map { "'\($0)'" }.joined(separator: ", ")

    /// Every `table.field` a change may name, as migration 3 froze it: a later column needs a later
    /// migration (a test holds this to `SyncedFields.all`).
    static let knownFieldsV3: String = [
        "templates": "id owner_id title description labels checklist default_bucket default_time priority default_duration_min status version created_at updated_at end_after_count remind_before_min row deleted",
        "recurrence_rules": "id template_id rrule anchor month_end_policy timezone starts_on ends_on row deleted",
        "series": "id template_id owner_id starts_on ends_on status last_generated_at used_count skipped_dates generated_through generated_count row deleted",
        "tasks": "id owner_id title description labels checklist bucket position due_date due_time priority duration_min is_completed completed_at created_at updated_at template_id series_id occurrence_date remind_before_min exception.title exception.description exception.labels exception.checklist exception.bucket exception.due_time exception.priority exception.duration_min row deleted",
        "habits": "id owner_id name description archived created_at row deleted",
        "habit_entries": "habit_id day source routine_id created_at updated_at row deleted",
    ].sorted { $0.key < $1.key }.flatMap { table, fields in fields.split(separator: " ").map { "'\(table).\($0)'" } }.joined(separator: ", ")
}
