import BoardModel
@testable import BoardStore
@testable import BoardTUI
import Foundation
import GRDB
import Testing

/// Whole flows through `update`, with the runtime's results fed back as actions and no store:
/// the loop is closed, so a flow is a list of actions.
@Suite struct LoopFlowTests {
    static let now = LocalDateTime(iso: "2026-11-21T09:00")!

    /// An empty board, read from nowhere.
    static func emptyState() -> BoardState {
        let columns = Dictionary(uniqueKeysWithValues: Bucket.allCases.map { ($0, ColumnWindow(total: 0, count: 0, offset: 0, cards: [])) })
        return BoardState(snapshot: BoardSnapshot(columns: columns, templates: [], today: now.date, now: now), width: 120, height: 40)
    }

    static func form(_ state: BoardState) throws -> TemplateForm {
        guard case .templateForm(let form) = state.mode else { throw BoardError("mode", "no template form: \(state.mode)") }
        return form
    }

    @Test func createAndSaveAndPauseIsOneEffect() throws {
        var state = Self.emptyState()
        press([.character("t")] + type("Stretch"), &state)
        for _ in 0..<40 where try Self.form(state).focus != .save(.pause) { press([.tab], &state) }
        let effects = press([.enter], &state)
        #expect(effects.count == 1)
        guard case .write(.createTemplate(let draft, let save))? = effects.first else { Issue.record("\(effects)"); return }
        #expect(save == .pause && save.status == .paused && draft.values.title == "Stretch")
        #expect(state.mode == .normal)
    }

    /// A plan with something to update opens the dialog with its count; Enter carries that very plan,
    /// Space then Enter the one with the overdue occurrences; a plan that changes nothing applies at once.
    @Test func theDialogShowsThePlansCountAndApplyCarriesThatPlan() throws {
        var state = Self.emptyState()
        press([.character("t")] + type("Read"), &state)
        let form = try Self.form(state)
        let old = CardValues(title: "Read"), new = CardValues(title: "Read more")
        let open = (0..<3).map { OccurrenceState(cardId: "t\($0)", date: Self.now.date.adding(days: $0 - 1), isCompleted: false, mask: []) }
        func plan(overdue: Bool, changing: Bool = true) -> TemplateEditPlan {
            let propagation = PropagationPlan(templateId: "tpl", baseVersion: 1, old: old, new: changing ? new : old,
                                              occurrences: open, today: Self.now.date, includeOverdue: overdue)
            return TemplateEditPlan(request: TemplateEditRequest(includeOverdue: overdue), today: Self.now.date, propagation: propagation,
                                    schedule: nil, scheduleChanged: false, removals: [], times: nil)
        }
        #expect(update(&state, .reported(.planned(plan(overdue: false), withOverdue: plan(overdue: true), save: .activate, form: form))).isEmpty)
        guard case .propagation(let dialog) = state.mode else { Issue.record("no dialog"); return }
        #expect(dialog.count == 2 && dialog.overdue == 1 && view(state).text.contains("Will update 2 non-completed occurrences."))
        var withOverdue = state
        #expect(press([.enter], &state) == [.write(.applyTemplateEdit(plan(overdue: false), save: .activate))])
        #expect(press([.character(" "), .enter], &withOverdue) == [.write(.applyTemplateEdit(plan(overdue: true), save: .activate))])

        var nothing = Self.emptyState()
        let unchanged = plan(overdue: false, changing: false)
        #expect(update(&nothing, .reported(.planned(unchanged, withOverdue: plan(overdue: true, changing: false), save: .pause, form: form)))
                == [.write(.applyTemplateEdit(unchanged, save: .pause))])
    }

    /// Issue: the board's clock passed midnight while the screen drew its first frame, and the loop
    /// slept until the minute after with Saturday still on the screen (a screen test, under load).
    @Test func aDayThatComesWhileTheScreenIsDrawnIsShownAtOnce() throws {
        let f = try TUIFixture()
        final class Clock: @unchecked Sendable { var now = BoardClock(local: LocalDateTime(iso: "2026-11-21T23:59")!, zone: paris) }
        let clock = Clock()
        let midnight = BoardClock(local: LocalDateTime(iso: "2026-11-22T00:00")!, zone: paris).instant
        clock.now = BoardClock(instant: midnight.addingTimeInterval(-2), zone: paris)
        let app = try BoardApp(store: f.store, path: f.path) { clock.now }
        _ = try app.firstFrame(width: 120, height: 40)
        #expect((1_000...2_100).contains(app.sleepMilliseconds()))
        clock.now = BoardClock(instant: midnight.addingTimeInterval(1), zone: paris)
        #expect(app.sleepMilliseconds() == 0)
        #expect(try app.noticeChanges())
        #expect(view(app.state).text.contains("Sunday, Nov 22"))
        #expect(app.sleepMilliseconds() > 50_000)
    }

    /// Issue: a store error while saving a new template threw the unsaved form away.
    @Test func aStoreErrorKeepsTheFormAndShowsTheError() throws {
        let f = try TUIFixture()
        try f.store.database.write { db in
            try db.execute(sql: "CREATE TRIGGER refuse BEFORE INSERT ON templates BEGIN SELECT RAISE(ABORT, 'the disk said no'); END")
        }
        let app = try BoardApp(store: f.store, path: f.path) { demoClock }
        _ = try app.firstFrame(width: 120, height: 40)
        for key in [Key.character("t")] + type("Stretch") { _ = try app.handle(key) }
        while case .templateForm(let form) = app.state.mode, form.focus != .save(.activate) { _ = try app.handle(.tab) }
        _ = try app.handle(.enter)
        guard case .templateForm(let form) = app.state.mode else { Issue.record("the form was lost: \(app.state.mode)"); return }
        #expect(form.fields.title == "Stretch")
        #expect(app.state.message == "board: refused by the board's rules (the disk said no); nothing was written")
    }
}
