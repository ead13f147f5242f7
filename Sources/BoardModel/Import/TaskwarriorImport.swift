import Foundation

/// `task export` as an import plan (ARCHITECTURE.md §11). Each recurring parent is a
/// template with one series; its children are that series' occurrences on their due dates, with
/// the fields that differ from the parent kept as exceptions, completed ones completed and deleted
/// ones skipped dates; every other pending or waiting task is a card. Ids come from taskwarrior's
/// UUIDs, so importing a later export updates what the first one brought.
public enum TaskwarriorImport {
    public static func plan(_ tasks: [TaskwarriorTask], zone: TimeZone, today: LocalDate) throws(BoardError) -> ImportPlan {
        var plan = ImportPlan()
        var children: [String: [Int]] = [:]
        // Rows keep ids made from the UUIDs: one task twice would be written twice, in turn, on every import.
        var seen: [String: Int] = [:]
        for (i, task) in tasks.enumerated() {
            if let first = seen.updateValue(i, forKey: ImportPlan.boardId(for: task.uuid, prefix: "tw")) {
                throw BoardError("tasks[\(i)].uuid", "'\(task.uuid.echoed)' is given twice (first at tasks[\(first)]); an export holds each task once")
            }
            if let parent = task.parent { children[parent, default: []].append(i) }
        }
        var asTemplate = Set<Int>()
        var leftOut = (completed: 0, deleted: 0)

        for (i, parent) in tasks.enumerated() where parent.status == "recurring" {
            let kids = (children[parent.uuid] ?? []).map { (i: $0, task: tasks[$0]) }
            do {
                plan.templates.append(try template(parent, at: i, children: kids, zone: zone, notes: &plan.notes))
                asTemplate.insert(i)
                kids.forEach { asTemplate.insert($0.i) }
            } catch {
                guard error.field == "recur" else { throw error }
                let open = kids.filter { isOpen($0.task) }.count
                plan.notes.append("\(quoted(parent.description)) (recur \(parent.recur ?? "")): not importable, \(error.problem)"
                                  + (open > 0 ? "; its \(open) pending \(open == 1 ? "task comes" : "tasks come") in as \(open == 1 ? "a card" : "cards")" : ""))
            }
        }
        for (i, task) in tasks.enumerated() where !asTemplate.contains(i) && task.status != "recurring" {
            guard isOpen(task) else {
                if task.status == "completed" { leftOut.completed += 1 } else if task.status == "deleted" { leftOut.deleted += 1 }
                continue
            }
            let due = try task.due.map { (text) throws(BoardError) in try local(text, at: "tasks[\(i)].due", zone: zone) }
            let values = try values(of: task, at: i, time: due.flatMap(timeOfDay), zone: zone)
            plan.cards.append(ImportPlan.Card(id: ImportPlan.boardId(for: task.uuid, prefix: "tw"), values: values,
                                              bucket: Bucket.forDue(due?.date, today: today), due: due?.date))
        }
        if leftOut.completed + leftOut.deleted > 0 {
            plan.notes.append("left out: \(leftOut.completed) completed and \(leftOut.deleted) deleted tasks that belong to no recurring task")
        }
        return plan
    }

    /// Pending and waiting tasks are open; completed and deleted ones are history.
    private static func isOpen(_ task: TaskwarriorTask) -> Bool { task.status == "pending" || task.status == "waiting" }

    private static func template(_ parent: TaskwarriorTask, at i: Int, children: [(i: Int, task: TaskwarriorTask)],
                                 zone: TimeZone, notes: inout [String]) throws(BoardError) -> ImportPlan.Template {
        guard let dueText = parent.due else { throw BoardError("tasks[\(i)].due", "is missing; a recurring task has a due date") }
        let due = try local(dueText, at: "tasks[\(i)].due", zone: zone)
        var rule = try TaskwarriorRecurrence.rule(parent.recur ?? "", due: due.date)
        if let until = parent.until {
            rule = try rule.with(end: .until(try local(until, at: "tasks[\(i)].until", zone: zone).date, nil))
        }
        let schedule = try Schedule(rule: rule, start: due.date, time: timeOfDay(due))
        let values = try values(of: parent, at: i, time: schedule.time, zone: zone)
        var template = ImportPlan.Template(id: ImportPlan.boardId(for: parent.uuid, prefix: "tw"), values: values, rule: rule, start: due.date,
                                           timeZone: zone.identifier)
        // Occurrence k is counted from the start, never from the one before (taskwarrior counts from
        // the one before, which is how its month-end children drift).
        let ruleDates = Array(schedule.occurrences.prefix(children.compactMap(\.task.imask).max().map { $0 + 1 } ?? 0))
        var offRule: [LocalDate] = []
        var taken = Set<LocalDate>()
        for child in children.sorted(by: { ($0.task.imask ?? .max, $0.i) < ($1.task.imask ?? .max, $1.i) }) {
            guard let childDue = child.task.due else { throw BoardError("tasks[\(child.i)].due", "is missing; a child of a recurring task has a due date") }
            let day = try local(childDue, at: "tasks[\(child.i)].due", zone: zone)
            let ruleDay = child.task.imask.flatMap { $0 < ruleDates.count ? ruleDates[$0] : nil }
            if let ruleDay, ruleDay != day.date {
                // Kept on the day taskwarrior gave it; the rule's own day for it is skipped, so the
                // series does not make that period's occurrence a second time.
                offRule.append(day.date)
                template.skipped.append(ruleDay)
            }
            guard taken.insert(day.date).inserted else {
                notes.append("\(quoted(parent.description)): two children on \(day.date.iso); the second (\(child.task.uuid)) is left out")
                continue
            }
            if child.task.status == "deleted" {
                template.skipped.append(day.date)
                continue
            }
            let childValues = try self.values(of: child.task, at: child.i, time: timeOfDay(day), zone: zone)
            let completedAt = child.task.status == "completed"
                ? (child.task.end.flatMap(TaskwarriorTask.instant) ?? TaskwarriorTask.instant(childDue)).map { BoardClock(instant: $0, zone: zone).timestamp }
                : nil
            template.occurrences.append(ImportPlan.Occurrence(
                date: day.date, values: childValues,
                exceptions: values.changedFields(to: childValues), completedAt: completedAt))
        }
        // Indexes the parent's mask marks deleted whose child is not in the export any more.
        let exported = Set(children.compactMap(\.task.imask))
        if let mask = parent.mask {
            guard mask.count <= TaskwarriorTask.maxMask else {
                throw BoardError("tasks[\(i)].mask", "at most \(TaskwarriorTask.maxMask) children's states, got \(mask.count)")
            }
            // The rule's dates once, not again for every place in the mask.
            let maskDates = Array(schedule.occurrences.prefix(mask.count))
            for (k, state) in mask.enumerated() where state == "X" && !exported.contains(k) && k < maskDates.count {
                template.skipped.append(maskDates[k])
            }
        }
        template.skipped = Array(Set(template.skipped).subtracting(template.occurrences.map(\.date))).sorted()
        if !offRule.isEmpty {
            notes.append("\(quoted(parent.description)) (recur \(parent.recur ?? "")): taskwarrior put \(offRule.count) "
                         + "\(offRule.count == 1 ? "child" : "children") on a day the rule does not (\(offRule.map(\.iso).joined(separator: ", "))); "
                         + "kept on \(offRule.count == 1 ? "its day" : "their days"), later ones follow the rule")
        }
        return template
    }

    /// A task's title, description (its annotations appended, dated), labels (tags and `project:NAME`) and priority.
    private static func values(of task: TaskwarriorTask, at i: Int, time: LocalTime?, zone: TimeZone) throws(BoardError) -> CardValues {
        let notes = (task.annotations ?? []).map { note in
            (note.entry.flatMap(TaskwarriorTask.instant).map { LocalDateTime(instant: $0, in: zone).date.iso + " " } ?? "") + note.description
        }
        var labels = task.tags ?? []
        if let project = task.project, !project.isEmpty { labels.append("project:" + project) }
        let priority: Int
        switch task.priority?.uppercased() {
        case nil, "": priority = 0
        case "H": priority = 3
        case "M": priority = 2
        case "L": priority = 1
        default: throw BoardError("tasks[\(i)].priority", "must be H, M or L, got '\(task.priority!.echoed)'")
        }
        let values = CardValues(title: task.description, description: notes.joined(separator: "\n"), labels: labels, time: time, priority: priority)
        do { try values.validate() } catch {
            throw BoardError("tasks[\(i)].\(taskwarriorName(of: error.field, in: task))",
                             "\(error.problem) (task \(task.uuid.echoed), \(quoted(task.description)))")
        }
        return values
    }

    /// The taskwarrior field a card's refused field came from, so a refusal names what the export holds.
    private static func taskwarriorName(of field: Field, in task: TaskwarriorTask) -> String {
        switch field {
        case .title: return "description"
        case .description: return "annotations"
        case .labels:
            let tagsAlone = CardValues(title: "tags", description: "", labels: task.tags ?? [], time: nil, priority: 0)
            return (try? tagsAlone.validate()) == nil ? "tags" : "project"
        default: return field.name
        }
    }

    /// A due time of midnight is taskwarrior's date without a time.
    private static func timeOfDay(_ moment: LocalDateTime) -> LocalTime? {
        moment.time.minuteOfDay == 0 ? nil : moment.time
    }

    private static func local(_ text: String, at path: String, zone: TimeZone) throws(BoardError) -> LocalDateTime {
        guard let instant = TaskwarriorTask.instant(text) else { throw BoardError(Field(path), "must be a taskwarrior date such as 20261116T083000Z, got '\(text.echoed)'") }
        return LocalDateTime(instant: instant, in: zone)
    }

    private static func quoted(_ title: String) -> String { "“" + title.echoed.escapedForTerminal + "”" }
}
