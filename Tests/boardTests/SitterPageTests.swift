import Foundation
import Testing

/// A routine shared by link and opened by a sitter without an account (ARCHITECTURE.md §22): the
/// binary on throwaway clusters, the page in headless Chromium through selenium
/// (Tests/Oracle/sitter_browser.py), its answers read as a browser gets them.
@Suite(.serialized) struct SitterPageTests {
    typealias Device = SyncCommandTests.Device
    typealias Feeds = CalendarFeedTests

    static let browser = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Oracle/sitter_browser.py").path
    /// Where the screenshots go for a person to look at: the package's own build folder.
    static let shots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/screenshots").path

    /// Ann's cat routine, twice a day with three steps, and Bob's own routine; both synced.
    static func annsCat(_ pg: PostgresCluster) throws -> (ann: Device, bob: Device, cat: String, bobs: String) {
        let urls = try SyncCommandTests.server(pg, people: ["ann", "bob"])
        let ann = Device("ann", server: urls[0]), bob = Device("bob", server: urls[1])
        let cat = try SyncCommandTests().id(in: try ann.ok(["template", "add", "Feed the cat", "--every", "every day", "--time", "07:30, 19:00", "--starts", Feeds.day(0),
                                                            "--checklist", "Food", "--checklist", "Water", "--checklist", "Litter",
                                                            "--description", "Keys under the mat."], now: Feeds.now))
        let bobs = try SyncCommandTests().id(in: try bob.ok(["template", "add", "Bob's plants", "--every", "every day"], now: Feeds.now))
        _ = try ann.sync(now: Feeds.now)
        _ = try bob.sync(now: Feeds.now)
        return (ann, bob, cat, bobs)
    }

    /// `board share ROUTINE --link`'s URL.
    static func link(_ device: Device, _ routine: String, _ extra: [String] = []) throws -> String {
        try url(in: try device.ok(["share", routine, "--link"] + extra, now: Feeds.now))
    }

    /// The link's URL in what `share --link` said.
    static func url(in said: String) throws -> String {
        try #require(said.split(separator: "\n").first { $0.hasPrefix("http://") }.map(String.init), "\(said)")
    }

    @Test func aSitterOpensTicksAndFollowsTheRoutineInARealBrowser() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let (ann, _, cat, _) = try Self.annsCat(pg)
        let server = try RunningServer(pg)
        defer { server.kill9() }
        let said = try ann.ok(["share", cat, "--link"], now: Feeds.now)
        #expect(said.hasPrefix("Shared Feed the cat by link, until "), "\(said)")
        #expect(said.hasSuffix("It is shown once; `board unshare \(cat) --link` revokes it.\n"))
        let url = try Self.url(in: said)
        #expect(url.hasPrefix("http://127.0.0.1:\(server.port)/s/"))
        let token = String(url.split(separator: "/").last!)
        #expect(token.count == 64 && token.allSatisfy(\.isHexDigit))
        #expect(try pg.psql(pg.adminURL, "SELECT count(*) FROM board.routine_links WHERE token_hash = sha256(convert_to('\(token)', 'UTF8'))").stdout == "1\n")
        // Seven days by default.
        #expect(try pg.psql(pg.adminURL, "SELECT round(extract(epoch FROM expires_at - created_at) / 86400) FROM board.routine_links").stdout == "7\n")

        // The page as a browser gets it: whole, escaped, under the page's policy.
        let page = try Feeds.fetch(url)
        #expect(page.status == 200 && page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.headers["content-security-policy"] == "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
        #expect(page.headers["x-content-type-options"] == "nosniff" && page.headers["referrer-policy"] == "no-referrer")
        #expect(page.headers["cache-control"]?.hasPrefix("private") == true)
        #expect(page.body.contains("<h1 id=\"title\">Feed the cat</h1>") && page.body.contains("shared by <span id=\"owner\">ann</span>"))
        #expect(page.body.contains("Keys under the mat.") && !page.body.contains("<script>") && !page.body.contains("style="))
        #expect(try ann.ok(["share", "list"]).contains("\(cat)  Feed the cat  by link, expires "))

        // Without JavaScript the routine shows; ticking needs the script.
        let plain = try BoardBinary.runTool(["python3", Self.browser, "--no-script", url])
        let bare = try #require(JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any], "\(plain.stderr)")
        #expect(bare["title"] as? String == "Feed the cat" && bare["steps"] as? [String] == ["Food", "Water", "Litter"])
        #expect(bare["disabled"] as? Bool == true && (bare["today"] as? [String])?.isEmpty == false)

        // In the browser: tick, reload, midnight, the owner's edit, revoke.
        let renamed = "Feed the cat <script>alert(1)</script>"
        let owner = ["--db", ann.path, "--tz", "Europe/Paris", "--now", Feeds.stamp(Date().addingTimeInterval(60), "yyyy-MM-dd'T'HH:mm")]
        let plan: [String: Any] = [
            "edit": [[BoardBinary.url.path, "template", "edit", cat, "--title", renamed, "--checklist", "Water", "--checklist", "Food",
                      "--checklist", "Brush", "--yes"] + owner,
                     [BoardBinary.url.path, "sync"] + owner],
            "revoke": [BoardBinary.url.path, "unshare", cat, "--link"] + owner,
            "title": renamed,
        ]
        try FileManager.default.createDirectory(atPath: Self.shots, withIntermediateDirectories: true)
        let run = try BoardBinary.runTool(["python3", Self.browser, url, Self.shots,
                                           String(decoding: try JSONSerialization.data(withJSONObject: plan), as: UTF8.self)],
                                          environment: ["BOARD_SYNC_URL": ann.server, "PGPASSWORD": "", "PGPASSFILE": "/nonexistent"])
        let seen = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout) \(run.stderr)")
        #expect(seen["ready"] as? Bool == true)
        #expect(seen["title"] as? String == "Feed the cat" && seen["owner"] as? String == "shared by ann")
        #expect(seen["steps"] as? [String] == ["Food", "Water", "Litter"])
        let today = seen["today"] as? [String] ?? []
        #expect(today.allSatisfy { $0.hasPrefix("07:30") || $0.hasPrefix("19:00") } && today.contains { $0.hasPrefix("19:00") }, "\(today)")
        #expect((seen["week"] as? [String])?.count == 7 && (seen["week"] as? [String])?.last?.hasSuffix("07:30, 19:00") == true, "\(seen["week"] ?? "")")
        #expect(seen["labelled"] as? Bool == true && seen["firstFocus"] as? String == "Food")
        #expect(seen["ticked"] as? [String] == ["Food", "Water"] && seen["progress"] as? String == "2 of 3 done")
        #expect(seen["overflow390"] as? Bool == false && seen["overflow320"] as? Bool == false)
        #expect(seen["afterReload"] as? [String] == ["Food", "Water"])
        #expect(seen["pastMidnight"] as? [String] == [])
        #expect(seen["tickedAgain"] as? [String] == ["Food"])
        // The rename shows without a reload, escaped; Food's tick stays (it moved), Litter is gone, Brush is new.
        #expect(seen["followed"] as? Bool == true && seen["sameDocument"] as? Bool == true, "\(seen)")
        #expect(seen["titleAfter"] as? String == renamed && seen["alert"] as? Bool == false)
        #expect(seen["stepsAfter"] as? [String] == ["Water", "Food", "Brush"] && seen["tickedAfter"] as? [String] == ["Food"])
        #expect(seen["toldRevoked"] as? Bool == true && seen["status"] as? String == "This link was revoked by its owner.", "\(seen)")
        #expect(seen["revokedPage"] as? String == "This link was revoked by its owner.")
        for name in ["sitter-390x844.png", "sitter-1280x800.png"] {
            let size = (try? FileManager.default.attributesOfItem(atPath: Self.shots + "/" + name)[.size] as? Int) ?? 0
            #expect(size > 10_000, "\(name): \(size) bytes")
        }
        let gone = try Feeds.fetch(url)
        #expect(gone.status == 410 && gone.body.contains("<p>This link was revoked by its owner.</p>"))
        #expect(try Feeds.fetch(url + ".json").status == 410)
        #expect(try ann.ok(["share", "list"]).contains("  revoked "))
    }

    @Test func aLinkReadsItsOneRoutineAndNothingElse() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let (ann, bob, cat, bobs) = try Self.annsCat(pg)
        let server = try RunningServer(pg)
        defer { server.kill9() }
        let url = try Self.link(ann, cat, ["--expires", "never"])
        #expect(try ann.ok(["share", "list"]).contains("by link, no expiry"))
        let token = String(url.split(separator: "/").last!)
        let base = "http://127.0.0.1:\(server.port)"
        // Another person can't link a routine that isn't theirs.
        let theirs = try bob.run(["share", cat, "--link"], now: Feeds.now)
        #expect(theirs.status == 2, "\(theirs.stdout)")
        let bobsURL = try Self.link(bob, bobs)
        let bobsPage = try Feeds.fetch(bobsURL)
        #expect(bobsPage.body.contains("Bob&#39;s plants") && !bobsPage.body.contains("Feed the cat"))
        #expect(try Feeds.fetch(url).body.contains("Feed the cat") && !(try Feeds.fetch(url).body.contains("plants")))
        // Wrong, truncated, path tricks: nothing read.
        for path in ["/s/\(String(token.reversed()))", "/s/\(token.dropLast())", "/s/\(token.uppercased())", "/s/\(token)/../../healthz",
                     "/s/..%2f..%2fetc%2fpasswd", "/s/\(token).ics", "/feed/\(token).ics", "/s/", "/s/\(token)/events/x"] {
            let answer = try Feeds.fetch(base + path)
            #expect(answer.status == 404, "\(path): \(answer.status) \(answer.body)")
            #expect(!answer.body.contains("Feed the cat") && !answer.body.contains("root:"), "\(path)")
        }
        // The assets are the server's own, under the same headers.
        let script = try Feeds.fetch(base + "/assets/page.js")
        #expect(script.status == 200 && script.headers["content-type"] == "text/javascript; charset=utf-8" && script.body.contains("localStorage"))
        #expect(!script.body.contains("innerHTML"))
        // Expired: 410 with the day it ended.
        #expect(try pg.psql(pg.adminURL, "UPDATE board.routine_links SET expires_at = now() - interval '1 minute' WHERE template_id LIKE '\(cat)%'").status == 0)
        let expired = try Feeds.fetch(url)
        #expect(expired.status == 410 && expired.body.contains("<p>This link expired on "), "\(expired.body)")
        #expect(try Feeds.fetch(bobsURL).status == 200)
        #expect(try ann.ok(["unshare", cat, "--link"]) == "Feed the cat has no open link.\n")
    }

    @Test func badShareCommandsAreOneLine() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let (ann, _, cat, _) = try Self.annsCat(pg)
        for (arguments, message) in [
            (["share", cat], "error: with: names no one: give --with NAME for a person on the server, or --link for a link\n"),
            (["share", cat, "--with", "bob", "--link"], "error: link: is instead of --with NAME: give one of them\n"),
            (["share", cat, "--with", "bob", "--expires", "7d"], "error: expires: is for a link (--link); a share with a person lasts until `board unshare`\n"),
            (["share", cat, "--link", "--expires", "0d"], "error: expires: must be a number of days or weeks from 1 day to 365 days (7d, 2w), or never, got '0d'\n"),
            (["share", cat, "--link", "--expires", "53w"], "error: expires: must be a number of days or weeks from 1 day to 365 days (7d, 2w), or never, got '53w'\n"),
            (["share", cat, "--link", "--expires", "soon"], "error: expires: must be a number of days or weeks from 1 day to 365 days (7d, 2w), or never, got 'soon'\n"),
            (["unshare", cat], "error: with: names no one: give --with NAME for a person on the server, or --link for a link\n"),
        ] {
            let r = try ann.run(arguments, now: Feeds.now)
            #expect(r.status == 2 && r.stderr == message, "\(arguments): \(r.stderr)")
        }
        #expect(try pg.psql(pg.adminURL, "SELECT count(*) FROM board.routine_links").stdout == "0\n")
    }
}
