import BoardModel
import BoardStore

/// What a valid template form saves: the template's values, its schedule (none for a checklist),
/// and its steps' habit links.
public struct TemplateDraft: Hashable, Sendable {
    public let values: CardValues
    public let rule: RecurrenceRule?
    public let start: LocalDate?
    public let habitLinks: [String?]
    /// The Time row's times of day: one, several ("8:00, 20:00"), or none.
    public var times: TimesOfDay? = nil
}

extension TemplateForm {
    public static let ordinals: [(Int, String)] = [(1, "First"), (2, "Second"), (3, "Third"), (4, "Fourth"), (-1, "Last")]

    /// The draft the form describes, or each wrong field's message on its row.
    public func draft() -> Result<TemplateDraft, FormErrors> {
        var errors: [Row: String] = [:]
        let f = fields
        let title = f.title.trimmingSpaces
        if title.isEmpty { errors[.title] = "Title must not be empty" }
        var priority: Int?, duration: Int?
        do { priority = try FieldRules.priority(f.priority) } catch { errors[.priority] = error.sentence }
        do { duration = try FieldRules.duration(f.duration) } catch { errors[.duration] = error.sentence }
        for (i, step) in f.steps.enumerated() where step.isBlank { errors[.step(i)] = "A step needs some text, or remove the step" }
        for (i, step) in f.steps.enumerated() where f.steps[..<i].contains(where: { $0.trimmingSpaces == step.trimmingSpaces }) && errors[.step(i)] == nil {
            errors[.step(i)] = "This step repeats an earlier one; steps must differ"
        }
        let labels = f.labels.split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        let links = f.steps.indices.map { f.stepHabits.indices.contains($0) ? f.stepHabits[$0] : nil }
        if f.repeats == .none {
            guard errors.isEmpty, let priority else { return .failure(FormErrors(rows: errors)) }
            let values = CardValues(title: title, description: f.description, labels: labels, checklist: f.steps.map { $0.trimmingSpaces },
                                    time: nil, priority: priority, duration: duration)
            return .success(TemplateDraft(values: values, rule: nil, start: nil, habitLinks: links))
        }
        let schedule = self.schedule()
        if case .failure(let scheduleErrors) = schedule { errors.merge(scheduleErrors.rows) { a, _ in a } }
        guard errors.isEmpty, case .success(let s) = schedule, let priority else { return .failure(FormErrors(rows: errors)) }
        let values = CardValues(title: title, description: f.description, labels: labels, checklist: f.steps.map { $0.trimmingSpaces },
                                time: s.time, priority: priority, duration: duration)
        return .success(TemplateDraft(values: values, rule: s.rule, start: s.start, habitLinks: links, times: s.times))
    }

    /// The schedule of the Time, Repeat, Starts and Ends rows, or their errors: all the preview needs.
    public func schedule() -> Result<Schedule, FormErrors> {
        var errors: [Row: String] = [:]
        let f = fields
        let phraseSets = phraseSettings
        var times: TimesOfDay?
        if phraseSets.time == nil {
            do { times = try FieldRules.timesOfDay(f.time) } catch { errors[.time] = error.sentence }
        }
        var start: LocalDate?
        do { start = try FieldRules.isoDate(f.starts, field: "Starts on") } catch {
            // A phrase that says "starting …" sets the start itself.
            if phraseSets.start == nil { errors[.starts] = error.sentence }
        }
        var rule: RecurrenceRule?
        var phraseTimes: TimesOfDay?
        var phraseStart: LocalDate?
        do {
            (rule, phraseTimes, phraseStart) = try repeatRule(start: start ?? today)
        } catch {
            errors[repeatErrorRow] = error.problemSentence
        }
        if var ruleWithEnd = rule, phraseSets.end == nil {
            do {
                let until = f.ending == .onDate ? (date: try FieldRules.isoDate(f.endDate, field: "Ends on"), field: "Ends on") : nil
                let times = f.ending == .afterCount ? (count: try FieldRules.times(f.endCount, field: "After"), field: "After") : nil
                if let end = try FieldRules.end(until: until, times: times, first: phraseStart ?? start ?? today) {
                    ruleWithEnd = try ruleWithEnd.with(end: end)
                }
                rule = ruleWithEnd
            } catch {
                errors[f.ending == .onDate ? .endDate : .endCount] = error.problemSentence
            }
        }
        guard errors.isEmpty, let rule, let start = phraseStart ?? start else { return .failure(FormErrors(rows: errors)) }
        do {
            return .success(try Schedule(rule: rule, start: start, times: times ?? phraseTimes))
        } catch {
            return .failure(FormErrors(rows: [repeatErrorRow: error.problemSentence]))
        }
    }

    /// Where a repeat error shows: on the row that holds the wrong value.
    var repeatErrorRow: Row {
        switch fields.repeats {
        case .phrase: .phrase
        case .everyNWeeks, .afterCompletion: .interval
        case .monthlyOnDay: .monthDay
        case .weekly: .weekdays
        default: .repeats
        }
    }

    /// The rule of the Repeat rows; a phrase may also carry times of day and a start.
    func repeatRule(start: LocalDate) throws -> (RecurrenceRule, TimesOfDay?, LocalDate?) {
        let f = fields
        func interval() throws -> Int {
            guard let n = Int(f.interval.trimmingSpaces), (1...RecurrenceRule.maxInterval).contains(n) else {
                throw BoardError("Every", "must be a whole number from 1 to \(RecurrenceRule.maxInterval)")
            }
            return n
        }
        func days() throws -> [WeekdaySelector] {
            guard !f.weekdays.isEmpty else { throw BoardError("Days", "choose at least one weekday (Space toggles)") }
            return f.weekdays.sorted().map { WeekdaySelector($0) }
        }
        switch f.repeats {
        case .daily: return (try RecurrenceRule(.daily), nil, nil)
        case .weekdays: return (try RecurrenceRule(.weekly, weekdays: Weekday.workdays.map { WeekdaySelector($0) }), nil, nil)
        case .weekly: return (try RecurrenceRule(.weekly, weekdays: try days()), nil, nil)
        case .everyNWeeks: return (try RecurrenceRule(.weekly, interval: try interval(), weekdays: try days()), nil, nil)
        case .monthlyOnDay:
            let text = f.monthDay.trimmingSpaces.lowercased()
            guard let day = text == "last" ? -1 : Int(text), (1...31).contains(day) || day == -1 else {
                throw BoardError("Day", "must be a day of the month from 1 to 31, or 'last'")
            }
            return (try RecurrenceRule(.monthly, monthDays: [day]), nil, nil)
        case .monthlyOnWeekday:
            return (try RecurrenceRule(.monthly, weekdays: [WeekdaySelector(f.weekday, ordinal: f.ordinal)]), nil, nil)
        case .yearly: return (try RecurrenceRule(.yearly), nil, nil)
        case .afterCompletion: return (try RecurrenceRule(.daily, interval: try interval(), anchor: .completion), nil, nil)
        case .none: throw BoardError("repeat", "a checklist has no schedule")
        case .phrase:
            guard !f.phrase.isBlank else { throw BoardError("phrase", "type a rule such as 'every other tuesday at 7am'") }
            let phrase = try RecurrencePhrase(parsing: f.phrase, today: today, weekStart: weekStart)
            return (phrase.rule, phrase.times, phrase.start)
        }
    }

    /// What the "In words" phrase sets of the Time, Starts on and Ends rows. Those rows then show
    /// the phrase's value and can't be focused, and the save uses it: the form never shows one
    /// thing and saves another.
    public struct PhraseSettings: Equatable, Sendable {
        public var time: TimesOfDay?
        public var start: LocalDate?
        public var end: RecurrenceRule.End?
    }

    public var phraseSettings: PhraseSettings {
        guard fields.repeats == .phrase, !fields.phrase.isBlank,
              let phrase = try? RecurrencePhrase(parsing: fields.phrase, today: today, weekStart: weekStart) else { return PhraseSettings() }
        return PhraseSettings(time: phrase.times, start: phrase.start, end: phrase.rule.end == .never ? nil : phrase.rule.end)
    }

    /// Whether the phrase sets `row`'s value.
    public func isSetByPhrase(_ row: Row) -> Bool {
        let settings = phraseSettings
        switch row {
        case .time: return settings.time != nil
        case .starts: return settings.start != nil
        case .ending, .endDate, .endCount: return settings.end != nil
        default: return false
        }
    }

    /// The phrase row's live feedback: the rule's summary, or why it can't be read.
    public var phraseFeedback: String {
        guard fields.repeats == .phrase, !fields.phrase.isBlank else { return "" }
        do {
            let phrase = try RecurrencePhrase(parsing: fields.phrase, today: today, weekStart: weekStart)
            return "→ " + phrase.summary
        } catch {
            return "⚠ " + error.problemSentence
        }
    }

    /// The next 7 occurrences from today (or the start), or why the schedule can't be read.
    public var preview: Result<Schedule, FormErrors> { schedule() }

    /// The schedule saving makes: for a new template starting today, from the day the store's own
    /// rule starts it (`FirstOccurrence.startDay`: tomorrow when today's time has passed), so an
    /// end after N times counts from there, as the saved series does.
    public func savedSchedule(_ schedule: Schedule) -> Schedule {
        guard templateId == nil, let first = try? FirstOccurrence.startDay(
                  schedule.rule, time: schedule.time, now: now, requested: Self.requestedStart(schedule.start, today: today)),
              first != schedule.start, let saved = try? Schedule(rule: schedule.rule, start: first, times: schedule.times) else { return schedule }
        return saved
    }

    /// The preview's runs: from today, exactly the first seven runs saving makes (`savedSchedule`),
    /// each time of a day its own line.
    public func previewRuns(_ schedule: Schedule) -> [LocalDateTime] {
        let saved = savedSchedule(schedule)
        return Array(saved.runs(atOrAfter: LocalDateTime(date: max(today, saved.start), time: .midnight)).prefix(7))
    }

    /// Why a new template's first run is not the first date Starts on gives, when today's run has
    /// passed: "Starts tomorrow, Sun Nov 22: today's 7:00 has passed".
    public func startNote(_ schedule: Schedule) -> String? {
        let saved = savedSchedule(schedule)
        guard saved.start != schedule.start, let skipped = schedule.preview(from: schedule.start, count: 1).first,
              skipped < saved.start, let time = schedule.time else { return nil }
        let day = (saved.start == today.adding(days: 1) ? "tomorrow, " : "") + MonthName.due(saved.start, nil, today: today)
        return "Starts \(day): \(skipped == today ? "today's" : MonthName.due(skipped, nil, today: today)) \(time.display) has passed"
    }

    /// The start a new template asks the store for: starting today means starting now (nil).
    public static func requestedStart(_ start: LocalDate, today: LocalDate) -> LocalDate? {
        start == today ? nil : start
    }

    /// The form for an existing template: presets where the rule is one, its summary in words otherwise.
    public init(editing overview: TemplateOverview, now: LocalDateTime, weekStart: Weekday = .monday, habits: [HabitChoice] = []) {
        let t = overview.template
        var f = Fields()
        f.title = t.title
        f.description = t.description
        f.labels = t.labels.joined(separator: ", ")
        f.steps = t.checklist.map(\.text)
        f.stepHabits = t.checklist.map(\.habitId)
        f.time = t.times?.description ?? ""
        f.priority = String(t.priority)
        f.duration = t.defaultDurationMin.map(String.init) ?? ""
        guard let scheduling = overview.scheduling else {
            f.repeats = .none
            self.init(templateId: t.id, status: t.status, fields: f, now: now, weekStart: weekStart, habits: habits)
            return
        }
        let rule = scheduling.schedule.rule
        f.starts = scheduling.schedule.start.iso
        switch rule.end {
        case .never: f.ending = .never
        case .until(let date, _): f.ending = .onDate; f.endDate = date.iso
        case .count(let n): f.ending = .afterCount; f.endCount = String(n)
        }
        let bare = (try? rule.with(end: .never)) ?? rule
        f.repeats = .phrase
        f.phrase = RecurrencePhrase(rule: bare).summary
        let plain = rule.monthDays.isEmpty && rule.months.isEmpty && rule.setPositions.isEmpty
        let everyDay = rule.weekdays.allSatisfy { $0.ordinal == nil }
        if plain && rule.anchor == .completion && rule.frequency == .daily && rule.weekdays.isEmpty {
            f.repeats = .afterCompletion; f.interval = String(rule.interval)
        } else if plain && rule.anchor == .schedule {
            switch (rule.frequency, rule.interval) {
            case (.daily, 1) where rule.weekdays.isEmpty: f.repeats = .daily
            case (.weekly, 1) where rule.weekdays == Weekday.workdays.map({ WeekdaySelector($0) }): f.repeats = .weekdays
            case (.weekly, 1) where everyDay && !rule.weekdays.isEmpty: f.repeats = .weekly; f.weekdays = Set(rule.weekdays.map(\.weekday))
            case (.weekly, _) where everyDay && !rule.weekdays.isEmpty && rule.weekStart == .monday:
                f.repeats = .everyNWeeks; f.interval = String(rule.interval); f.weekdays = Set(rule.weekdays.map(\.weekday))
            case (.monthly, 1) where rule.weekdays.count == 1 && rule.weekdays[0].ordinal.map({ (1...4).contains($0) || $0 == -1 }) == true:
                f.repeats = .monthlyOnWeekday; f.ordinal = rule.weekdays[0].ordinal!; f.weekday = rule.weekdays[0].weekday
            case (.yearly, 1) where rule.weekdays.isEmpty: f.repeats = .yearly
            default: break
            }
        } else if rule.anchor == .schedule, rule.frequency == .monthly, rule.interval == 1, rule.weekdays.isEmpty, rule.months.isEmpty,
                  rule.setPositions.isEmpty, rule.monthDays.count == 1 {
            f.repeats = .monthlyOnDay; f.monthDay = rule.monthDays[0] == -1 ? "last" : String(rule.monthDays[0])
        }
        self.init(templateId: t.id, status: t.status, fields: f, now: now, weekStart: weekStart, habits: habits)
    }
}

/// Each wrong row's message.
public struct FormErrors: Error, Hashable, Sendable {
    public let rows: [TemplateForm.Row: String]
}

extension Error {
    /// "Field problem" as one sentence: a BoardError's field and problem, capitalised.
    var problemSentence: String {
        // Under the In words row, "phrase:" says again what the row's label says.
        let text = (self as? BoardError).map { $0.field == "phrase" ? $0.problem : "\($0)" } ?? "\(self)"
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}
