import BoardModel
import GRDB

extension CardStore {
    /// Freezes `field` of an occurrence as it is, without editing it: propagation leaves it alone.
    public func makeException(_ cardId: String, field: CardField, clock: BoardClock) throws {
        try write { db in
            var card = try BoardStore.card(cardId, db)
            guard let templateId = card.templateId else {
                throw BoardError("id", "card \(cardId) is not an occurrence of a template; only occurrences have exceptions")
            }
            guard !card.exceptionMask.contains(field) else { return }
            card.exceptionMask.append(field)
            card.updatedAt = clock.timestamp
            try card.updateRow(db)
            try BoardStore.record(.exceptionAdded(field: field, how: .made), template: templateId, card: cardId, clock: clock, db)
        }
    }
}
