import Foundation
import GRDB
import Testing

/// Issue: the small things found using the command line; each test names its repro.
@Suite struct SmallDefectTests {
    /// Issue 52: a board was made 0644 in a 0755 folder. Whatever the umask, a new board, its -wal
    /// and -shm files and the folders Board made for it are their owner's alone; a folder that
    /// existed is left as it was.
    @Test func aNewBoardAndItsFolderAreTheOwnersAlone() throws {
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("modes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: top, withIntermediateDirectories: true)
        chmod(top.path, 0o755)
        defer { try? FileManager.default.removeItem(at: top) }
        let path = top.appendingPathComponent("data/board/board.sqlite").path
        let r = try BoardBinary.runTool(["sh", "-c", "umask 000; exec \"$0\" add Milk --db \"$1\"", BoardBinary.url.path, path])
        #expect(r.status == 0, "\(r.stderr)")
        func mode(_ path: String) -> Int { ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int) ?? -1 }
        for file in [path, path + "-wal", path + "-shm"] { #expect(mode(file) == 0o600, "\(file): \(String(mode(file), radix: 8))") }
        for folder in [top.appendingPathComponent("data").path, top.appendingPathComponent("data/board").path] {
            #expect(mode(folder) == 0o700, "\(folder): \(String(mode(folder), radix: 8))")
        }
        #expect(mode(top.path) == 0o755)
    }

    /// Issue 52: `TERM=dumb board` drew 34 blank lines and a garbled key bar until q. A terminal
    /// that can't draw the board gets one line saying what works instead, exit 2, no file made.
    @Test(arguments: [("dumb", "'dumb' can't draw the board (it can't move the cursor)"),
                      ("no-such-terminal", "'no-such-terminal' is a terminal terminfo doesn't know"),
                      ("", "is not set")])
    func aTerminalThatCantDrawTheBoardIsToldInOneLine(term: String, said: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("dumb-\(UUID().uuidString)/board.sqlite").path
        for arguments in [["--db", path], ["open", "--db", path], ["demo"]] {
            let r = try BoardBinary.run(arguments, environment: ["TERM": term])
            #expect(r.status == 2 && r.stdout.isEmpty && r.lines.isEmpty, "\(arguments): \(r.stdout)")
            #expect(r.stderr == "error: TERM: \(said)\(term == "" ? ", so the board can't be drawn" : term == "no-such-terminal" ? ", so the board can't be drawn" : "")"
                    + "; `board list` and `board agenda` work in any terminal\n", "\(arguments): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: (path as NSString).deletingLastPathComponent))
    }

    /// `board --now X list` said "Unexpected argument 'list'"; `board --version` didn't exist.
    @Test func boardOptionsMayComeBeforeTheCommandAndVersionIsThere() throws {
        let board = try BoardFile()
        try board.run(["add", "Pay rent"])
        let r = try BoardBinary.run(["--now", "2026-11-21T10:00", "--db", board.path, "list", "--bucket", "this-week"])
        #expect(r.status == 0 && r.lines.count == 2 && r.stdout.contains("Pay rent"), "\(r.stderr)")
        let version = try BoardBinary.run(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("board 0."))
    }

    /// `--duration -5` said "Missing value"; `--bucket "This Week"` (the name the screen shows) was refused.
    @Test func negativeNumbersReachTheirRuleAndScreenBucketNamesAreRead() throws {
        let board = try BoardFile()
        let r = try board.run(["add", "Run", "--duration", "-5"])
        #expect(r.status == 2 && r.stderr == "error: duration: must be a whole number of minutes from 1 to 10080, got '-5'\n")
        let p = try board.run(["add", "Run", "--priority", "-1"])
        #expect(p.stderr == "error: priority: must be 0, 1, 2 or 3, got '-1'\n")
        #expect(try board.run(["add", "Run", "--bucket", "This Week"]).status == 0)
        #expect(try board.run(["add", "Read", "--bucket", "next month"]).stdout.hasPrefix("Added"))
    }

    /// `reopen` of an open card said "Reopened"; `done` on a done card said "Completed" again.
    @Test func doneAndReopenSayWhenThereIsNothingToDo() throws {
        let board = try BoardFile()
        let id = String(try board.run(["add", "Pay rent"]).stdout.split(separator: " ")[1].dropLast())
        let reopen = try board.run(["reopen", id])
        #expect(reopen.status == 2 && reopen.stderr == "error: id: “Pay rent” is not completed; nothing to reopen\n")
        #expect(try board.run(["done", id]).status == 0)
        let again = try board.run(["done", id])
        #expect(again.status == 2 && again.stderr == "error: id: “Pay rent” is already completed; nothing to do\n")
    }

    /// `--yes --dry-run` together was accepted; "only a active one can be paused".
    @Test func contradictoryFlagsAndGrammar() throws {
        let board = try BoardFile()
        try board.run(["template", "add", "Gym", "--every", "every monday"])
        let id = try board.templates()[0]["id"] as! String
        let both = try board.run(["template", "edit", id, "--title", "Lift", "--yes", "--dry-run"])
        #expect(both.status == 2 && both.stderr.hasPrefix("error: dry-run: "))
        try board.run(["template", "archive", id])
        let pause = try board.run(["template", "pause", id])
        #expect(pause.stderr == "error: status: the template is archived; only an active one can be paused\n")
    }

    /// `edit --due <past> --time` was accepted while `add` refused it.
    @Test func editingADateOrTimeIntoThePastIsRefusedAsOnAdd() throws {
        let board = try BoardFile()
        let id = String(try board.run(["add", "Call", "--due", "2026-11-22", "--time", "10:00"]).stdout.split(separator: " ")[1].dropLast())
        let r = try board.run(["edit", id, "--due", "2026-11-20", "--time", "09:00"])
        #expect(r.status == 2 && r.stderr == "error: time: Fri Nov 20 09:00 has passed (it is Sat Nov 21 10:00)\n", "\(r.stderr)")
        #expect(try board.run(["edit", id, "--time", "09:59"], now: "2026-11-22T10:30").status == 2)
        // An overdue card's other fields can still be edited.
        #expect(try board.run(["edit", id, "--title", "Call mum"], now: "2026-11-23T10:30").status == 0)
    }

    /// A reminder whose moment passed before its card was made was reported "missed while not running".
    @Test func aReminderDueBeforeItsCardExistedIsNotMissed() throws {
        let board = try BoardFile()
        // Made at 10:00, due 10:30, remind 60 minutes before (09:30, already past): remind now, on time.
        try board.run(["add", "Call", "--due", "2026-11-21", "--time", "10:30", "--remind-before", "60"])
        let r = try board.run(["remind"], now: "2026-11-21T10:05")
        #expect(r.lines == ["\u{7}Reminder: Call · Sat Nov 21 10:30"])
        #expect(try board.run(["remind"], now: "2026-11-21T10:06").lines.isEmpty, "once")
    }

    /// A SIGTERM while `remind --watch` was starting up killed it (status −15) instead of a clean stop.
    @Test func aSigtermDuringStartUpIsACleanStop() throws {
        // A start-up long enough to land in: 2,000 routines whose week is not generated yet.
        let board = try BoardFile()
        #expect(try board.run(["template", "add", "Routine", "--every", "every day at 20:00"]).status == 0)
        let db = try DatabaseQueue(path: board.path)
        try db.write { db in
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1999)
                INSERT INTO templates SELECT printf('%08d', n.i) || substr(id, 9), owner_id, title || n.i, description, labels, checklist,
                    default_bucket, default_time, priority, default_duration_min, status, version, created_at, updated_at, end_after_count,
                    remind_before_min FROM templates, n;
                INSERT INTO recurrence_rules SELECT 'r' || t.id, t.id, r.rrule, r.anchor, r.month_end_policy, r.timezone, r.starts_on, r.ends_on
                    FROM templates t, (SELECT * FROM recurrence_rules LIMIT 1) r WHERE t.id NOT IN (SELECT template_id FROM recurrence_rules);
                INSERT INTO series (id, template_id, owner_id, starts_on, ends_on, status, last_generated_at, used_count, skipped_dates, generated_through)
                    SELECT 's' || t.id, t.id, s.owner_id, s.starts_on, s.ends_on, s.status, NULL, 0, '[]', NULL
                    FROM templates t, (SELECT * FROM series LIMIT 1) s WHERE t.id NOT IN (SELECT template_id FROM series);
                """)
        }
        try db.close()
        // Spawned with SIGTERM unblocked and at its default, as from a shell: a test runner's children
        // inherit it blocked, which would hide a start-up that dies of it.
        let template = BoardBinary.process(["remind", "--watch", "--db", board.path], environment: ["BOARD_NOW": "2026-11-22T10:00"])
        let argv = [template.executableURL!.path] + (template.arguments ?? [])
        let envp = (template.environment ?? [:]).map { "\($0.key)=\($0.value)" }
        var cArgs = argv.map { strdup($0) } + [nil], cEnv = envp.map { strdup($0) } + [nil]
        defer { (cArgs + cEnv).forEach { free($0) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), term = sigset_t()
        sigemptyset(&none)
        sigemptyset(&term)
        sigaddset(&term, SIGTERM)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &term)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd in [Int32(0), 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
        var pid: pid_t = 0
        try #require(posix_spawn(&pid, argv[0], &actions, &attributes, &cArgs, &cEnv) == 0)
        Thread.sleep(forTimeInterval: 0.15)  // the runtime is loaded; the week of 2,000 routines is being generated
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        #expect(status & 0x7f == 0 && (status >> 8) & 0xff == 0, "ended by a signal or a failure: wait status \(status)")
    }

    /// Issue: labels with spaces rendered as `#has space`, as if two labels.
    @Test func aLabelWithASpaceIsQuotedInTheList() throws {
        let board = try BoardFile()
        #expect(try board.run(["add", "Paint the fence", "--label", "has space", "--label", "home"]).status == 0)
        let list = try board.run(["list"])
        #expect(list.stdout.contains("#\"has space\" #home"), "\(list.stdout)")
    }
}
