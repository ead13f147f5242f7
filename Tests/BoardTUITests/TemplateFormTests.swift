import BoardModel
import BoardStore
@testable import BoardTUI
import Testing

/// The template editor's `update`: validation inline, presets and phrases into rules, steps, leaving.
@Suite struct TemplateFormTests {
    func openForm() throws -> BoardState {
        var state = try TUIFixture().state()
        press([.character("t")], &state)
        return state
    }

    func form(_ state: BoardState) throws -> TemplateForm {
        guard case .templateForm(let form) = state.mode else { throw BoardError("mode", "no template form") }
        return form
    }

    /// Tab until the focus is on `row`.
    func focus(_ row: TemplateForm.Row, _ state: inout BoardState) throws {
        for _ in 0..<40 where try form(state).focus != row { press([.tab], &state) }
        #expect(try form(state).focus == row)
    }

    @Test func savingAnInvalidFormShowsErrorsOnTheirRowsAndWritesNothing() throws {
        var state = try openForm()
        try focus(.time, &state)
        press(type("25:00"), &state)
        try focus(.save(.activate), &state)
        #expect(press([.enter], &state).isEmpty, "nothing is written")
        let refused = try form(state)
        #expect(refused.errors[.title] == "Title must not be empty")
        #expect(refused.errors[.time] == "Time must be HH:MM from 00:00 to 23:59")
        #expect(refused.focus == .title, "the focus goes to the first wrong row")
        press(type("Stretch"), &state)
        #expect(try form(state).errors[.title] == nil, "typing clears the row's error")
        try focus(.time, &state)
        press(Array(repeating: .backspace, count: 5) + type("7:30"), &state)
        try focus(.save(.activate), &state)
        let effects = press([.enter], &state)
        guard case .createTemplate(let draft, let save) = effects.first else { Issue.record("no create: \(effects)"); return }
        #expect(save == .activate && draft.values.title == "Stretch" && draft.values.time == LocalTime(hour: 7, minute: 30))
        #expect(draft.rule == (try RecurrenceRule(.daily)) && draft.start == LocalDate(iso: "2026-11-21"))
        #expect(state.mode == .normal)
    }

    @Test func presetsAndAdvancedPatternsBuildTheirRules() throws {
        var state = try openForm()
        press(type("Gym"), &state)
        try focus(.repeats, &state)
        func rule() throws -> RecurrenceRule { try #require(try form(state).draft().get().rule) }
        let today = LocalDate(iso: "2026-11-21")!
        func phrase(_ text: String) throws -> RecurrenceRule { try RecurrencePhrase(parsing: text, today: today).rule }
        press([.character(" ")], &state)
        #expect(try rule() == phrase("every weekday"))
        press([.character(" ")], &state)
        #expect(try rule() == phrase("every saturday"), "weekly starts on the start date's weekday")
        press([.character(" ")], &state)  // Every N weeks, 2 by default; Saturday is still chosen
        try focus(.weekdays, &state)
        press([.right, .character(" "), .right, .right, .right, .right, .character(" ")], &state)
        #expect(try rule() == phrase("every other tuesday"), "Tuesday on, Saturday off")
        try focus(.repeats, &state)
        press([.character(" ")], &state)
        try focus(.monthDay, &state)
        press([.backspace] + type("31"), &state)
        #expect(try rule() == phrase("monthly on the 31st"))
        try focus(.repeats, &state)
        press([.character(" ")], &state)
        try focus(.ordinal, &state)
        press([.left], &state)
        try focus(.weekday, &state)
        press([.left, .left, .left], &state)
        #expect(try rule() == phrase("every last friday"))
        try focus(.repeats, &state)
        press([.character(" "), .character(" ")], &state)
        #expect(try rule() == phrase("every 2 days after completion"))
        try focus(.ending, &state)
        press([.character(" ")], &state)
        try focus(.endDate, &state)
        press(type("2026-11-01"), &state)
        #expect(try form(state).draft().failureRows[.endDate] == "Ends on: must not be before the start 2026-11-21")
    }

    @Test func aPhraseIsParsedAsYouTypeAndThePreviewFollows() throws {
        var state = try openForm()
        press(type("Walk"), &state)
        try focus(.repeats, &state)
        press(Array(repeating: .left, count: 1), &state)
        #expect(try form(state).fields.repeats == .phrase)
        try focus(.phrase, &state)
        press(type("every other tuesday at 7am"), &state)
        #expect(try form(state).phraseFeedback == "→ Every 2 weeks on Tuesday at 7:00")
        let schedule = try form(state).preview.get()
        #expect(TemplateForm.previewDates(schedule, today: LocalDate(iso: "2026-11-21")!).map(\.iso)
                == ["2026-12-01", "2026-12-15", "2026-12-29", "2027-01-12", "2027-01-26", "2027-02-09", "2027-02-23"],
                "weeks count from the start's week (RFC 5545), whose Tuesday is before the start")
        #expect(schedule.time == LocalTime(hour: 7, minute: 0))
        press(type(" bananas"), &state)
        #expect(try form(state).phraseFeedback.hasPrefix("⚠ Phrase: "))
    }

    @Test func tenStepsIsTheLimitAndCtrlDRemovesOne() throws {
        var state = try openForm()
        press(type("Bedtime"), &state)
        try focus(.addStep, &state)
        for i in 1...10 { press(type("Step \(i)") + [.enter], &state) }
        let full = try form(state)
        #expect(full.fields.steps.count == 10 && !full.rows.contains(.addStep))
        #expect(TemplateFormText.lines(of: .addStep, in: full) == ["10 of 10 steps — limit reached"])
        try focus(.step(3), &state)
        press([.control("d")], &state)
        #expect(try form(state).fields.steps == (1...10).filter { $0 != 4 }.map { "Step \($0)" })
        #expect(try form(state).rows.contains(.addStep))
    }

    @Test func escapeAsksBeforeDroppingUnsavedChanges() throws {
        var state = try openForm()
        press([.escape], &state)
        #expect(state.mode == .normal, "nothing typed: Esc just leaves")
        press([.character("t")] + type("Draft") + [.escape], &state)
        #expect(try form(state).confirmingDiscard)
        press([.character("n")], &state)
        #expect(try form(state).fields.title == "Draft" && !form(state).confirmingDiscard)
        press([.escape, .character("y")], &state)
        #expect(state.mode == .normal && state.message == "Changes dropped.")
    }
}

extension Result where Failure == FormErrors {
    var failureRows: [TemplateForm.Row: String] {
        if case .failure(let errors) = self { return errors.rows }
        return [:]
    }
}
