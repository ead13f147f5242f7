import Foundation
import GRDB
import Testing

/// The scriptable board: cards, templates and their series through the real binary and a real file.
@Suite struct BoardCommandTests {
    /// A command closes its board as it exits, though it leaves the objects around it to the
    /// process's end (ARCHITECTURE.md §10): what it wrote is in the file itself, the log cut to
    /// nothing, so the file alone is whole, after a command that succeeds and after one that fails.
    @Test func aCommandLeavesItsWritesInTheFileItself() throws {
        let board = try BoardFile()
        func walSize() -> Int { ((try? FileManager.default.attributesOfItem(atPath: board.path + "-wal")[.size]) as? Int) ?? -1 }
        func titlesInTheFileAlone() throws -> [(String, Bool)] {
            let alone = board.path + ".alone"
            func remove() { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: alone + suffix) } }
            remove()
            defer { remove() }
            try FileManager.default.copyItem(atPath: board.path, toPath: alone)
            return try DatabaseQueue(path: alone).read { db in
                try Row.fetchAll(db, sql: "SELECT title, is_completed FROM tasks ORDER BY title").map { ($0[0], $0[1]) }
            }
        }
        #expect(try board.run(["add", "Buy milk"]).status == 0)
        #expect(walSize() == 0)
        #expect(try titlesInTheFileAlone().map(\.0) == ["Buy milk"])
        let id = try #require(try board.cards().first?["id"] as? String)
        #expect(try board.run(["done", id]).status == 0)
        // Refused after the board was opened: on a later day, opening first settles the columns the
        // horizons show (a write of its own), and the refused command closes the file all the same.
        #expect(try board.run(["done", "zzzz"], now: "2026-12-09T10:00").status == 2)
        #expect(walSize() == 0)
        let after = try titlesInTheFileAlone()
        #expect(after.map(\.0) == ["Buy milk"] && after.map(\.1) == [true])
    }

    @Test func cardsAreAddedListedEditedMovedCompletedAndDeleted() throws {
        let board = try BoardFile()
        #expect(try board.run(["add", "Buy milk", "--due", "2026-12-22", "--priority", "2", "--label", "home", "--bucket", "this-week"]).status == 0)
        #expect(try board.run(["add", "Call mum", "--bucket", "weekend"]).status == 0)
        var cards = try board.cards()
        #expect(cards.map { $0["title"] as? String } == ["Buy milk", "Call mum"])
        #expect(cards[0]["bucket"] as? String == "this-week" && cards[0]["due_date"] as? String == "2026-12-22" && cards[0]["priority"] as? Int == 2)
        let milk = cards[0]["id"] as! String
        #expect(try board.run(["edit", String(milk.prefix(6)), "--title", "Buy oat milk"]).status == 0)
        #expect(try board.run(["move", String(milk.prefix(6)), "next-week"]).status == 0)
        #expect(try board.run(["done", String(milk.prefix(6))]).status == 0)
        cards = try board.cards()
        #expect(cards.first { $0["id"] as? String == milk }?["title"] as? String == "Buy oat milk")
        #expect(cards.first { $0["id"] as? String == milk }?["bucket"] as? String == "next-week")
        #expect(cards.first { $0["id"] as? String == milk }?["completed"] as? Bool == true)
        #expect(try board.run(["reopen", milk]).status == 0)
        #expect(try board.cards().first { $0["id"] as? String == milk }?["completed"] as? Bool == false)
        #expect(try board.run(["delete", milk]).status == 0)
        #expect(try board.cards().count == 1)
        let text = try board.run(["list"]).stdout
        #expect(text.contains("Weekend (1)") && text.contains("Call mum") && text.contains("Routines (0)"))
    }

    /// `move --position N` counts from 0 at the top, as `list --json`'s `position` does: it is the
    /// card's index in its bucket afterwards, and the order `position` sorts by (a sort key with room
    /// between cards, so a move writes one card).
    @Test func aPositionMeansTheSameInAndOut() throws {
        let board = try BoardFile()
        for title in ["A", "B", "C", "D"] { #expect(try board.run(["add", title]).status == 0) }
        func order() throws -> [String] { try board.cards().map { $0["title"] as! String } }
        func id(_ title: String) throws -> String { try board.cards().first { $0["title"] as? String == title }!["id"] as! String }
        #expect(try board.cards().map { $0["position"] as? Int } == [0, 1024, 2048, 3072], "a first card is position 0")
        #expect(try board.run(["move", try id("D"), "this-week", "--position", "0"]).status == 0)
        #expect(try order() == ["D", "A", "B", "C"])
        #expect(try board.run(["move", try id("A"), "this-week", "--position", "2"]).status == 0)
        #expect(try order() == ["D", "B", "A", "C"])
        let positions = try board.cards().map { $0["position"] as! Int }
        #expect(positions == positions.sorted(), "the order list --json prints is the order of its positions")
        let refused = try board.run(["move", try id("A"), "this-week", "--position", "-1"])
        #expect(refused.status == 2 && refused.stderr == "error: position: must be 0 (the top) or more, got -1\n")
        // Issue 44: past the end it said "must be from 1 to 4", counting from 1 there alone.
        let past = try board.run(["move", try id("A"), "this-week", "--position", "99"])
        #expect(past.status == 2 && past.stderr == "error: position: must be from 0 (the top) to 3 (the end) in This Week, got 99\n", "\(past.stderr)")
        #expect(try order() == ["D", "B", "A", "C"])
    }

    @Test func templatesGenerateAndOccurrencesCarryTheirChipsAndExceptions() throws {
        let board = try BoardFile()
        let added = try board.run(["template", "add", "Morning stretch", "--every", "every weekday at 7:30", "--checklist", "neck", "--checklist", "back"])
        #expect(added.status == 0 && added.stdout.contains("Every weekday at 07:30"))
        var cards = try board.cards()
        #expect(cards.map { $0["occurrence_date"] as? String } == ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27"])
        #expect(cards.allSatisfy { $0["bucket"] as? String == "routines" && $0["due_time"] as? String == "07:30" })
        #expect((cards[0]["checklist"] as? [[String: Any]])?.map { $0["done"] as? Bool } == [false, false])
        let first = cards[0]["id"] as! String
        try board.run(["edit", first, "--title", "Long stretch"])
        try board.run(["move", first, "weekend"])
        cards = try board.cards()
        #expect(cards.first { $0["id"] as? String == first }?["exceptions"] as? [String] == ["title", "bucket"])
        let listing = try board.run(["list", "--bucket", "weekend"]).stdout
        #expect(listing.contains("From Template: Morning stretch · Exception: title, bucket"))

        let templates = try board.templates()
        #expect(templates.count == 1 && templates[0]["summary"] as? String == "Every weekday at 07:30")
        #expect(templates[0]["next_run"] as? String == "2026-11-23" && templates[0]["status"] as? String == "active")
        let id = templates[0]["id"] as! String
        let dry = try board.run(["template", "edit", String(id.prefix(6)), "--title", "Stretch", "--dry-run"])
        #expect(dry.stdout.contains("Will update 4 non-completed occurrences. Completed tasks and field exceptions won't change."))
        #expect(try board.cards().allSatisfy { $0["title"] as? String != "Stretch" }, "--dry-run writes nothing")
        // Issue: a plain "no" exited with status 1, the status of a bug. It is an answer: status 0, nothing written.
        let declined = try board.run(["template", "edit", String(id.prefix(6)), "--title", "Stretch"], stdin: "n\n")
        #expect(declined.status == 0 && declined.stdout.hasSuffix("Cancelled; nothing changed.\n") && declined.stderr.isEmpty)
        #expect(try board.cards().allSatisfy { $0["title"] as? String != "Stretch" }, "a no writes nothing")
        let applied = try board.run(["template", "edit", String(id.prefix(6)), "--title", "Stretch"], stdin: "y\n")
        #expect(applied.status == 0 && applied.stdout.contains("Updated 4 occurrences."))
        cards = try board.cards()
        #expect(cards.first { $0["id"] as? String == first }?["title"] as? String == "Long stretch")
        #expect(cards.filter { $0["title"] as? String == "Stretch" }.count == 4)
        #expect(try board.run(["reapply", first, "title"]).status == 0)
        #expect(try board.cards().first { $0["id"] as? String == first }?["title"] as? String == "Stretch")

        let show = try board.run(["template", "show", String(id.prefix(6))]).stdout
        #expect(show.contains("Schedule:    Every weekday at 07:30") && show.contains("Next occurrences (Europe/Paris):") && show.contains("Mon Nov 23 07:30"))
    }

    @Test func seriesControlsFromTheCommandLine() throws {
        let board = try BoardFile()
        try board.run(["template", "add", "Gym", "--every", "every mon, wed and fri", "--times", "4"])
        let id = try board.templates()[0]["id"] as! String
        #expect(try board.templates()[0]["remaining"] as? Int == 4, "none of the four runs is dated today or before")
        #expect(try board.run(["template", "skip-next", id]).stdout == "Skipped Mon Nov 23\n")
        #expect(try board.cards().map { $0["occurrence_date"] as? String } == ["2026-11-25", "2026-11-27"])
        #expect(try board.run(["template", "pause", id]).status == 0)
        #expect(try board.cards(now: "2026-11-30T10:00").count == 2)
        #expect(try board.run(["template", "resume", id], now: "2026-11-30T10:00").status == 0)
        // Nov 23 skipped, 25, 27 and Nov 30 is the 4th: once that day has passed, the series archives itself.
        #expect(try board.cards(now: "2026-11-30T10:00").map { $0["occurrence_date"] as? String } == ["2026-11-25", "2026-11-27", "2026-11-30"])
        #expect(try board.templates()[0]["status"] as? String == "active")
        #expect(try board.cards(now: "2026-12-01T10:00").count == 3)
        #expect(try board.templates()[0]["status"] as? String == "archived")
        #expect(try board.run(["template", "duplicate", id]).stdout.contains("Gym (copy)"))
        #expect(try board.templates().compactMap { $0["status"] as? String }.sorted() == ["archived", "draft"])
    }

    @Test(arguments: [
        (["add", ""], "error: title: must not be empty"),
        (["add", "x", "--bucket", "someday"], "error: bucket: 'someday' is not a bucket; use this-week, weekend, next-week, next-month, routines"),
        (["add", "x", "--due", "2026-12-01", "--time", "25:00"], "error: time: must be a time of day such as 9am, 6:30pm, noon, midnight or 21:00 (00:00 to 23:59), got '25:00'"),
        (["add", "x", "--due", "2026-11-20", "--time", "09:00"], "error: time: Fri Nov 20 09:00 has passed (it is Sat Nov 21 10:00)"),
        // Issue: a past date without a time was refused as "a time in the past".
        (["add", "x", "--due", "2026-11-20"], "error: due: cannot create a card with a date in the past: 2026-11-20 is before today, 2026-11-21"),
        // Issue: --time silently won over the rule's "at 7am".
        (["template", "add", "Gym", "--every", "every day at 7am", "--time", "08:00"], "error: time: two times, --time 08:00 and the rule's 'at 07:00'; give one"),
        (["add", "x", "--priority", "5"], "error: priority: must be 0, 1, 2 or 3, got '5'"),
        // Issue 44: the screen says "card", and so does every error ("no task …" before).
        (["done", "abc123"], "error: id: no card has an id starting with 'abc123'"),
        (["move", "not;an;id", "weekend"], "error: id: 'not;an;id' is not an id (ids are letters, digits, '-' and '_', as `board list` shows them)"),
        (["reapply", "abc", "colour"], "error: field: 'colour' is not a template field; use title, description, labels, checklist, bucket, time, priority, duration"),
        (["template", "add", "x", "--every", "every day", "--times", "0"], "error: times: must be a whole number of times from 1 to 999999999, got '0'"),
        (["template", "add", "x", "--every", "every day", "--starts", "2026-12-01", "--until", "2026-11-01"], "error: until: the end 2026-11-01 is before the start 2026-12-01"),
        (["template", "add", "x", "--every", "every blursday"], "error: phrase: unknown word 'blursday': after 'every'"),
        (["template", "add", "x"], "error: every: a template needs a rule, e.g. --every 'every weekday' (or --no-schedule for a checklist)"),
        (["template", "add", "x", "--every", "daily"] + (1...11).flatMap { ["--checklist", "step \($0)"] }, "error: checklist: at most 10 steps, got 11"),
        (["template", "show", "ffffffffff"], "error: id: no template has an id starting with 'ffffffffff'"),
    ])
    func badInputIsRefusedAndWritesNothing(arguments: [String], message: String) throws {
        let board = try BoardFile()
        try board.run(["add", "Keep me"])
        try board.run(["template", "add", "Routine", "--every", "every day"])
        let before = try board.cards()
        let r = try board.run(arguments)
        #expect(r.status == 2)
        #expect(r.stderr == message + "\n")
        #expect(r.stdout.isEmpty)
        let after = try board.cards()
        #expect(after.count == before.count && after.map { $0["title"] as? String } == before.map { $0["title"] as? String })
        #expect(try board.templates().count == 1)
    }

    @Test func anAmbiguousIdPrefixIsRefused() throws {
        let board = try BoardFile()
        for i in 0..<40 { try board.run(["add", "Card \(i)"]) }
        let ids = try board.cards().map { $0["id"] as! String }
        let prefixes = Dictionary(grouping: ids, by: { String($0.prefix(1)) })
        let shared = prefixes.first { $0.value.count > 1 }!.key
        let r = try board.run(["done", shared])
        #expect(r.status == 2 && r.stderr == "error: id: '\(shared)' starts the ids of several cards; give more characters\n")
    }
}

/// Issue: a plain card's checklist could be ticked only on the screen (`routine tick` takes templates).
@Suite struct CardTickTests {
    @Test func aCardsStepIsTickedAndUntickedFromTheShell() throws {
        let board = try BoardFile()
        try board.run(["add", "Trip", "--checklist", "Passport", "--checklist", "Tickets"])
        let id = String((try board.cards()[0]["id"] as! String).prefix(8))
        let ticked = try board.run(["tick", id, "2"])
        #expect(ticked.status == 0 && ticked.stdout == "Ticked step 2 “Tickets” of Trip (1 of 2 done).\n")
        let steps = try board.cards()[0]["checklist"] as! [[String: Any]]
        #expect(steps.map { $0["done"] as? Bool } == [false, true])
        #expect(try board.run(["tick", id, "2"]).stdout == "Unticked step 2 “Tickets” of Trip (0 of 2 done).\n")
        for (step, message) in [("3", "error: step: must be a step number from 1 to 2\n"), ("x", "error: step: must be a step number from 1, got 'x'\n")] {
            let refused = try board.run(["tick", id, step])
            #expect(refused.status == 2 && refused.stderr == message)
        }
    }
}

/// Issue: a card imported from a calendar (`ics-59cd…`) could not be named from the shell.
@Suite struct ImportedIdTests {
    @Test func anImportedIdWorksInEveryCardCommand() throws {
        let board = try BoardFile()
        let card = """
            [{"id": "ics-59cdA1", "title": "Dentist", "bucket": "this-week", "position": 0, "description": "", "labels": [], "priority": 0,
              "due_date": null, "due_time": null, "duration": null, "completed": false, "checklist": [], "exceptions": [],
              "occurrence_date": null, "series_id": null, "template_id": null}]
            """
        #expect(try board.run(["import", "-"], stdin: card).status == 0)
        for arguments in [["done", "ics-59cd"], ["reopen", "ics-59cdA1"], ["edit", "ics-59", "--title", "Dentist at 9"], ["move", "ics-5", "weekend"]] {
            let r = try board.run(arguments)
            #expect(r.status == 0, "\(arguments): \(r.stderr)")
        }
        let cards = try board.cards()
        #expect(cards.count == 1 && cards[0]["title"] as? String == "Dentist at 9" && cards[0]["bucket"] as? String == "weekend")
        #expect(try board.run(["delete", "ics-59cda1"]).stderr == "error: id: no card has an id starting with 'ics-59cda1'\n", "ids other than hexadecimal keep their case")
    }
}

/// Issue: a board written by a newer Board exited 2 (bad input) where the README gives 3.
@Suite struct NewerBoardTests {
    @Test func aBoardFromANewerBoardIsStatusThreeAndOneLine() throws {
        let board = try BoardFile()
        try board.run(["add", "x"])
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        sqlite.arguments = ["sqlite3", board.path, "INSERT INTO grdb_migrations VALUES ('v99 from the future')"]
        try sqlite.run()
        sqlite.waitUntilExit()
        let r = try board.run(["list"])
        #expect(r.status == 3 && r.stderr == "error: cannot use \(board.path): was written by a newer version of Board; upgrade Board to open it\n", "\(r.stderr)")
    }
}
