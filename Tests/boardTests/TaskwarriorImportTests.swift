import BoardModel
import Foundation
import Testing

/// `board import taskwarrior` against the real `task` binary (Debian's taskwarrior) with a data
/// folder of its own: recurring tasks, the children it generates, some modified, completed and
/// deleted, exported and brought in; the backfill of a template's past occurrences checked row by row.
@Suite(.serialized) struct TaskwarriorImportTests {
    /// A taskwarrior with its own data folder and rc file, in Paris like the board.
    struct Taskwarrior {
        let folder: String
        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("tw-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
            try """
                data.location=\(folder)/data
                confirmation=off
                recurrence.confirmation=no
                verbose=nothing
                recurrence.limit=2
                """.write(toFile: folder + "/taskrc", atomically: true, encoding: .utf8)
        }

        @discardableResult
        func callAsFunction(_ arguments: String...) throws -> String {
            let r = try BoardBinary.runTool(["task"] + arguments, environment: ["TASKRC": folder + "/taskrc", "TZ": "Europe/Paris"])
            #expect(r.status == 0, "task \(arguments): \(r.stderr)")
            return r.stdout
        }

        func export() throws -> [[String: Any]] {
            try JSONSerialization.jsonObject(with: Data(try self("export").utf8)) as! [[String: Any]]
        }
    }

    let paris = TimeZone(identifier: "Europe/Paris")!
    /// taskwarrior generates children up to the real now, so the board is run at it too.
    let now = Date()
    var today: LocalDate { LocalDateTime(instant: now, in: paris).date }
    var boardNow: String {
        let utc = LocalDateTime(instant: now, in: .gmt)
        return utc.date.iso + "T" + utc.time.description + "Z"
    }

    func localDay(_ stamp: Any?) -> LocalDate {
        LocalDateTime(instant: TaskwarriorTask.instant(stamp as! String)!, in: paris).date
    }

    func rows(_ board: BoardFile, _ sql: String) throws -> [[String: Any]] {
        let r = try BoardBinary.runTool(["sqlite3", "-json", board.path, sql])
        return r.stdout.isEmpty ? [] : try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [[String: Any]]
    }

    /// A 31st at least two months back followed by a shorter month: where taskwarrior's children drift.
    var thirtyFirst: LocalDate {
        var day = today.adding(days: -60)
        while !(day.day == 31 && LocalDate.daysIn(month: day.adding(days: 1).month, year: day.adding(days: 1).year) < 31) {
            day = day.adding(days: -1)
        }
        return day
    }

    func makeTasks(_ task: Taskwarrior) throws -> (standup: String, rent: String, review: String, water: String) {
        let monday = today.adding(days: -today.weekday.rawValue - 14)
        try task("add", "Standup", "recur:weekdays", "due:\(monday.iso)T09:30", "project:Work", "+team", "priority:H")
        try task("add", "Pay rent", "recur:monthly", "due:\(thirtyFirst.iso)", "until:\(thirtyFirst.adding(months: 10).iso)")
        try task("add", "Review, plan", "recur:2w", "due:\(today.adding(days: -20).iso)")
        try task("add", "Water plants", "recur:2h", "due:\(today.iso)T08:00")
        try task("add", "One-off", "due:\(today.adding(days: 9).iso)", "+home")
        try task("add", "Undated")
        try task("add", "Finished long ago")
        try task("list")  // any report makes taskwarrior generate the children
        let all = try task.export()
        func parent(_ title: String) -> String { all.first { $0["description"] as? String == title && $0["status"] as? String == "recurring" }!["uuid"] as! String }
        let ids = (parent("Standup"), parent("Pay rent"), parent("Review, plan"), parent("Water plants"))
        try task(all.first { $0["description"] as? String == "Undated" }!["uuid"] as! String, "annotate", "ask Sam first")
        try task(all.first { $0["description"] as? String == "Finished long ago" }!["uuid"] as! String, "done")
        // Standup's children: the first completed, the second deleted, the third retitled and reprioritised, the fourth tagged.
        let standups = all.filter { $0["parent"] as? String == ids.0 }.sorted { ($0["imask"] as! Int) < ($1["imask"] as! Int) }
        #expect(standups.count >= 4)
        try task(standups[0]["uuid"] as! String, "done")
        try task(standups[1]["uuid"] as! String, "delete")
        try task(standups[2]["uuid"] as! String, "modify", "Standup with demo", "priority:L")
        try task(standups[3]["uuid"] as! String, "modify", "+extra")
        return ids
    }

    @Test func recurringTasksBecomeRoutinesAndTheirChildrenOccurrences() throws {
        let task = try Taskwarrior()
        let ids = try makeTasks(task)
        let exported = try task("export")
        let tasks = try task.export()
        let board = try BoardFile()
        let imported = try board.run(["import", "taskwarrior", "-"], stdin: exported, now: boardNow)
        #expect(imported.status == 0, "\(imported.stderr)")

        // Templates: one per recurring parent with an exact rule, its id the parent's UUID.
        let templates = try rows(board, "SELECT t.id, t.title, t.labels, t.priority, t.default_time, r.rrule, r.starts_on, r.ends_on, s.skipped_dates FROM templates t JOIN recurrence_rules r ON r.template_id = t.id JOIN series s ON s.template_id = t.id")
        let byId = Dictionary(uniqueKeysWithValues: templates.map { ($0["id"] as! String, $0) })
        #expect(Set(byId.keys) == [ids.standup, ids.rent, ids.review])
        let standup = byId[ids.standup]!, rent = byId[ids.rent]!, review = byId[ids.review]!
        #expect(standup["title"] as? String == "Standup")
        #expect(standup["labels"] as? String == #"["team","project:Work"]"#)
        #expect(standup["priority"] as? Int == 3)
        #expect(standup["default_time"] as? String == "09:30")
        #expect(standup["rrule"] as? String == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
        #expect(rent["rrule"] as? String == "FREQ=MONTHLY;UNTIL=\(thirtyFirst.adding(months: 10).basicISO);BYMONTHDAY=28,29,30,31;BYSETPOS=-1")
        #expect(rent["starts_on"] as? String == thirtyFirst.iso)
        #expect(rent["ends_on"] as? String == thirtyFirst.adding(months: 10).iso)
        #expect(rent["default_time"] is NSNull)
        #expect(review["rrule"] as? String == "FREQ=WEEKLY;INTERVAL=2;BYDAY=\(today.adding(days: -20).weekday.code)")

        // Each child: an occurrence of its series on its due date (under the id generation gives it), or (deleted) a skipped date.
        let cards = Dictionary(uniqueKeysWithValues: try rows(board, "SELECT * FROM tasks").map { ($0["id"] as! String, $0) })
        func occurrence(_ parent: String, _ day: LocalDate) -> [String: Any]? {
            cards[NameBasedId.occurrence(series: parent + "-series", date: day)]
        }
        var occurrences = 0
        for child in tasks where [ids.standup, ids.rent, ids.review].contains(child["parent"] as? String ?? "") {
            let parent = byId[child["parent"] as! String]!
            let day = localDay(child["due"])
            if child["status"] as? String == "deleted" {
                #expect(occurrence(parent["id"] as! String, day) == nil)
                #expect((parent["skipped_dates"] as! String).contains(day.iso))
                continue
            }
            occurrences += 1
            let card = try #require(occurrence(parent["id"] as! String, day), "child \(child)")
            #expect(card["template_id"] as? String == parent["id"] as? String)
            #expect(card["occurrence_date"] as? String == day.iso)
            #expect(card["due_date"] as? String == day.iso)
            #expect(card["bucket"] as? String == "ROUTINES")
            #expect(card["is_completed"] as? Int == (child["status"] as? String == "completed" ? 1 : 0))
            var exceptions: [String] = []
            if child["description"] as? String != parent["title"] as? String { exceptions.append("title") }
            if child["priority"] as? String == "L" { exceptions.append("priority") }
            if (child["tags"] as? [String])?.contains("extra") == true { exceptions.append("labels") }
            #expect(card["exception_mask"] as? String == "[" + exceptions.sorted { CardField(rawValue: $0)! < CardField(rawValue: $1)! }.map { "\"\($0)\"" }.joined(separator: ",") + "]",
                    "\(child["description"]!) on \(day)")
        }
        #expect(occurrences >= 8)
        #expect(cards.values.contains { $0["title"] as? String == "Standup with demo" && $0["exception_mask"] as? String == #"["title","priority"]"# && $0["priority"] as? Int == 1 })

        // taskwarrior's month-end drift: a child kept on its own day is reported, and the rule's day skipped.
        let rentChildren = tasks.filter { $0["parent"] as? String == ids.rent }.sorted { ($0["imask"] as! Int) < ($1["imask"] as! Int) }
        let ruleDays = Array(try Schedule(rule: RecurrenceRule(rrule: "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1"), start: thirtyFirst).occurrences.prefix(rentChildren.count))
        let drifted = zip(rentChildren, ruleDays).filter { localDay($0.0["due"]) != $0.1 }
        #expect(!drifted.isEmpty, "a 31st followed by a short month drifts in taskwarrior")
        for (child, ruleDay) in drifted {
            #expect(imported.stdout.contains(localDay(child["due"]).iso))
            #expect((rent["skipped_dates"] as! String).contains(ruleDay.iso))
        }
        #expect(imported.stdout.contains("“Pay rent” (recur monthly): taskwarrior put"))

        // The 2h routine has no exact rule: reported, and its pending children come in as cards, not guessed.
        #expect(imported.stdout.contains("“Water plants” (recur 2h): not importable"))
        let waterChildren = tasks.filter { $0["parent"] as? String == ids.water }
        #expect(!waterChildren.isEmpty)
        for child in waterChildren { #expect(cards[child["uuid"] as! String]?["template_id"] is NSNull) }

        // Plain tasks: cards bucketed by due date, annotations in the description; the completed one left out.
        let oneOff = try #require(cards.values.first { $0["title"] as? String == "One-off" })
        #expect(oneOff["bucket"] as? String == Bucket.forDue(today.adding(days: 9), today: today).rawValue)
        #expect(oneOff["labels"] as? String == #"["home"]"#)
        let undated = try #require(cards.values.first { $0["title"] as? String == "Undated" })
        #expect(undated["bucket"] as? String == "THIS_WEEK")
        #expect((undated["description"] as? String)?.hasSuffix("ask Sam first") == true)
        #expect(!cards.values.contains { $0["title"] as? String == "Finished long ago" })

        // The same export again, and the plan of a dry run: nothing changes.
        let before = try BoardBinary.runTool(["sqlite3", board.path, ".dump"]).stdout
        let again = try board.run(["import", "taskwarrior", "-"], stdin: exported, now: boardNow)
        #expect(again.status == 0)
        #expect(!again.stdout.contains(" new"), "\(again.stdout)")
        #expect(!again.stdout.contains("updated"), "\(again.stdout)")
        #expect(try BoardBinary.runTool(["sqlite3", board.path, ".dump"]).stdout == before)
    }

    @Test func aLaterExportUpdatesWhatTheFirstBrought() throws {
        let task = try Taskwarrior()
        let ids = try makeTasks(task)
        let board = try BoardFile()
        #expect(try board.run(["import", "taskwarrior", "-"], stdin: try task("export"), now: boardNow).status == 0)
        // In taskwarrior: the parent renamed, one more child completed, a new plain task.
        try task(ids.review, "modify", "Review and plan")
        let open = try task.export().filter { $0["parent"] as? String == ids.rent && $0["status"] as? String == "pending" }
        let finished = open[0]["uuid"] as! String
        try task(finished, "done")
        try task("add", "Brand new")
        let later = try board.run(["import", "taskwarrior", "-"], stdin: try task("export"), now: boardNow)
        #expect(later.status == 0, "\(later.stderr)")
        let templates = try rows(board, "SELECT id, title FROM templates")
        #expect(templates.count == 3)
        #expect(templates.contains { $0["id"] as? String == ids.review && $0["title"] as? String == "Review and plan" })
        let finishedDay = localDay(open[0]["due"])
        #expect(try rows(board, "SELECT is_completed FROM tasks WHERE template_id = '\(ids.rent)' AND occurrence_date = '\(finishedDay.iso)'").first?["is_completed"] as? Int == 1)
        #expect(try rows(board, "SELECT COUNT(*) AS n FROM tasks WHERE title = 'Brand new'").first?["n"] as? Int == 1)
        // Nothing doubled: one occurrence per series and date.
        #expect(try rows(board, "SELECT series_id, occurrence_date FROM tasks WHERE series_id IS NOT NULL GROUP BY 1, 2 HAVING COUNT(*) > 1").isEmpty)
    }

    @Test func aDryRunPrintsThePlanAndWritesNothing() throws {
        let task = try Taskwarrior()
        _ = try makeTasks(task)
        let board = try BoardFile()
        try board.create()
        let before = try BoardBinary.runTool(["sqlite3", board.path, ".dump"]).stdout
        let dry = try board.run(["import", "taskwarrior", "--dry-run", "-"], stdin: try task("export"), now: boardNow)
        #expect(dry.status == 0)
        #expect(dry.stdout.hasPrefix("Would import 3 templates, "))
        #expect(dry.stdout.contains("Dry run: nothing written."))
        #expect(dry.stdout.contains("“Water plants” (recur 2h): not importable"))
        #expect(try BoardBinary.runTool(["sqlite3", board.path, ".dump"]).stdout == before)
    }

    @Test(arguments: [
        ("not json", "line 1: is not JSON (`task export` writes an array of tasks)"),
        (#"[{"uuid": "a", "status": "pending"}]"#, "tasks[0].description: is missing"),
        (#"[{"uuid": "a", "status": "pending", "description": "x", "due": "yesterday"}]"#, "tasks[0].due: must be a taskwarrior date"),
        (#"[{"uuid": "a", "status": "pending", "description": "x", "priority": "U"}]"#, "tasks[0].priority: must be H, M or L, got 'U'"),
        (#"[{"uuid": "a", "status": "pending", "description": ""}]"#, "tasks[0].description: must not be empty"),
        (#"[{"uuid": "a", "status": "pending", "description": "x", "tags": "home"}]"#, "tasks[0].tags: must be a list (a JSON array)"),
        (#"[{"uuid": "a", "status": "pending", "description": "x"}, {"uuid": "a", "status": "pending", "description": "y"}]"#,
         "tasks[1].uuid: 'a' is given twice (first at tasks[0])"),
        (#"[{"uuid": "a", "status": "recurring", "description": "x", "recur": "weekly"}]"#, "tasks[0].due: is missing; a recurring task has a due date"),
    ])
    func aBadExportIsRefusedByItsPlaceAndNothingIsWritten(export: String, message: String) throws {
        let board = try BoardFile()
        try board.create()
        let before = try BoardBinary.runTool(["sqlite3", board.path, ".dump"]).stdout
        let r = try board.run(["import", "taskwarrior", "-"], stdin: export)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(try BoardBinary.runTool(["sqlite3", board.path, ".dump"]).stdout == before)
    }
}
