PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
INSERT INTO grdb_migrations VALUES('v1 templates, series, tasks');
INSERT INTO grdb_migrations VALUES('v2 events');
INSERT INTO grdb_migrations VALUES('v3 series generated through');
INSERT INTO grdb_migrations VALUES('v4 reminders');
INSERT INTO grdb_migrations VALUES('v5 habits');
INSERT INTO grdb_migrations VALUES('v6 routine ticks');
CREATE TABLE settings (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    owner_id TEXT NOT NULL,
    time_zone TEXT
);
INSERT INTO settings VALUES(1,'7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41',NULL);
CREATE TABLE templates (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL,
    title TEXT NOT NULL CHECK (length(trim(title)) > 0),
    description TEXT NOT NULL DEFAULT '',
    labels TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(labels)),
    checklist TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(checklist) AND json_array_length(checklist) <= 10),
    default_bucket TEXT NOT NULL DEFAULT 'ROUTINES' CHECK (default_bucket = 'ROUTINES'),
    default_time TEXT,
    priority INTEGER NOT NULL DEFAULT 0 CHECK (priority BETWEEN 0 AND 3),
    default_duration_min INTEGER CHECK (default_duration_min > 0),
    status TEXT NOT NULL CHECK (status IN ('draft','active','paused','archived')),
    version INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    end_after_count INTEGER CHECK (end_after_count >= 1)
, remind_before_min INTEGER NOT NULL DEFAULT 0 CHECK (remind_before_min BETWEEN 0 AND 1440));
INSERT INTO templates VALUES('a80bc465-9873-4ac7-88ad-68251b45c804','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Morning routine','','[]','[{"text":"Glass of water"},{"text":"Stretch"},{"text":"Journal"}]','ROUTINES','07:00',0,NULL,'active',1,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z',NULL,0);
INSERT INTO templates VALUES('d695382b-2f02-4879-a57c-08c7cbfc10ef','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Standup prep','','["work"]','[]','ROUTINES','07:30',0,NULL,'active',1,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z',NULL,0);
INSERT INTO templates VALUES('35fc326f-cd11-4be8-92e4-126c55380cbd','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Team 1:1','','["work"]','[]','ROUTINES','10:00',1,NULL,'active',1,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z',NULL,0);
INSERT INTO templates VALUES('f4afa40d-2c87-48a1-89ff-6acd43cabbee','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Budget review','','["money"]','[]','ROUTINES',NULL,2,NULL,'active',1,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z',NULL,0);
CREATE TABLE recurrence_rules (
    id TEXT PRIMARY KEY,
    template_id TEXT NOT NULL UNIQUE REFERENCES templates(id) ON DELETE CASCADE,
    rrule TEXT NOT NULL,
    anchor TEXT NOT NULL CHECK (anchor IN ('schedule','completion')),
    month_end_policy TEXT NOT NULL CHECK (month_end_policy IN ('clamp','skip')),
    timezone TEXT,
    starts_on TEXT NOT NULL,
    ends_on TEXT
);
INSERT INTO recurrence_rules VALUES('eb667241-28fa-4a11-8b7c-cea2f92026b3','a80bc465-9873-4ac7-88ad-68251b45c804','FREQ=DAILY','schedule','skip','Europe/Paris','2026-11-21',NULL);
INSERT INTO recurrence_rules VALUES('5cbd3d3a-9f49-4806-b3d6-a07dfc9793b6','d695382b-2f02-4879-a57c-08c7cbfc10ef','FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR','schedule','skip','Europe/Paris','2026-11-21',NULL);
INSERT INTO recurrence_rules VALUES('2329613f-3a37-4a40-977a-04322616f395','35fc326f-cd11-4be8-92e4-126c55380cbd','FREQ=WEEKLY;INTERVAL=2;BYDAY=TU','schedule','skip','Europe/Paris','2026-11-21',NULL);
INSERT INTO recurrence_rules VALUES('5b6e491e-4dca-43fe-bd80-170557a22c71','f4afa40d-2c87-48a1-89ff-6acd43cabbee','FREQ=MONTHLY;BYDAY=-1FR','schedule','skip','Europe/Paris','2026-11-21',NULL);
CREATE TABLE series (
    id TEXT PRIMARY KEY,
    template_id TEXT NOT NULL REFERENCES templates(id) ON DELETE CASCADE,
    owner_id TEXT NOT NULL,
    starts_on TEXT NOT NULL,
    ends_on TEXT,
    status TEXT NOT NULL CHECK (status IN ('draft','active','paused','archived')),
    last_generated_at TEXT,
    used_count INTEGER NOT NULL DEFAULT 0,
    skipped_dates TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(skipped_dates))
, generated_through TEXT);
INSERT INTO series VALUES('baeaab36-aca2-4701-a5de-4c079e315d68','a80bc465-9873-4ac7-88ad-68251b45c804','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','2026-11-21',NULL,'active','2026-11-21T09:00:00.000Z',0,'[]','2026-11-27');
INSERT INTO series VALUES('f66813c2-33e8-4005-ad2a-e5c611063c87','d695382b-2f02-4879-a57c-08c7cbfc10ef','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','2026-11-21',NULL,'active','2026-11-21T09:00:00.000Z',0,'[]','2026-11-27');
INSERT INTO series VALUES('905e0b12-18ff-49dd-8cbe-19d4d2687f1a','35fc326f-cd11-4be8-92e4-126c55380cbd','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','2026-11-21',NULL,'active',NULL,0,'[]','2026-11-27');
INSERT INTO series VALUES('b4789fe8-f243-459f-8c9e-13b60cdb2d17','f4afa40d-2c87-48a1-89ff-6acd43cabbee','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','2026-11-21',NULL,'active','2026-11-21T09:00:00.000Z',0,'[]','2026-11-27');
CREATE TABLE tasks (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL,
    title TEXT NOT NULL CHECK (length(trim(title)) > 0),
    description TEXT NOT NULL DEFAULT '',
    labels TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(labels)),
    checklist TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(checklist) AND json_array_length(checklist) <= 10),
    bucket TEXT NOT NULL CHECK (bucket IN ('THIS_WEEK','WEEKEND','NEXT_WEEK','NEXT_MONTH','ROUTINES')),
    position INTEGER NOT NULL,
    due_date TEXT,
    due_time TEXT,
    priority INTEGER NOT NULL DEFAULT 0 CHECK (priority BETWEEN 0 AND 3),
    duration_min INTEGER CHECK (duration_min > 0),
    is_completed INTEGER NOT NULL DEFAULT 0 CHECK (is_completed IN (0, 1)),
    completed_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    template_id TEXT REFERENCES templates(id),
    series_id TEXT REFERENCES series(id),
    occurrence_date TEXT,
    exception_mask TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(exception_mask))
, remind_before_min INTEGER NOT NULL DEFAULT 0 CHECK (remind_before_min BETWEEN 0 AND 1440));
INSERT INTO tasks VALUES('ec280a9f-4e39-4a87-a81d-ff0f9d63c042','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Renew passport','','["admin"]','[]','THIS_WEEK',0,'2026-11-23',NULL,2,NULL,0,NULL,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z',NULL,NULL,NULL,'[]',0);
INSERT INTO tasks VALUES('74f342a0-9f00-4bf7-9496-e2da0dcb463f','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Buy a birthday gift for Sam','','["family"]','[]','THIS_WEEK',1,'2026-11-24',NULL,1,NULL,0,NULL,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z',NULL,NULL,NULL,'[]',0);
INSERT INTO tasks VALUES('f6910a6b-3b98-499c-9d5d-6b7ddfb9a907','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Reply to the landlord','','[]','[]','THIS_WEEK',2,NULL,NULL,1,NULL,0,NULL,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z',NULL,NULL,NULL,'[]',0);
INSERT INTO tasks VALUES('d7b45949-c471-45f2-ad52-1449ef341031','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Hike the ridge trail','','["outdoors"]','[{"done":false,"text":"Pack water"},{"done":false,"text":"Check the weather"},{"done":false,"text":"Charge phone"}]','WEEKEND',0,NULL,NULL,0,NULL,0,NULL,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z',NULL,NULL,NULL,'[]',0);
INSERT INTO tasks VALUES('d1eb4aff-3b75-4abc-ac98-ae2a1bd20fff','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Bake sourdough 🍞','','["home"]','[]','WEEKEND',1,NULL,NULL,0,NULL,0,NULL,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z',NULL,NULL,NULL,'[]',0);
INSERT INTO tasks VALUES('824f4295-ce2e-4aa8-8181-b920874b222b','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Bidi ‮ C1  tab	end','','["health"]','[]','NEXT_WEEK',0,'2026-11-29','09:30',2,NULL,0,NULL,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z',NULL,NULL,NULL,'[]',0);
INSERT INTO tasks VALUES('ed60e18d-b067-450f-a680-490fb7d16ca3','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Quarterly report draft','','["work"]','[]','NEXT_WEEK',1,'2026-12-01',NULL,3,NULL,0,NULL,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z',NULL,NULL,NULL,'[]',0);
INSERT INTO tasks VALUES('37fff330-8250-4922-826b-6f9ee4c759c7','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Call the insurance about the claim','','[]','[]','NEXT_WEEK',2,NULL,NULL,0,NULL,0,NULL,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z',NULL,NULL,NULL,'[]',0);
INSERT INTO tasks VALUES('c6717ee0-b824-41a5-b2ef-d426305510c0','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Plan the summer trip','','["travel"]','[]','NEXT_MONTH',0,NULL,NULL,0,NULL,0,NULL,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z',NULL,NULL,NULL,'[]',0);
INSERT INTO tasks VALUES('43a51e22-5fcd-422a-b5c5-f755e27d5f06','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Tax paperwork','','["admin"]','[]','NEXT_MONTH',1,'2026-12-21',NULL,2,NULL,1,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z',NULL,NULL,NULL,'[]',0);
INSERT INTO tasks VALUES('032e1463-7636-4ac0-9755-cb4381200d90','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Try the ramen place 🍜','','["food"]','[]','NEXT_MONTH',2,NULL,NULL,0,NULL,0,NULL,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z',NULL,NULL,NULL,'[]',0);
INSERT INTO tasks VALUES('37076fb5-2cba-45f4-ace4-f5b959966554','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Learn 日本語 basics','','["learning"]','[]','NEXT_MONTH',3,NULL,NULL,0,NULL,0,NULL,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z',NULL,NULL,NULL,'[]',0);
INSERT INTO tasks VALUES('f322e358-f46f-4caf-bb1f-2fc773ed658c','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Morning routine','','[]','[{"done":false,"text":"Glass of water"},{"done":false,"text":"Stretch"},{"done":false,"text":"Journal"}]','ROUTINES',0,'2026-11-21','07:00',0,NULL,1,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z','a80bc465-9873-4ac7-88ad-68251b45c804','baeaab36-aca2-4701-a5de-4c079e315d68','2026-11-21','[]',0);
INSERT INTO tasks VALUES('b3e199e1-8879-4ef1-aecd-b7f7dfb19630','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Short morning routine','','[]','[{"done":false,"text":"Glass of water"},{"done":false,"text":"Stretch"},{"done":false,"text":"Journal"}]','ROUTINES',1,'2026-11-22','07:00',0,NULL,0,NULL,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z','a80bc465-9873-4ac7-88ad-68251b45c804','baeaab36-aca2-4701-a5de-4c079e315d68','2026-11-22','["title"]',0);
INSERT INTO tasks VALUES('02ed9abc-337e-4bb7-96c3-30faf823e29e','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Morning routine','','[]','[{"done":false,"text":"Glass of water"},{"done":false,"text":"Stretch"},{"done":false,"text":"Journal"}]','ROUTINES',2,'2026-11-23','07:00',0,NULL,0,NULL,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z','a80bc465-9873-4ac7-88ad-68251b45c804','baeaab36-aca2-4701-a5de-4c079e315d68','2026-11-23','[]',0);
INSERT INTO tasks VALUES('33c81b79-ae8f-4d48-b212-44c49f5524dc','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Morning routine','','[]','[{"done":false,"text":"Glass of water"},{"done":false,"text":"Stretch"},{"done":false,"text":"Journal"}]','ROUTINES',3,'2026-11-24','07:00',0,NULL,0,NULL,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z','a80bc465-9873-4ac7-88ad-68251b45c804','baeaab36-aca2-4701-a5de-4c079e315d68','2026-11-24','[]',0);
INSERT INTO tasks VALUES('40c485e0-958c-487c-ab74-6a72c2f0ccd5','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Morning routine','','[]','[{"done":false,"text":"Glass of water"},{"done":false,"text":"Stretch"},{"done":false,"text":"Journal"}]','ROUTINES',4,'2026-11-25','07:00',0,NULL,0,NULL,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z','a80bc465-9873-4ac7-88ad-68251b45c804','baeaab36-aca2-4701-a5de-4c079e315d68','2026-11-25','[]',0);
INSERT INTO tasks VALUES('038ac654-371d-4e33-9fa7-971b4728f318','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Morning routine','','[]','[{"done":false,"text":"Glass of water"},{"done":false,"text":"Stretch"},{"done":false,"text":"Journal"}]','ROUTINES',5,'2026-11-26','07:00',0,NULL,0,NULL,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z','a80bc465-9873-4ac7-88ad-68251b45c804','baeaab36-aca2-4701-a5de-4c079e315d68','2026-11-26','[]',0);
INSERT INTO tasks VALUES('9b61a9a7-4a63-40c8-8d2a-7409219fd399','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Morning routine','','[]','[{"done":false,"text":"Glass of water"},{"done":false,"text":"Stretch"},{"done":false,"text":"Journal"}]','ROUTINES',6,'2026-11-27','07:00',0,NULL,0,NULL,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z','a80bc465-9873-4ac7-88ad-68251b45c804','baeaab36-aca2-4701-a5de-4c079e315d68','2026-11-27','[]',0);
INSERT INTO tasks VALUES('b293c13d-5e02-4966-b9d5-fbfb4e8d1f6e','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Standup prep','','["work"]','[]','ROUTINES',7,'2026-11-23','07:30',0,NULL,0,NULL,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z','d695382b-2f02-4879-a57c-08c7cbfc10ef','f66813c2-33e8-4005-ad2a-e5c611063c87','2026-11-23','[]',0);
INSERT INTO tasks VALUES('8b7fbbbc-13f1-4585-ba8f-0865d9af99b9','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Standup prep','','["work"]','[]','ROUTINES',8,'2026-11-24','07:30',0,NULL,0,NULL,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z','d695382b-2f02-4879-a57c-08c7cbfc10ef','f66813c2-33e8-4005-ad2a-e5c611063c87','2026-11-24','[]',0);
INSERT INTO tasks VALUES('864ad63c-ed9f-493b-85c4-0ccf75a89939','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Standup prep','','["work"]','[]','ROUTINES',9,'2026-11-25','07:30',0,NULL,0,NULL,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z','d695382b-2f02-4879-a57c-08c7cbfc10ef','f66813c2-33e8-4005-ad2a-e5c611063c87','2026-11-25','[]',0);
INSERT INTO tasks VALUES('f588fc44-fd7b-436b-b34b-d00ab766027a','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Standup prep','','["work"]','[]','ROUTINES',10,'2026-11-26','07:30',0,NULL,0,NULL,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z','d695382b-2f02-4879-a57c-08c7cbfc10ef','f66813c2-33e8-4005-ad2a-e5c611063c87','2026-11-26','[]',0);
INSERT INTO tasks VALUES('537c245a-ad45-4f33-a6bf-ad2b6cd67106','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Standup prep','','["work"]','[]','ROUTINES',11,'2026-11-27','07:30',0,NULL,0,NULL,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z','d695382b-2f02-4879-a57c-08c7cbfc10ef','f66813c2-33e8-4005-ad2a-e5c611063c87','2026-11-27','[]',0);
INSERT INTO tasks VALUES('b25aac5e-9d59-4a9d-ad2c-9c51a1f6fc22','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Budget review','','["money"]','[]','ROUTINES',12,'2026-11-27',NULL,2,NULL,0,NULL,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z','f4afa40d-2c87-48a1-89ff-6acd43cabbee','b4789fe8-f243-459f-8c9e-13b60cdb2d17','2026-11-27','[]',0);
INSERT INTO tasks VALUES('516c6d9b-02ef-49b3-b77d-c7e7c9c150f2','7b2c1854-f2b5-4f2b-8a5a-ef5c37c7de41','Slash a/b "quoted" \back','','["has space","x\/y"]','[{"done":false,"text":"one\/two"},{"done":false,"text":"é 日本"}]','THIS_WEEK',3,'2026-11-25','08:05',3,45,0,NULL,'2026-11-21T09:00:00.000Z','2026-11-21T09:00:00.000Z',NULL,NULL,NULL,'[]',0);
CREATE TABLE events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    kind TEXT NOT NULL,
    template_id TEXT,
    task_id TEXT,
    detail TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(detail))
);
INSERT INTO events VALUES(1,'2026-11-21T09:00:00.000Z','template_created','a80bc465-9873-4ac7-88ad-68251b45c804',NULL,'{}');
INSERT INTO events VALUES(2,'2026-11-21T09:00:00.000Z','template_created','d695382b-2f02-4879-a57c-08c7cbfc10ef',NULL,'{}');
INSERT INTO events VALUES(3,'2026-11-21T09:00:00.000Z','template_created','35fc326f-cd11-4be8-92e4-126c55380cbd',NULL,'{}');
INSERT INTO events VALUES(4,'2026-11-21T09:00:00.000Z','template_created','f4afa40d-2c87-48a1-89ff-6acd43cabbee',NULL,'{}');
INSERT INTO events VALUES(5,'2026-11-21T09:00:00.000Z','occurrence_completed','a80bc465-9873-4ac7-88ad-68251b45c804','f322e358-f46f-4caf-bb1f-2fc773ed658c','{}');
INSERT INTO events VALUES(6,'2026-11-21T09:00:00.000Z','exception_added','a80bc465-9873-4ac7-88ad-68251b45c804','b3e199e1-8879-4ef1-aecd-b7f7dfb19630','{"field":"title"}');
CREATE TABLE reminders (
    task_id TEXT NOT NULL,
    instant TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('claimed', 'delivered', 'missed', 'failed')),
    claimed_at TEXT NOT NULL,
    delivered_at TEXT,
    PRIMARY KEY (task_id, instant)
);
CREATE TABLE habits (
    id TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL,
    name TEXT NOT NULL CHECK (length(trim(name)) > 0),
    description TEXT NOT NULL DEFAULT '',
    archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
    created_at TEXT NOT NULL
);
CREATE TABLE habit_entries (
    habit_id TEXT NOT NULL REFERENCES habits(id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('manual', 'routine')),
    routine_id TEXT REFERENCES templates(id) ON DELETE SET NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (habit_id, day)
);
CREATE TABLE routine_ticks (
    template_id TEXT NOT NULL REFERENCES templates(id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    step TEXT NOT NULL,
    ticked_at TEXT NOT NULL,
    PRIMARY KEY (template_id, day, step)
);
DELETE FROM sqlite_sequence;
INSERT INTO sqlite_sequence VALUES('events',6);
CREATE UNIQUE INDEX series_template ON series(template_id);
CREATE UNIQUE INDEX tasks_series_occurrence ON tasks(series_id, occurrence_date);
CREATE INDEX tasks_template ON tasks(template_id);
CREATE INDEX tasks_bucket_position ON tasks(bucket, position);
CREATE TRIGGER series_owner BEFORE INSERT ON series
WHEN NEW.owner_id IS NOT (SELECT owner_id FROM templates WHERE id = NEW.template_id)
BEGIN SELECT RAISE(ABORT, 'owner: a series must belong to its template''s owner'); END;
CREATE TRIGGER tasks_owner_insert BEFORE INSERT ON tasks
WHEN NEW.series_id IS NOT NULL AND NEW.owner_id IS NOT (SELECT owner_id FROM series WHERE id = NEW.series_id)
BEGIN SELECT RAISE(ABORT, 'owner: an occurrence must belong to its series'' owner'); END;
CREATE TRIGGER tasks_owner_update BEFORE UPDATE OF owner_id, series_id ON tasks
WHEN NEW.series_id IS NOT NULL AND NEW.owner_id IS NOT (SELECT owner_id FROM series WHERE id = NEW.series_id)
BEGIN SELECT RAISE(ABORT, 'owner: an occurrence must belong to its series'' owner'); END;
CREATE TRIGGER tasks_mask_insert BEFORE INSERT ON tasks
WHEN EXISTS (SELECT 1 FROM json_each(NEW.exception_mask) WHERE value NOT IN ('title','description','labels','checklist','bucket','time','priority','duration'))
BEGIN SELECT RAISE(ABORT, 'exception_mask: names a field that does not exist'); END;
CREATE TRIGGER tasks_mask_update BEFORE UPDATE OF exception_mask ON tasks
WHEN EXISTS (SELECT 1 FROM json_each(NEW.exception_mask) WHERE value NOT IN ('title','description','labels','checklist','bucket','time','priority','duration'))
BEGIN SELECT RAISE(ABORT, 'exception_mask: names a field that does not exist'); END;
CREATE INDEX events_template ON events(template_id);
CREATE UNIQUE INDEX habits_name ON habits(name COLLATE NOCASE);
COMMIT;
