import BoardModel
import BoardStore
@testable import BoardTUI
import Foundation
import Testing

/// The screen at 80×24, 120×40 and 200×60: whole words, wrapped titles, boxes that wrap and
/// scroll, nothing cut without a sign (ARCHITECTURE.md §6 "Columns" and "Boxes").
@Suite struct ReadableScreenTests {
    static let sizes = [(80, 24), (120, 40), (200, 60)]
    static let longTitle = "Write thank-you letters to everyone who came to the birthday party, with the photos printed"
    static let longDescription = String(repeating: "Ask about the renewal fee and bring two photos, the old passport and the form. ", count: 4)

    /// The demo with a long title and a card with a 300-character description.
    func fixture() throws -> TUIFixture {
        let f = try TUIFixture()
        try f.store.cards.add(CardValues(title: Self.longTitle), bucket: .thisWeek, clock: demoClock)
        try f.store.cards.add(CardValues(title: "Passport appointment", description: Self.longDescription), bucket: .weekend, clock: demoClock)
        return f
    }

    /// The text of a box's inner lines, joined: what a reader of the box reads.
    func boxText(_ frame: Frame) -> String {
        func row(_ y: Int, _ xs: Range<Int>) -> String {
            String(xs.compactMap { frame[$0, y].width > 0 ? frame[$0, y].character : nil }).trimmingCharacters(in: .whitespaces)
        }
        guard let top = (0..<frame.height).first(where: { y in (0..<frame.width).contains { frame[$0, y].character == "┌" } }),
              let left = (0..<frame.width).first(where: { frame[$0, top].character == "┌" }),
              let right = (left..<frame.width).first(where: { frame[$0, top].character == "┐" }) else { return "" }
        var lines: [String] = []
        var y = top + 1
        while y < frame.height, frame[left, y].character != "└" {
            lines.append(row(y, (left + 1)..<right))
            y += 1
        }
        return lines.filter { !$0.isEmpty }.joined(separator: " ")
    }

    @Test(arguments: sizes) func longTitlesWrapInWholeWords(width: Int, height: Int) throws {
        var state = try fixture().state(width: width, height: height)
        let frame = view(state)
        try assertSnapshot(frame, named: "readable-board-\(width)x\(height)")
        // The long card's lines in This Week, read back: whole words, at most three lines.
        let layout = Layout(state)
        let row = try #require(state.cards(in: 0).firstIndex { $0.title == Self.longTitle })
        state.scroll[0] = layout.scroll(state, keeping: row, in: 0)
        let placed = try #require(layout.visible(state, column: 0).first { $0.row == row })
        let lines = (0..<3).map { dy in
            String((0..<layout.width(of: 0)).compactMap { x in view(state)[x, placed.y + dy].width > 0 ? view(state)[x, placed.y + dy].character : nil })
                .trimmingCharacters(in: .whitespaces)
        }
        let words = Set(Self.longTitle.split(separator: " ").map(String.init))
        for word in lines.joined(separator: " ").replacingOccurrences(of: "[ ] ", with: "").split(separator: " ") where !word.hasSuffix("…") {
            #expect(words.contains(String(word)), "\(word) is a whole word of the title")
        }
        // Every header whole, and every column border in the same place on every row.
        for column in BoardState.columns.indices {
            #expect(frame.text.contains(Layout.header(state, column: column)))
            if column > 0 {
                for y in 1...layout.bodyBottom { #expect(frame[layout.columnX(column) - 1, y].character == "│") }
            }
        }
    }

    @Test(arguments: sizes) func theDetailWrapsTheDescriptionInFullAndScrolls(width: Int, height: Int) throws {
        var state = try fixture().state(width: width, height: height)
        press([.right], &state)
        while state.focusedCard?.title != "Passport appointment" { press([.down], &state) }
        press([.enter], &state)
        try assertSnapshot(view(state), named: "readable-detail-\(width)x\(height)")
        // Scrolled to its end, every word of the description has been on screen.
        var seen = boxText(view(state))
        for _ in 0..<20 {
            press([.down], &state)
            seen += " " + boxText(view(state))
        }
        #expect(state.mode != .normal, "↓ scrolls, it doesn't close")
        for sentence in Self.longDescription.split(separator: ".") where !sentence.trimmingCharacters(in: .whitespaces).isEmpty {
            let words = sentence.split(separator: " ").joined(separator: " ")
            #expect(seen.replacingOccurrences(of: "  ", with: " ").contains(words), "\(words)")
        }
        #expect(view(state).text.contains("Esc closes · e edits"))
    }

    @Test(arguments: sizes) func helpScrollsToItsLastLine(width: Int, height: Int) throws {
        var state = try fixture().state(width: width, height: height)
        press([.character("?")], &state)
        try assertSnapshot(view(state), named: "readable-help-first-\(width)x\(height)")
        let first = view(state).text
        #expect(first.contains("Keys"))
        let box = helpBox(state)
        #expect(first.contains("↓ more") == (box.maxScroll > 0))
        press(Array(repeating: .down, count: box.maxScroll + 5), &state)
        #expect(state.mode == .help(scroll: box.maxScroll, over: .normal), "↓ stops at the last page")
        let last = view(state).text
        try assertSnapshot(view(state), named: "readable-help-last-\(width)x\(height)")
        #expect(last.contains("↑↓ scroll · any other key closes"))
        #expect(box.maxScroll == 0 || last.contains("↑ more"))
        // The table's every line was on one page or the other (the help is built from it).
        let pages = (0...box.maxScroll).map { scroll -> String in
            var s = state
            s.mode = .help(scroll: scroll, over: .normal)
            return boxText(view(s))
        }.joined(separator: " ")
        func words(_ text: String) -> String { text.split(separator: " ").joined(separator: " ") }
        #expect(words(pages).contains("q quit"))
        for line in KeyBindings.helpLines() where !line.isEmpty {
            #expect(words(pages).contains(words(line)), "\(line)")
        }
    }

    @Test(arguments: sizes) func theTemplateFormScrolledToItsEnd(width: Int, height: Int) throws {
        var state = try fixture().state(width: width, height: height)
        // Eight steps: 22 rows, more than 80×24 shows, fewer than 120×40.
        let steps = ["Coffee", "Write", "Read", "Stretch", "Water", "Plan", "Tidy", "Walk"]
        press([.character("t")] + type("Morning pages") + [.tab] + type("Three pages") + [.tab, .tab]
              + steps.flatMap { type($0) + [.enter] }, &state)
        for _ in 0..<40 {
            guard case .templateForm(let form) = state.mode, form.focus != form.rows.last else { break }
            press([.tab], &state)
        }
        guard case .templateForm(let form) = state.mode else { Issue.record("no form"); return }
        #expect(form.focus == form.rows.last)
        let frame = view(state)
        try assertSnapshot(frame, named: "readable-template-form-end-\(width)x\(height)")
        #expect(frame.text.contains("[ Save and pause ]"))
        // The rows above are out of sight only with a sign.
        let scrolled = height < 40
        #expect(frame.text.contains("↑ more") == scrolled)
        #expect(frame.text.contains("Title        Morning pages") == !scrolled)
    }

    @Test(arguments: sizes) func thePropagationDialogWrapsItsSentences(width: Int, height: Int) throws {
        let f = try fixture()
        var state = try f.state(width: width, height: height)
        let template = state.snapshot.templates[0]
        var fields = TemplateForm.Fields()
        fields.title = "Morning"
        let form = TemplateForm(templateId: template.id, status: .active, fields: fields, now: state.snapshot.now)
        let draft = try form.draft().get()
        let later = BoardClock(local: LocalDateTime(iso: "2026-11-24T09:00")!, zone: paris)
        func plan(_ overdue: Bool) throws -> TemplateEditPlan {
            try f.store.routines.planEdit(template.id, BoardApp.request(draft, includeOverdue: overdue), clock: later)
        }
        state.mode = .propagation(PropagationDialog(plan: try plan(false), planWithOverdue: try plan(true), save: .activate, form: form))
        let frame = view(state)
        try assertSnapshot(frame, named: "readable-propagation-\(width)x\(height)")
        let text = boxText(frame)
        #expect(text.contains("Completed tasks and field exceptions won't change."))
        #expect(text.contains("Enter or y applies · Esc or n back to the form"))
        #expect(!text.contains("…"), "nothing cut")
    }

    /// At the smallest size the preview and the errors stay inside the box; what doesn't fit ends in "…".
    @Test func theTemplateFormAt60x15KeepsItsBorder() throws {
        var state = try fixture().state(width: 60, height: 15)
        press([.character("t")] + type("Morning pages with a title longer than the field"), &state)
        func tab(to row: TemplateForm.Row) {
            for _ in 0..<30 {
                guard case .templateForm(let form) = state.mode, form.focus != row else { break }
                press([.tab], &state)
            }
        }
        tab(to: .priority)
        press(type("9"), &state)
        tab(to: .save(.activate))
        press([.enter], &state)  // refused: the priority's row is marked
        guard case .templateForm(let marked) = state.mode else { Issue.record("the form closed"); return }
        #expect(marked.errors[.priority] != nil)
        let frame = view(state)
        let top = try #require((0..<frame.height).first { y in (0..<frame.width).contains { frame[$0, y].character == "┐" } })
        let right = try #require((0..<frame.width).first { frame[$0, top].character == "┐" })
        var y = top + 1
        while frame[right, y].character != "┘" {
            #expect(frame[right, y].character == "│", "row \(y): \(frame.text.split(separator: "\n", omittingEmptySubsequences: false)[y])")
            y += 1
        }
        #expect(y < frame.height - 1)
        // The typed title scrolled to its end, its start cut with a sign.
        guard case .templateForm(let form) = state.mode else { Issue.record("no form"); return }
        #expect(form.fields.title == "Morning pages with a title longer than the field")
    }
}
