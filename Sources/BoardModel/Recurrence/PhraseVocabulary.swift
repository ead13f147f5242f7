/// The words of recurrence phrases, shared by the parser and the summary so that
/// every summary reads back as the rule it describes.
enum PhraseVocabulary {
    static let weekdayNames: [String: Weekday] = {
        var names: [String: Weekday] = [:]
        let spellings: [(Weekday, [String])] = [
            (.monday, ["mon", "monday"]), (.tuesday, ["tue", "tues", "tuesday"]),
            (.wednesday, ["wed", "weds", "wednesday"]), (.thursday, ["thu", "thur", "thurs", "thursday"]),
            (.friday, ["fri", "friday"]), (.saturday, ["sat", "saturday"]), (.sunday, ["sun", "sunday"]),
        ]
        for (day, words) in spellings {
            for word in words { names[word] = day; names[word + "s"] = day }
        }
        return names
    }()

    static func month(_ word: String) -> Int? {
        if word == "sept" { return 9 }
        guard word.count >= 3 else { return nil }
        return MonthName.full.firstIndex { $0.lowercased() == word || $0.lowercased().prefix(3) == word }.map { $0 + 1 }
    }

    static let numberWords = ["one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                              "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12]

    static let ordinalWords = ["first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5]

    /// "first" … "fifth", then "6th"; "last", "2nd to last" for negative positions.
    static func ordinalWord(_ n: Int) -> String {
        if n == -1 { return "last" }
        if n < 0 { return ordinalSuffix(-n) + " to last" }
        return ordinalWords.first { $0.value == n }?.key ?? ordinalSuffix(n)
    }

    /// A number written with digits (`15th`, `2nd`) or in words (`first`), without sign.
    static func ordinal(_ token: String) -> Int? {
        if let n = ordinalWords[token] { return n }
        for suffix in ["st", "nd", "rd", "th"] where token.hasSuffix(suffix) {
            if let n = Int.decimal(token.dropLast(2)), n >= 1 { return n }
        }
        return nil
    }

    static func cardinal(_ token: String) -> Int? { Int.decimal(token) ?? numberWords[token] }

    static let units: [String: RecurrenceRule.Frequency] = [
        "day": .daily, "days": .daily, "week": .weekly, "weeks": .weekly,
        "month": .monthly, "months": .monthly, "year": .yearly, "years": .yearly,
    ]

    static func unit(_ frequency: RecurrenceRule.Frequency, plural: Bool) -> String {
        let word = ["DAILY": "day", "WEEKLY": "week", "MONTHLY": "month", "YEARLY": "year"][frequency.rawValue]!
        return plural ? word + "s" : word
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
