extension ServerTables {
    /// Migration 7: the tables, their indexes and who reads them. Frozen as it ran: a later
    /// column is a later migration, held to the records' tables by `ServerFieldTableTests`.
    static let migration: [String] = [
        """
        CREATE TABLE board.templates (
            id text NOT NULL CHECK (length(id) BETWEEN 1 AND 64),
            owner_id uuid NOT NULL REFERENCES board.people (owner) ON DELETE CASCADE,
            title text NOT NULL CHECK (length(btrim(title)) > 0),
            description text NOT NULL DEFAULT '',
            labels jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(labels) = 'array'),
            checklist jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(checklist) = 'array' AND jsonb_array_length(checklist) <= 10),
            default_bucket text NOT NULL DEFAULT 'ROUTINES' CHECK (default_bucket = 'ROUTINES'),
            default_time time,
            priority integer NOT NULL DEFAULT 0 CHECK (priority BETWEEN 0 AND 3),
            default_duration_min integer CHECK (default_duration_min > 0),
            status text NOT NULL CHECK (status IN ('draft', 'active', 'paused', 'archived')),
            version bigint NOT NULL DEFAULT 1,
            created_at timestamptz NOT NULL,
            updated_at timestamptz NOT NULL,
            end_after_count integer CHECK (end_after_count >= 1),
            remind_before_min integer NOT NULL DEFAULT 0 CHECK (remind_before_min BETWEEN 0 AND 1440),
            PRIMARY KEY (owner_id, id)
        )
        """,
        """
        CREATE TABLE board.recurrence_rules (
            id text NOT NULL CHECK (length(id) BETWEEN 1 AND 64),
            owner_id uuid NOT NULL,
            template_id text NOT NULL,
            rrule text NOT NULL,
            anchor text NOT NULL CHECK (anchor IN ('schedule', 'completion')),
            month_end_policy text NOT NULL CHECK (month_end_policy IN ('clamp', 'skip')),
            timezone text,
            starts_on date NOT NULL,
            ends_on date,
            PRIMARY KEY (owner_id, id),
            UNIQUE (owner_id, template_id),
            FOREIGN KEY (owner_id, template_id) REFERENCES board.templates (owner_id, id) ON DELETE CASCADE
        )
        """,
        """
        CREATE TABLE board.series (
            id text NOT NULL CHECK (length(id) BETWEEN 1 AND 64),
            owner_id uuid NOT NULL,
            template_id text NOT NULL,
            starts_on date NOT NULL,
            ends_on date,
            status text NOT NULL CHECK (status IN ('draft', 'active', 'paused', 'archived')),
            last_generated_at timestamptz,
            used_count bigint NOT NULL DEFAULT 0,
            skipped_dates jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(skipped_dates) = 'array'),
            generated_through date,
            generated_count bigint NOT NULL DEFAULT 0 CHECK (generated_count >= 0),
            PRIMARY KEY (owner_id, id),
            UNIQUE (owner_id, template_id),
            FOREIGN KEY (owner_id, template_id) REFERENCES board.templates (owner_id, id) ON DELETE CASCADE
        )
        """,
        // The bucket keeps the device's name; `bucket_key` is the product's word for it.
        """
        CREATE TABLE board.tasks (
            id text NOT NULL CHECK (length(id) BETWEEN 1 AND 64),
            owner_id uuid NOT NULL REFERENCES board.people (owner) ON DELETE CASCADE,
            title text NOT NULL CHECK (length(btrim(title)) > 0),
            description text NOT NULL DEFAULT '',
            labels jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(labels) = 'array'),
            checklist jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(checklist) = 'array' AND jsonb_array_length(checklist) <= 10),
            bucket text NOT NULL CHECK (bucket IN ('THIS_WEEK', 'WEEKEND', 'NEXT_WEEK', 'NEXT_MONTH', 'ROUTINES')),
            bucket_key text GENERATED ALWAYS AS (lower(bucket)) STORED,
            position bigint NOT NULL,
            due_date date,
            due_time time,
            priority integer NOT NULL DEFAULT 0 CHECK (priority BETWEEN 0 AND 3),
            duration_min integer CHECK (duration_min > 0),
            is_completed boolean NOT NULL DEFAULT false,
            completed_at timestamptz,
            created_at timestamptz NOT NULL,
            updated_at timestamptz NOT NULL,
            template_id text,
            series_id text,
            occurrence_date date,
            exception_mask jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(exception_mask) = 'array'),
            remind_before_min integer NOT NULL DEFAULT 0 CHECK (remind_before_min BETWEEN 0 AND 1440),
            aimed_on date,
            PRIMARY KEY (owner_id, id),
            CHECK ((series_id IS NULL) = (occurrence_date IS NULL)),
            FOREIGN KEY (owner_id, template_id) REFERENCES board.templates (owner_id, id) ON DELETE CASCADE,
            FOREIGN KEY (owner_id, series_id) REFERENCES board.series (owner_id, id) ON DELETE CASCADE
        )
        """,
        "CREATE UNIQUE INDEX tasks_series_date ON board.tasks (owner_id, series_id, occurrence_date) WHERE series_id IS NOT NULL",
        "CREATE INDEX tasks_template ON board.tasks (owner_id, template_id) WHERE template_id IS NOT NULL",
        // The person's weekly queries: their open cards by bucket and by date.
        "CREATE INDEX tasks_owner_bucket ON board.tasks (owner_id, bucket, position) WHERE NOT is_completed",
        "CREATE INDEX tasks_owner_due ON board.tasks (owner_id, due_date) WHERE due_date IS NOT NULL",
        """
        CREATE TABLE board.habits (
            id text NOT NULL CHECK (length(id) BETWEEN 1 AND 64),
            owner_id uuid NOT NULL REFERENCES board.people (owner) ON DELETE CASCADE,
            name text NOT NULL CHECK (length(btrim(name)) > 0),
            description text NOT NULL DEFAULT '',
            archived boolean NOT NULL DEFAULT false,
            created_at timestamptz NOT NULL,
            PRIMARY KEY (owner_id, id)
        )
        """,
        """
        CREATE TABLE board.habit_entries (
            owner_id uuid NOT NULL,
            habit_id text NOT NULL,
            day date NOT NULL,
            source text NOT NULL CHECK (source IN ('manual', 'routine')),
            routine_id text,
            created_at timestamptz NOT NULL,
            updated_at timestamptz NOT NULL,
            PRIMARY KEY (owner_id, habit_id, day),
            FOREIGN KEY (owner_id, habit_id) REFERENCES board.habits (owner_id, id) ON DELETE CASCADE
        )
        """,
        // How far the replica has brought each person's tables: the log's sequence number, written
        // in the transaction that writes the rows.
        """
        CREATE TABLE board.replica_cursors (
            owner uuid PRIMARY KEY REFERENCES board.people (owner) ON DELETE CASCADE,
            seq bigint NOT NULL DEFAULT 0,
            updated_at timestamptz NOT NULL DEFAULT now()
        )
        """,
    ] + ["templates", "recurrence_rules", "series", "tasks", "habits", "habit_entries"].flatMap { table in
        [
            // Their person reads their rows; nobody writes them but the replica (the administrator's role).
            "ALTER TABLE board.\(table) ENABLE ROW LEVEL SECURITY",
            "ALTER TABLE board.\(table) FORCE ROW LEVEL SECURITY",
            "CREATE POLICY \(table)_read ON board.\(table) FOR SELECT TO board_person USING (owner_id = (SELECT board.current_owner()))",
            "GRANT SELECT ON board.\(table) TO board_person",
            // The replica writes as the administrator who ran the migration, whom FORCE would bind too.
            "DO $$ BEGIN EXECUTE format('CREATE POLICY \(table)_replica ON board.\(table) FOR ALL TO %I USING (true) WITH CHECK (true)', current_user); END $$",
        ]
    } + [
        "CREATE PUBLICATION board_realtime FOR TABLE board.templates, board.series, board.tasks",
    ]
}

extension ServerTables {
    /// Migration 13: a habit's target (`3/day`, NULL for daily) and entries counted per device,
    /// the device joining the entries' key, as on a device (ARCHITECTURE.md §5).
    static let habitTargetsMigration: [String] = [
        "ALTER TABLE board.habits ADD COLUMN target text",
        "ALTER TABLE board.habit_entries ADD COLUMN device text NOT NULL DEFAULT ''",
        "ALTER TABLE board.habit_entries ADD COLUMN count integer NOT NULL DEFAULT 1 CHECK (count BETWEEN 1 AND 1000)",
        "ALTER TABLE board.habit_entries DROP CONSTRAINT habit_entries_pkey",
        "ALTER TABLE board.habit_entries ADD PRIMARY KEY (owner_id, habit_id, day, device)",
    ]

    /// Migration 12: a template's times of day are text (`08:00, 20:00`), and an occurrence's
    /// time joins its key, NULL for a routine with one time, as on a device (ARCHITECTURE.md §4).
    static let severalTimesMigration: [String] = [
        "ALTER TABLE board.templates ALTER COLUMN default_time TYPE text USING to_char(default_time, 'HH24:MI')",
        "ALTER TABLE board.tasks ADD COLUMN occurrence_time time",
        "DROP INDEX board.tasks_series_date",
        """
        CREATE UNIQUE INDEX tasks_series_date ON board.tasks (owner_id, series_id, occurrence_date, occurrence_time)
            NULLS NOT DISTINCT WHERE series_id IS NOT NULL
        """,
    ]
}
