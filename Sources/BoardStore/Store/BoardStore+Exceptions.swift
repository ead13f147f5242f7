import BoardModel
import GRDB

/// Exceptions made by hand: a field of an occurrence frozen as it is (ARCHITECTURE.md §4).
extension BoardStore {
    /// Freezes `field` of an occurrence as it is, without editing it: propagation leaves it alone.
    public func makeException(_ cardId: String, field: CardField, clock: BoardClock) throws {
        try write { db in
            var task = try Self.card(cardId, db)
            guard let templateId = task.templateId else {
                throw BoardError("id", "card \(cardId) is not an occurrence of a template; only occurrences have exceptions")
            }
            guard !task.exceptionMask.contains(field) else { return }
            task.exceptionMask.append(field)
            task.updatedAt = clock.timestamp
            try task.update(db)
            try Self.record(.exceptionAdded(field: field, how: .made), template: templateId, task: cardId, clock: clock, db)
        }
    }
}
