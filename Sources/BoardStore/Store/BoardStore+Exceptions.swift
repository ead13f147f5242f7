import BoardModel
import GRDB

extension CardStore {
    /// Freezes `field` of an occurrence as it is, without editing it: propagation leaves it alone.
    public func makeException(_ cardId: String, field: CardField, clock: BoardClock) throws {
        try write { db in
            var task = try BoardStore.card(cardId, db)
            guard let templateId = task.templateId else {
                throw BoardError("id", "card \(cardId) is not an occurrence of a template; only occurrences have exceptions")
            }
            guard !task.exceptionMask.contains(field) else { return }
            task.exceptionMask.append(field)
            task.updatedAt = clock.timestamp
            try task.update(db)
            try BoardStore.record(.exceptionAdded(field: field, how: .made), template: templateId, task: cardId, clock: clock, db)
        }
    }
}
