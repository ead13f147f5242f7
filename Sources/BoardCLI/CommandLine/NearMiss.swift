/// "Did you mean 'list'?": the known word nearest a mistyped one, when it is near enough to be
/// the one meant (an edit distance of at most a third of its length, at least one) or the only
/// word it begins.
enum NearMiss {
    static func suggestion(for word: String, among known: [String]) -> String? {
        let typed = Array(word.lowercased())
        guard !typed.isEmpty else { return nil }
        let starting = known.filter { $0.lowercased().hasPrefix(word.lowercased()) }
        if starting.count == 1 { return starting[0] }
        let limit = max(1, typed.count / 3)
        let scored = known.map { ($0, distance(typed, Array($0.lowercased()))) }.filter { $0.1 <= limit }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// The words' Damerau–Levenshtein (optimal string alignment) distance: a swap of two
    /// neighbours (`lsit`) is one edit.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], previous2[j - 2] + 1) }
            }
            previous2 = previous
            previous = current
        }
        return previous[b.count]
    }

    /// " Did you mean 'x'?" or nothing.
    static func sentence(for word: String, among known: [String], prefix: String = "") -> String {
        suggestion(for: word, among: known).map { " Did you mean '\(prefix)\($0)'?" } ?? ""
    }
}
