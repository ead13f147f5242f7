import BoardModel
import GRDB

/// Checklists as a day shows them (ARCHITECTURE.md §5): an occurrence keeps its ticks for good; a
/// routine without a schedule keeps them per local day, fresh at midnight, pruned after 30 days.
/// Ticking is state: it never edits a template or an occurrence's fields, and never touches a habit.
extension BoardStore {
    /// The steps with their habit links set, after checking that each linked habit exists.
    /// No links given: the steps as they are.
    static func linked(_ steps: [ChecklistStep], to links: [String?], _ db: Database) throws -> [ChecklistStep] {
        guard !links.isEmpty else { return steps }
        guard links.count == steps.count else {
            throw BoardError("habit", "one link per step: \(steps.count) steps, \(links.count) links")
        }
        return try zip(steps, links).map { step, habitId in
            if let habitId, try HabitRecord.fetchOne(db, keyValues: [habitId]) == nil { throw BoardError("habit", "no habit \(habitId)") }
            var linked = step
            linked.habitId = habitId
            return linked
        }
    }

    /// Deletes ticks of routines without a schedule older than 30 days.
    static func pruneRoutineTicks(today: LocalDate, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM routine_ticks WHERE day < ?", arguments: [oldestTickKept(today: today)])
    }

    /// Checklist ticks of days before this one go (kept `RoutineChecklist.keptDays`).
    static func oldestTickKept(today: LocalDate) -> LocalDate { today.adding(days: -RoutineChecklist.keptDays) }

    static func isUnscheduled(_ templateId: String, _ db: Database) throws -> Bool {
        try RecurrenceRuleRecord.filter(RecurrenceRuleRecord.Columns.templateId == templateId).fetchCount(db) == 0
    }

    static func checklist(of card: CardRecord, _ db: Database) throws -> RoutineChecklist {
        let template = try card.templateId.flatMap { try TemplateRecord.fetchOne(db, keyValues: [$0]) }
        let names = try habitNames(db)
        return RoutineChecklist(owner: .card(id: card.id), title: card.title, templateId: card.templateId,
                                steps: card.checklist.map { item in
                                    let step = template?.checklist.first { $0.text == item.text }
                                    return .init(text: item.text, done: item.done, habitId: step?.habitId,
                                                 habitName: step?.habitId.flatMap { names[$0] }, reminds: step?.reminds ?? false)
                                }, day: card.occurrenceDate ?? card.dueDate)
    }

    static func habitNames(_ db: Database) throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, name FROM habits").map { ($0[0], $0[1]) })
    }

    static func checkStep(_ index: Int, count: Int) throws {
        guard (0..<count).contains(index) else {
            throw BoardError("step", count == 0 ? "the checklist has no steps" : "must be a step number from 1 to \(count)")
        }
    }

    /// Ticks of a routine without a schedule exist for today and the 30 days before.
    static func checkTickDay(_ day: LocalDate, today: LocalDate) throws {
        if day > today { throw BoardError("date", "\(day.iso) hasn't come yet; a checklist is ticked on its day") }
        if day < today.adding(days: -RoutineChecklist.keptDays) {
            throw BoardError("date", "\(day.iso) is more than \(RoutineChecklist.keptDays) days ago; older ticks are not kept")
        }
    }
}

extension BoardStore {
    /// A shared routine's list on `day`: its steps, ticked on this device alone — a fresh list every
    /// day for one without a schedule, the day's run's list for a scheduled one (ARCHITECTURE.md §18:
    /// a sitter ticks each run per day, locally). Only the owner changes the routine or completes its runs.
    static func checklist(ofShared shared: SharedRoutine, day: LocalDate, clock: BoardClock, _ db: Database) throws -> RoutineChecklist {
        try checkSharedDay(shared, day, today: clock.today, ticking: false, db)
        let ticked = Set(try String.fetchAll(db, sql: "SELECT step FROM shared_routine_ticks WHERE routine_id = ? AND day = ?",
                                             arguments: [shared.id, day]))
        return RoutineChecklist(owner: .routine(templateId: shared.id, day: day), title: shared.title, templateId: shared.id,
                                steps: shared.checklist.map { .init(text: $0, done: ticked.contains($0), habitId: nil, habitName: nil) })
    }

    /// Ticks or unticks step `index` of a shared routine on `day`, on this device alone.
    static func toggleShared(_ shared: SharedRoutine, step index: Int, day: LocalDate, clock: BoardClock, _ db: Database) throws -> Bool {
        try checkSharedDay(shared, day, today: clock.today, ticking: true, db)
        try checkStep(index, count: shared.checklist.count)
        let step = shared.checklist[index]
        try db.execute(sql: "DELETE FROM shared_routine_ticks WHERE day < ?", arguments: [oldestTickKept(today: clock.today)])
        try db.execute(sql: "DELETE FROM shared_routine_ticks WHERE routine_id = ? AND day = ? AND step = ?", arguments: [shared.id, day, step])
        if db.changesCount > 0 { return false }
        try db.execute(sql: "INSERT INTO shared_routine_ticks (routine_id, day, step, ticked_at) VALUES (?, ?, ?, ?)",
                       arguments: [shared.id, day, step, clock.timestamp])
        return true
    }

    /// A shared routine's list exists on a day its owner has a run (a scheduled one) and is ticked
    /// on such a day that has come, within the days ticks are kept (any one alike).
    private static func checkSharedDay(_ shared: SharedRoutine, _ day: LocalDate, today: LocalDate, ticking: Bool, _ db: Database) throws {
        if shared.rule != nil, try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM shared_runs WHERE routine_id = ? AND date = ?)",
                                                    arguments: [shared.id, day]) != true {
            throw BoardError("date", "\(shared.title) has no run on \(day.iso)")
        }
        if ticking || shared.rule == nil { try checkTickDay(day, today: today) }
    }
}

/// The checklists of cards and routines (ARCHITECTURE.md §5): their steps and the day's ticks.
/// `store.checklists`.
public struct ChecklistStore: StoreCapability {
    public let base: BoardStore
}

extension BoardStore {
    /// The checklists of cards and routines.
    public var checklists: ChecklistStore { ChecklistStore(base: self) }
}

extension ChecklistStore {
    /// A card's checklist; an occurrence's steps carry the habit links of its template's steps.
    public func read(ofCard id: String) throws -> RoutineChecklist {
        try read { db in try BoardStore.checklist(of: try BoardStore.card(id, db), db) }
    }

    /// A routine's checklist on `day`: the day's ticks of a routine without a schedule, else the
    /// checklist of the occurrence dated `day`.
    public func read(ofRoutine templateId: String, day: LocalDate, clock: BoardClock) throws -> RoutineChecklist {
        try read { db in
            if let shared = try BoardStore.sharedRoutine(matching: templateId, db), shared.id == templateId {
                return try BoardStore.checklist(ofShared: shared, day: day, clock: clock, db)
            }
            let template = try BoardStore.template(templateId, db)
            guard try BoardStore.isUnscheduled(templateId, db) else {
                guard let card = try CardRecord.filter(CardRecord.Columns.templateId == templateId && CardRecord.Columns.occurrenceDate == day).fetchOne(db) else {
                    throw BoardError("date", "“\(template.title)” has no occurrence on \(day.iso)")
                }
                return try BoardStore.checklist(of: card, db)
            }
            try BoardStore.checkTickDay(day, today: clock.today)
            let ticked = Set(try String.fetchAll(db, sql: "SELECT step FROM routine_ticks WHERE template_id = ? AND day = ?",
                                                 arguments: [templateId, day]))
            let names = try BoardStore.habitNames(db)
            return RoutineChecklist(owner: .routine(templateId: templateId, day: day), title: template.title, templateId: templateId,
                                    steps: template.checklist.map {
                                        .init(text: $0.text, done: ticked.contains($0.text), habitId: $0.habitId,
                                              habitName: $0.habitId.flatMap { names[$0] }, reminds: $0.reminds)
                                    })
        }
    }

    /// Ticks or unticks step `index` (0-based); returns whether it is now ticked. Old ticks of
    /// routines without a schedule are pruned in the same transaction.
    @discardableResult
    public func toggle(_ index: Int, of owner: RoutineChecklist.Owner, clock: BoardClock) throws -> Bool {
        try write { db in
            switch owner {
            case .card(let id):
                var card = try BoardStore.card(id, db)
                try BoardStore.checkStep(index, count: card.checklist.count)
                card.checklist[index].done.toggle()
                card.updatedAt = clock.timestamp
                try card.updateRow(db)
                return card.checklist[index].done
            case .routine(let templateId, let day):
                if let shared = try BoardStore.sharedRoutine(matching: templateId, db), shared.id == templateId {
                    return try BoardStore.toggleShared(shared, step: index, day: day, clock: clock, db)
                }
                let template = try BoardStore.template(templateId, db)
                guard try BoardStore.isUnscheduled(templateId, db) else {
                    throw BoardError("routine", "“\(template.title)” has a schedule; tick the steps of one of its occurrences")
                }
                try BoardStore.checkTickDay(day, today: clock.today)
                try BoardStore.checkStep(index, count: template.checklist.count)
                let step = template.checklist[index].text
                try BoardStore.pruneRoutineTicks(today: clock.today, db)
                try db.execute(sql: "DELETE FROM routine_ticks WHERE template_id = ? AND day = ? AND step = ?",
                               arguments: [templateId, day, step])
                if db.changesCount > 0 { return false }
                try db.execute(sql: "INSERT INTO routine_ticks (template_id, day, step, ticked_at) VALUES (?, ?, ?, ?)",
                               arguments: [templateId, day, step, clock.timestamp])
                return true
            }
        }
    }

    /// Makes step `index` of a template remind at its time on each occurrence's day, or not.
    /// Only a timed step may ("07:30 Meds"); returns the step's text.
    @discardableResult
    public func remind(_ index: Int, ofTemplate templateId: String, _ reminds: Bool, clock: BoardClock) throws -> String {
        try write { db in
            var template = try BoardStore.template(templateId, db)
            try BoardStore.checkStep(index, count: template.checklist.count)
            let text = template.checklist[index].text
            if reminds { try Checklist.checkReminds(text) }
            if reminds, try BoardStore.isUnscheduled(templateId, db) {
                throw BoardError("step", "“\(template.title.echoed)” has no schedule; a step reminds on the days a routine runs")
            }
            template.checklist[index].reminds = reminds
            template.updatedAt = clock.timestamp
            try template.updateRow(db)
            return text
        }
    }

    /// Links step `index` of a template to a habit (nil: unlinks it). Occurrences don't change.
    public func link(_ index: Int, ofTemplate templateId: String, toHabit habitId: String?, clock: BoardClock) throws {
        try write { db in
            var template = try BoardStore.template(templateId, db)
            try BoardStore.checkStep(index, count: template.checklist.count)
            var links = template.checklist.map(\.habitId)
            links[index] = habitId
            template.checklist = try BoardStore.linked(template.checklist, to: links, db)
            template.updatedAt = clock.timestamp
            try template.updateRow(db)
        }
    }
}
