import Foundation
import Testing

/// A person's calendar feed (ARCHITECTURE.md §22) through the binary on throwaway clusters, read as
/// calendars read it: Python's icalendar (Tests/Oracle/feed_client.py), and vdirsyncer subscribing
/// to it over HTTP with khal listing what arrived.
@Suite(.serialized) struct CalendarFeedTests {
    typealias Device = SyncCommandTests.Device

    static let client = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Oracle/feed_client.py").path

    /// Now on the devices: the real moment in their zone, since the server serves its feed as of now.
    static let paris = TimeZone(identifier: "Europe/Paris")!
    static var now: String { stamp(Date(), "yyyy-MM-dd'T'HH:mm") }

    /// The day `offset` days from today in Paris, YYYY-MM-DD.
    static func day(_ offset: Int) -> String { stamp(Date().addingTimeInterval(Double(offset) * 86_400), "yyyy-MM-dd") }

    static func stamp(_ date: Date, _ format: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = paris
        formatter.dateFormat = format
        return formatter.string(from: date)
    }

    /// GET `url` as a calendar polls it: status, headers, and the events icalendar reads.
    static func fetch(_ url: String, ifNoneMatch: String? = nil) throws -> Feed {
        // The client expands a recurring event from its own today: the devices' (Paris), not the
        // machine's. Between 23:00 and midnight UTC the two differ, and a run at the year's end went missing.
        let r = try BoardBinary.runTool(["python3", client, url] + (ifNoneMatch.map { [$0] } ?? []), environment: ["TZ": "Europe/Paris"])
        #expect(r.status == 0, "\(r.stderr)")
        return try Feed(try #require(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]))
    }

    struct Feed {
        let status: Int
        let headers: [String: String]
        /// What a calendar shows: each recurring event's runs, each card.
        let events: [[String: Any]]
        /// The VEVENTs as the feed has them.
        let components: [[String: Any]]
        let body: String

        init(_ json: [String: Any]) throws {
            status = try #require(json["status"] as? Int)
            headers = json["headers"] as? [String: String] ?? [:]
            events = json["events"] as? [[String: Any]] ?? []
            components = json["components"] as? [[String: Any]] ?? []
            body = json["body"] as? String ?? ""
        }

        func titled(_ title: String) -> [[String: Any]] { events.filter { $0["summary"] as? String == title } }
    }

    /// A person with a card at a time, a card whose title is markup, and a routine every day at 07:30.
    static func annWithABoard(_ pg: PostgresCluster) throws -> (ann: Device, bob: Device, dentist: String) {
        let urls = try SyncCommandTests.server(pg, people: ["ann", "bob"])
        let ann = Device("ann", server: urls[0]), bob = Device("bob", server: urls[1])
        let dentist = try SyncCommandTests().id(in: try ann.ok(["add", "Dentist", "--due", day(1), "--time", "09:00", "--remind-before", "15"], now: now))
        try ann.ok(["add", "<script>alert(1)</script>, \"quoted\"; and\\more", "--due", day(2)], now: now)
        try ann.ok(["template", "add", "Stretch", "--every", "every day", "--time", "07:30"], now: now)
        try bob.ok(["add", "Bob's secret", "--due", day(1)], now: now)
        _ = try ann.sync(now: now)
        _ = try bob.sync(now: now)
        return (ann, bob, dentist)
    }

    /// `board feed create`'s URL and the feed's short id.
    static func create(_ device: Device, name: String) throws -> (url: String, id: String) {
        let said = try device.ok(["feed", "create", "--name", name], now: now)
        let url = try #require(said.split(separator: "\n").first { $0.hasPrefix("http://") }.map(String.init), "\(said)")
        let id = try #require(said.split(separator: " ").dropFirst().first.map(String.init), "\(said)")
        #expect(said.hasPrefix("Feed \(id) (\(name), times in Europe/Paris). Subscribe to it in your calendar:\n"), "\(said)")
        return (url, id)
    }

    /// The feed once the server's replica has taken in what `ready` looks for.
    static func eventually(_ url: String, _ ready: (Feed) -> Bool) throws -> Feed {
        let deadline = Date().addingTimeInterval(15)
        var feed = try fetch(url)
        while !ready(feed) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            feed = try fetch(url)
        }
        return feed
    }

    @Test func aFeedHoldsTheBoardFollowsItsEditsAndEndsWhenRevoked() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let (ann, bob, dentist) = try Self.annWithABoard(pg)
        let server = try RunningServer(pg)
        defer { server.kill9() }
        let (url, id) = try Self.create(ann, name: "Ann's board")
        #expect(url.hasPrefix("http://127.0.0.1:\(server.port)/feed/") && url.hasSuffix(".ics"))
        // 64 hex digits: 256 bits, 244 of them random.
        let token = url.split(separator: "/").last!.dropLast(4)
        #expect(token.count == 64 && token.allSatisfy(\.isHexDigit))
        // Shown once, kept only as its hash.
        #expect(try pg.psql(pg.adminURL, "SELECT count(*) FROM board.feeds WHERE token_hash = sha256(convert_to('\(token)', 'UTF8'))").stdout == "1\n")
        #expect(try pg.psql(pg.adminURL, "SELECT count(*) FROM board.feeds f WHERE f::text LIKE '%\(token)%'").stdout == "0\n")

        let feed = try Self.eventually(url) { !$0.titled("Dentist").isEmpty }
        #expect(feed.status == 200)
        #expect(feed.headers["content-type"] == "text/calendar; charset=utf-8")
        #expect(feed.headers["content-security-policy"]?.hasPrefix("default-src 'none'") == true)
        #expect(feed.headers["x-content-type-options"] == "nosniff")
        #expect(feed.headers["referrer-policy"] == "no-referrer")
        #expect(feed.headers["cache-control"]?.hasPrefix("private") == true)
        let tag = try #require(feed.headers["etag"])

        // The card at its time in the person's zone, alarmed as it reminds; markup kept as text.
        let appointment = try #require(feed.titled("Dentist").first)
        #expect(appointment["uid"] as? String == (try #require(ann.card(dentist)?["id"] as? String)))
        #expect(appointment["start"] as? String == "\(Self.day(1))T09:00" && appointment["tzid"] as? String == "Europe/Paris")
        #expect(appointment["alarms"] as? [String] == ["-PT15M"])
        #expect(feed.titled("<script>alert(1)</script>, \"quoted\"; and\\more").first?["start"] as? String == Self.day(2))
        // The routine: the week's runs made, a year of runs planned, each alarmed at its time.
        let stretch = feed.titled("Stretch")
        // A year of days from today (today's run too, if the routine was made before its time).
        #expect(stretch.count >= 365, "\(stretch.count)")
        let far = try #require(stretch.first { $0["start"] as? String == "\(Self.day(200))T07:30" })
        // At its time: PT0S, which icalendar reads back as a zero duration.
        #expect(far["alarms"] as? [String] == ["P0D"])
        // One recurring event, each run an instance of it.
        let routineUID = try #require(stretch.first?["uid"] as? String)
        #expect(stretch.allSatisfy { $0["uid"] as? String == routineUID })
        #expect(Set(stretch.compactMap { $0["recurrence"] as? String }).count == stretch.count)
        #expect(feed.components.filter { $0["summary"] as? String == "Stretch" && $0["rrule"] as? String == "FREQ=DAILY" }.count == 1)
        // Nothing of Bob's.
        #expect(feed.titled("Bob's secret").isEmpty)
        #expect(!feed.events.contains { ($0["summary"] as? String)?.contains("Bob") == true })

        // Unchanged: 304, nothing made.
        #expect(try Self.fetch(url, ifNoneMatch: tag).status == 304)

        // A planned run keeps its UID once it is made: the run of day 8 planned, then made a week on,
        // is the routine's instance of that day and time, now with the card's own values.
        #expect(!feed.components.contains { $0["recurrence"] as? String == "\(Self.day(8))T07:30" })
        try ann.ok(["generate"], now: "\(Self.day(8))T06:00")
        _ = try ann.sync(now: "\(Self.day(8))T06:00")
        let generated = try Self.eventually(url) { $0.components.contains { $0["recurrence"] as? String == "\(Self.day(8))T07:30" } }
        let made = try #require(generated.components.first { $0["recurrence"] as? String == "\(Self.day(8))T07:30" })
        #expect(made["uid"] as? String == routineUID && made["start"] as? String == "\(Self.day(8))T07:30")
        #expect(generated.titled("Stretch").count == stretch.count)

        // An edit on the board shows at the next poll; only that item's SEQUENCE and LAST-MODIFIED
        // move. (A minute on: `--now` gives whole minutes, and the card was made this one.)
        let later = Self.stamp(Date().addingTimeInterval(60), "yyyy-MM-dd'T'HH:mm")
        try ann.ok(["edit", dentist, "--title", "Dentist (moved)"], now: later)
        _ = try ann.sync(now: later)
        let edited = try Self.eventually(url) { !$0.titled("Dentist (moved)").isEmpty }
        #expect(edited.status == 200 && edited.headers["etag"] != tag)
        let moved = try #require(edited.titled("Dentist (moved)").first)
        #expect((moved["sequence"] as? Int ?? 0) > (appointment["sequence"] as? Int ?? .max))
        #expect(moved["modified"] as? String != appointment["modified"] as? String)
        let farAgain = try #require(edited.titled("Stretch").first { $0["start"] as? String == "\(Self.day(200))T07:30" })
        #expect(farAgain["sequence"] as? Int == far["sequence"] as? Int && farAgain["modified"] as? String == far["modified"] as? String)

        // Listed without its token; another person can't revoke it; its owner can, once.
        let listed = try ann.ok(["feed", "list"])
        #expect(listed.hasPrefix("\(id)  Ann's board  Europe/Paris  made ") && listed.hasSuffix("  open\n"), "\(listed)")
        #expect(!listed.contains(String(token)))
        let json = try #require(JSONSerialization.jsonObject(with: Data(try ann.ok(["feed", "list", "--json"]).utf8)) as? [[String: Any]])
        #expect(json.count == 1 && (json[0]["id"] as? String)?.hasPrefix(id) == true && json[0]["revoked"] is NSNull)
        let theirs = try bob.run(["feed", "revoke", id])
        #expect(theirs.status == 2 && theirs.stderr == "error: id: '\(id)' is no feed of yours (`board feed list` shows them)\n", "\(theirs.stderr)")
        #expect(try Self.fetch(url).status == 200)
        #expect(try ann.ok(["feed", "revoke", id]) == "Revoked feed \(id): its URL answers 410 Gone from now on.\n")
        let gone = try Self.fetch(url)
        #expect(gone.status == 410 && gone.body == "This feed was revoked by its owner.\n", "\(gone.body)")
        #expect(try ann.ok(["feed", "revoke", id]) == "Feed \(id) was already revoked.\n")
        #expect(try ann.ok(["feed", "list"]).contains("  revoked "))
    }

    /// What a calendar shows from the feed's recurring events, expanded by icalendar and dateutil,
    /// is what Board's agenda plans for the year ahead: every other Tuesday, the last Friday, the
    /// 31st, twice a day ending after a count, times kept to weekdays, yearly; a run skipped, one
    /// deleted, one moved and one done.
    @Test func theCalendarsRunsAreTheAgendasRuns() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let url0 = try SyncCommandTests.server(pg)[0]
        let ann = Device("ann", server: url0)
        let now = Self.now
        func routine(_ title: String, _ rule: String, _ extra: [String] = []) throws -> String {
            try SyncCommandTests().id(in: try ann.ok(["template", "add", title, "--every", rule, "--starts", Self.day(-40)] + extra, now: now))
        }
        _ = try routine("Bins", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", ["--time", "18:00"])
        _ = try routine("Pay day", "FREQ=MONTHLY;BYDAY=-1FR")
        _ = try routine("Rent", "every month on the 31st", ["--time", "09:00"])
        let meds = try routine("Meds", "every day", ["--time", "8:00, 20:00", "--times", "101"])
        _ = try routine("Gym", "every mon at 18:00 and thu at 8:00")
        _ = try routine("Birthday", "FREQ=YEARLY")
        try ann.ok(["template", "skip-next", meds], now: now)
        let runs = try ann.cards().filter { $0["title"] as? String == "Meds" && $0["completed"] as? Bool == false }
            .sorted { ($0["due_date"] as? String ?? "", $0["due_time"] as? String ?? "") < ($1["due_date"] as? String ?? "", $1["due_time"] as? String ?? "") }
        #expect(runs.count >= 6, "\(runs.count)")
        let (deleted, moved, done) = (try #require(runs[1]["id"] as? String), try #require(runs[2]["id"] as? String), try #require(runs[3]["id"] as? String))
        try ann.ok(["delete", deleted], now: now)
        try ann.ok(["edit", moved, "--time", "21:15"], now: now)
        try ann.ok(["done", done], now: now)
        _ = try ann.sync(now: now)
        let server = try RunningServer(pg)
        defer { server.kill9() }
        let (url, _) = try Self.create(ann, name: "Ann")
        let feed = try Self.eventually(url) { $0.events.contains { ($0["summary"] as? String)?.hasPrefix("✓ Meds") == true } }

        // The agenda, today and 365 days on, as (title, day, time).
        let agenda = try #require(JSONSerialization.jsonObject(with: Data(try ann.ok(["agenda", "--from", Self.day(0), "--days", "366", "--json"], now: now).utf8)) as? [String: Any])
        let planned = Set((agenda["items"] as? [[String: Any]] ?? []).map { item in
            "\(item["title"] as? String ?? "") \(item["date"] as? String ?? "")" + ((item["time"] as? String).map { "T" + $0 } ?? "")
        })
        let last = Self.day(365)
        let shown = Set(feed.events.compactMap { event -> String? in
            let start = event["start"] as? String ?? ""
            guard start >= Self.day(0), String(start.prefix(10)) <= last else { return nil }
            let title = (event["summary"] as? String ?? "").replacingOccurrences(of: "✓ ", with: "")
            return "\(title) \(start)"
        })
        #expect(shown == planned, "only in the feed: \(shown.subtracting(planned).sorted().prefix(10)); only in the agenda: \(planned.subtracting(shown).sorted().prefix(10))")
        #expect(planned.count > 150, "\(planned.count)")
        // Meds ends after 101 runs: the feed's two events end on the last of each time.
        let medsEvents = feed.components.filter { $0["summary"] as? String == "Meds" && $0["rrule"] is String }
        #expect(medsEvents.count == 2 && medsEvents.allSatisfy { ($0["rrule"] as? String)?.contains("UNTIL=") == true }, "\(medsEvents)")
    }

    @Test func hostileRequestsReadNothingAndStopNothing() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let (ann, _, _) = try Self.annWithABoard(pg)
        let server = try RunningServer(pg)
        defer { server.kill9() }
        let (url, _) = try Self.create(ann, name: "Board")
        _ = try Self.eventually(url) { !$0.titled("Dentist").isEmpty }
        let token = String(url.split(separator: "/").last!.dropLast(4))
        let base = "http://127.0.0.1:\(server.port)"
        let wrong = String(token.reversed())
        for path in ["/feed/\(wrong).ics", "/feed/\(token.dropLast()).ics", "/feed/\(token.uppercased()).ics", "/feed/\(token)",
                     "/feed/\(token).ics.bak", "/feed/..%2f..%2fetc%2fpasswd", "/feed/../healthz/\(token).ics", "/feed/", "/feeds/\(token).ics"] {
            let answer = try Self.fetch(base + path)
            #expect(answer.status == 404, "\(path): \(answer.status)")
            #expect(answer.events.isEmpty && !answer.body.contains("Dentist") && !answer.body.contains("root:"), "\(path)")
            #expect(answer.headers["x-content-type-options"] == "nosniff", "\(path)")
        }
        // Nothing a client sends changes the board: no write, whatever the method.
        let posted = try BoardBinary.runTool(["python3", "-c", """
            import urllib.request, urllib.error, sys
            for method in ['POST', 'PUT', 'DELETE', 'PATCH']:
                try:
                    r = urllib.request.urlopen(urllib.request.Request(sys.argv[1], data=b'BEGIN:VCALENDAR', method=method), timeout=10)
                    print(r.status)
                except urllib.error.HTTPError as e:
                    print(e.code)
            """, url])
        #expect(posted.lines.count == 4 && !posted.lines.contains("200"), "\(posted.stdout) \(posted.stderr)")
        // A request far larger than any of Board's is refused, and the server goes on.
        let huge = try BoardBinary.runTool(["python3", "-c", """
            import socket, sys
            s = socket.create_connection(('127.0.0.1', int(sys.argv[1])), timeout=10)
            s.sendall(b'GET /feed/' + sys.argv[2].encode() + b'.ics HTTP/1.1\\r\\nHost: x\\r\\nX-Pad: ' + b'a' * 200000 + b'\\r\\n\\r\\n')
            print(s.recv(100).split(b'\\r\\n')[0].decode())
            """, String(server.port), token])
        #expect(huge.stdout.hasPrefix("HTTP/1.1 4"), "\(huge.stdout) \(huge.stderr)")
        // A flood from one address: most are turned away with 429, the server stays up, and a
        // calendar polling at its pace a few seconds later is served.
        let flood = try BoardBinary.runTool(["python3", "-c", """
            import http.client, sys, collections, concurrent.futures
            def one(_):
                try:
                    c = http.client.HTTPConnection('127.0.0.1', int(sys.argv[1]), timeout=10)
                    c.request('GET', '/feed/' + sys.argv[2] + '.ics')
                    return c.getresponse().status
                except Exception as e:
                    return type(e).__name__
            with concurrent.futures.ThreadPoolExecutor(32) as pool:
                counts = collections.Counter(pool.map(one, range(1000)))
            print(' '.join('%s=%d' % kv for kv in sorted(counts.items(), key=str)))
            """, String(server.port), wrong])
        #expect(flood.stdout.contains("429="), "\(flood.stdout) \(flood.stderr)")
        #expect(server.process.isRunning)
        Thread.sleep(forTimeInterval: 6)
        #expect(try Self.fetch(url).titled("Dentist").count == 1)
    }

    @Test func badFeedCommandsAreOneLineAndWriteNothing() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let (ann, _, _) = try Self.annWithABoard(pg)
        for (arguments, message) in [
            (["feed", "create", "--name", ""], "error: name: must be 1 to 100 characters with no control characters, got ''\n"),
            (["feed", "create", "--name", "a\u{1B}[31mred"], "error: name: must be 1 to 100 characters with no control characters, got 'a\\e[31mred'\n"),
            (["feed", "create", "--name", String(repeating: "x", count: 101)], nil),
            (["feed", "revoke", "zz"], "error: id: must be a feed's id or its first 4 or more characters, as `board feed list` shows it, got 'zz'\n"),
            (["feed", "revoke", "abcd"], "error: id: 'abcd' is no feed of yours (`board feed list` shows them)\n"),
        ] as [([String], String?)] {
            let r = try ann.run(arguments)
            #expect(r.status == 2, "\(arguments): \(r.stdout)")
            if let message { #expect(r.stderr == message, "\(arguments)") } else { #expect(r.stderr.hasPrefix("error: name: must be 1 to 100"), "\(r.stderr)") }
        }
        #expect(try pg.psql(pg.adminURL, "SELECT count(*) FROM board.feeds").stdout == "0\n")
        // Without a server serving the listener, the feed is made but can't be read: said, with how to end it.
        let unserved = try ann.run(["feed", "create"])
        #expect(unserved.status == 2 && unserved.stderr.contains("the server serves no HTTP listener to read it from"), "\(unserved.stderr)")
        #expect(try ann.ok(["feed", "list"]).contains("  Board  Europe/Paris  made "))
    }

    @Test func vdirsyncerSubscribesAndKhalListsTheItems() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let (ann, _, dentist) = try Self.annWithABoard(pg)
        let server = try RunningServer(pg)
        defer { server.kill9() }
        let (url, id) = try Self.create(ann, name: "Ann")
        _ = try Self.eventually(url) { !$0.titled("Dentist").isEmpty }
        let folder = pg.folder + "/calendar"
        try FileManager.default.createDirectory(atPath: folder + "/cal", withIntermediateDirectories: true)
        try """
            [general]
            status_path = "\(folder)/status/"
            [pair board]
            a = "board_feed"
            b = "board_local"
            collections = null
            conflict_resolution = "a wins"
            [storage board_feed]
            type = "http"
            url = "\(url)"
            [storage board_local]
            type = "filesystem"
            path = "\(folder)/cal/"
            fileext = ".ics"
            """.write(toFile: folder + "/vdirsyncer.conf", atomically: true, encoding: .utf8)
        try """
            [calendars]
            [[board]]
            path = \(folder)/cal/
            [locale]
            timeformat = %H:%M
            dateformat = %Y-%m-%d
            longdateformat = %Y-%m-%d
            datetimeformat = %Y-%m-%d %H:%M
            longdatetimeformat = %Y-%m-%d %H:%M
            local_timezone = Europe/Paris
            default_timezone = Europe/Paris
            """.write(toFile: folder + "/khal.conf", atomically: true, encoding: .utf8)
        let environment = ["XDG_DATA_HOME": folder + "/data", "XDG_CACHE_HOME": folder + "/cache", "HOME": folder, "TZ": "Europe/Paris", "LC_ALL": "C.UTF-8"]
        func vdirsyncer(_ arguments: [String]) throws -> BoardBinary.Result {
            try BoardBinary.runTool(["vdirsyncer", "-c", folder + "/vdirsyncer.conf"] + arguments, stdin: "y\n", environment: environment)
        }
        func khal(_ from: String, _ to: String) throws -> String {
            let r = try BoardBinary.runTool(["khal", "-c", folder + "/khal.conf", "list", "--format", "{start} {title}", from, to], environment: environment)
            #expect(r.status == 0, "\(r.stderr)")
            return r.stdout
        }
        let discovered = try vdirsyncer(["discover"])
        #expect(discovered.status == 0, "\(discovered.stdout) \(discovered.stderr)")
        let synced = try vdirsyncer(["sync"])
        #expect(synced.status == 0, "\(synced.stdout) \(synced.stderr)")
        let tomorrow = try khal(Self.day(1), Self.day(1))
        #expect(tomorrow.contains("\(Self.day(1)) 09:00 Dentist"), "\(tomorrow)")
        #expect(tomorrow.contains("\(Self.day(1)) 07:30 Stretch"), "\(tomorrow)")
        #expect(try khal(Self.day(300), Self.day(300)).contains("\(Self.day(300)) 07:30 Stretch"))

        // Edited on the board: there after the next sync.
        try ann.ok(["edit", dentist, "--title", "Dentist, rescheduled", "--time", "10:30"], now: Self.now)
        _ = try ann.sync(now: Self.now)
        _ = try Self.eventually(url) { !$0.titled("Dentist, rescheduled").isEmpty }
        #expect(try vdirsyncer(["sync"]).status == 0)
        let after = try khal(Self.day(1), Self.day(1))
        #expect(after.contains("\(Self.day(1)) 10:30 Dentist, rescheduled") && !after.contains("09:00 Dentist"), "\(after)")

        // Revoked: the subscription's next sync fails, and says it is gone.
        try ann.ok(["feed", "revoke", id])
        let refused = try vdirsyncer(["sync"])
        #expect(refused.status != 0 && (refused.stdout + refused.stderr).contains("error: Unknown error occurred for board: Gone"), "\(refused.stdout) \(refused.stderr)")
    }
}
