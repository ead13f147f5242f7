import BoardModel

/// The sample: a dozen cards across the buckets, four routines, an exception and a completed occurrence.
public enum DemoBoard {
    public static func fill(_ store: BoardStore, clock: BoardClock) throws {
        let today = clock.today
        func t(_ h: Int, _ m: Int = 0) -> LocalTime { LocalTime(hour: h, minute: m)! }
        let cards: [(String, Bucket, Int?, LocalTime?, Int, [String], [String])] = [
            ("Renew passport", .thisWeek, 2, nil, 2, ["admin"], []),
            ("Buy a birthday gift for Sam", .thisWeek, 3, nil, 1, ["family"], []),
            ("Reply to the landlord", .thisWeek, nil, nil, 1, [], []),
            ("Hike the ridge trail", .weekend, nil, nil, 0, ["outdoors"], ["Pack water", "Check the weather", "Charge phone"]),
            ("Bake sourdough 🍞", .weekend, nil, nil, 0, ["home"], []),
            ("Dentist", .nextWeek, 8, t(9, 30), 2, ["health"], []),
            ("Quarterly report draft", .nextWeek, 10, nil, 3, ["work"], []),
            ("Call the insurance about the claim", .nextWeek, nil, nil, 0, [], []),
            ("Plan the summer trip", .nextMonth, nil, nil, 0, ["travel"], []),
            ("Tax paperwork", .nextMonth, 30, nil, 2, ["admin"], []),
            ("Try the ramen place 🍜", .nextMonth, nil, nil, 0, ["food"], []),
            ("Learn 日本語 basics", .nextMonth, nil, nil, 0, ["learning"], []),
        ]
        for (title, bucket, dueIn, time, priority, labels, steps) in cards {
            try store.cards.add(CardValues(title: title, labels: labels, checklist: steps, time: dueIn == nil ? nil : time, priority: priority),
                              bucket: bucket, due: dueIn.map { today.adding(days: $0) }, clock: clock)
        }
        let phrase = { (text: String) throws -> RecurrenceRule in try RecurrencePhrase(parsing: text, today: today).rule }
        let morning = try store.routines.add(CardValues(title: "Morning routine", checklist: ["Glass of water", "Stretch", "Journal"], time: t(7)),
                                            rule: try phrase("every day"), start: today, clock: clock)
        try store.routines.add(CardValues(title: "Standup prep", labels: ["work"], time: t(7, 30)), rule: try phrase("every weekday"), start: today, clock: clock)
        try store.routines.add(CardValues(title: "Team 1:1", labels: ["work"], time: t(10), priority: 1), rule: try phrase("every other tuesday"), start: today, clock: clock)
        try store.routines.add(CardValues(title: "Budget review", labels: ["money"], priority: 2), rule: try phrase("every last friday"), start: today, clock: clock)
        let occurrences = try store.cards.list(in: .routines).filter { $0.templateId == morning.id }.sorted { $0.occurrenceDate! < $1.occurrenceDate! }
        try store.cards.complete(occurrences[0].id, clock: clock)
        try store.cards.edit(occurrences[1].id, CardEdit(title: "Short morning routine"), clock: clock)
    }
}
