import BoardModel
import Foundation
import HTTPTypes
import Hummingbird
import Mustache

/// A routine's page as HTML, its JSON, and the one-line pages that say a link no longer opens
/// (ARCHITECTURE.md §22). Rendered through swift-mustache, whose `{{…}}` escapes every stored text:
/// a title `<script>` shows as those characters. The page is whole without its script, which only
/// makes the steps tickable and follows the owner's edits.
enum PageView {
    static let page = try! MustacheTemplate(string: """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="no-referrer">
        <title>{{title}} · Board</title>
        <link rel="stylesheet" href="/assets/page.css">
        <script src="/assets/page.js" defer></script>
        </head>
        <body>
        <main id="routine" data-path="{{path}}" data-link="{{link}}">
        <header>
        <h1 id="title">{{title}}</h1>
        <p class="by">shared by <span id="owner">{{owner}}</span></p>
        </header>
        <p id="description"{{^description}} hidden{{/description}}>{{description}}</p>
        <section aria-labelledby="today-heading">
        <h2 id="today-heading">Today</h2>
        <ul id="today">{{#today}}<li>{{.}}</li>{{/today}}</ul>
        </section>
        <section aria-labelledby="steps-heading">
        <h2 id="steps-heading">Checklist</h2>
        <p id="progress" aria-live="polite">{{stepCount}}</p>
        <ul id="steps">{{#steps}}<li><label><input type="checkbox" disabled data-step="{{.}}"> <span>{{.}}</span></label></li>{{/steps}}</ul>
        <p class="note" id="note">Ticks stay in this browser only, and clear at midnight.</p>
        <noscript><p class="note">Ticking steps needs JavaScript.</p></noscript>
        </section>
        <section aria-labelledby="week-heading">
        <h2 id="week-heading">This week</h2>
        <ul id="week">{{#week}}<li><span class="day">{{day}}</span> {{runs}}</li>{{/week}}</ul>
        </section>
        <p id="status" role="status" aria-live="polite"></p>
        </main>
        </body>
        </html>

        """)

    static let line = try! MustacheTemplate(string: """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Board</title></head><body><p>{{words}}</p></body></html>

        """)

    static func html(_ page: RoutinePage, link: LinkSchema.Found, path: String) -> Response {
        let steps = page.steps.isEmpty ? "No steps." : "\(page.steps.count) \(page.steps.count == 1 ? "step" : "steps")"
        let values: [String: Any] = [
            "title": page.title, "owner": link.ownerName, "description": page.description, "path": path, "link": link.id,
            "today": today(page), "steps": page.steps, "stepCount": steps, "week": week(page),
        ]
        return response(.ok, page: Self.page.render(values))
    }

    static func json(_ page: RoutinePage, link: LinkSchema.Found) throws -> Response {
        struct Body: Encodable {
            let page: RoutinePage
            let owner: String
            let link: String
            let todayRuns: [String]
            let week: [[String: String]]
        }
        let week = week(page).map { ["day": $0["day"]!, "runs": $0["runs"]!] }
        let data = try JSONEncoder().encode(Body(page: page, owner: link.ownerName, link: link.id, todayRuns: today(page), week: week))
        return Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "private, no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A page of one line, for a link that opens nothing (any more).
    static func line(_ status: HTTPResponse.Status, _ words: String) -> Response {
        response(status, page: line.render(["words": words]))
    }

    static func response(_ status: HTTPResponse.Status, page: String) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8", .contentSecurityPolicy: LinkRoutes.pagePolicy,
                                           .cacheControl: "private, no-store"],
                 body: .init(byteBuffer: ByteBuffer(string: page)))
    }

    /// Today's runs, a line each: "07:30", "07:30 (done)", "Any time"; a checklist for any day says so.
    static func today(_ page: RoutinePage) -> [String] {
        guard page.scheduled else { return ["A checklist for any day."] }
        let runs = page.runs.filter { $0.date == page.today }
        guard !runs.isEmpty else { return ["No run today."] }
        return runs.map { run in (run.time?.description ?? "Any time") + (run.done ? " (done)" : "") }
    }

    /// The week's days that have runs: "Sunday 29 November" and "07:30, 19:00".
    static func week(_ page: RoutinePage) -> [[String: String]] {
        var days: [[String: String]] = []
        for date in Set(page.runs.map(\.date)).sorted() {
            let runs = page.runs.filter { $0.date == date }
                .map { ($0.time?.description ?? "any time") + ($0.done ? " (done)" : "") }.joined(separator: ", ")
            days.append(["day": "\(date.weekday.name) \(date.day) \(MonthName.full[date.month - 1])", "runs": runs])
        }
        return days
    }
}
