import BoardModel
import BoardStore
import Foundation
import FuzzSupport

FuzzDriver.run(fuzzDocument)

/// A Board document or a `list --json` array of cards, as `board import` reads it. What a dry run
/// takes must take for real; importing it again changes nothing; its export imports back
/// unchanged and exports the same bytes (ARCHITECTURE.md §11).
func fuzzDocument(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let document = Data(fuzzInput(data, size))
    do { _ = try FuzzBoard.dryRunBoard.exchange.importDocument(document, dryRun: true, clock: FuzzBoard.clock) } catch {
        Refusal.check(error, from: "document")
        return 0
    }
    let board = FuzzBoard.empty()
    _ = FuzzBoard.importing(document, into: board, target: "document", what: "what a dry run took")
    // A card without an id gets a new one each time (docs/exchange.md), so only those may be added again.
    let again = FuzzBoard.importing(document, into: board, target: "document", what: "the same document a second time")
    if again.templates.added + again.habits.added + again.entries.added > 0
        || [again.templates, again.cards, again.habits, again.entries].contains(where: { $0.updated > 0 }) {
        Refusal.finding("document", "importing the same document twice changed the board: \(again)")
    }
    let exported = FuzzBoard.document(of: board, target: "document")
    if FuzzBoard.importing(Data(exported.utf8), into: board, target: "document", what: "the board's own export").changedAnything {
        Refusal.finding("document", "importing the board's own export changed it")
    }
    if FuzzBoard.document(of: board, target: "document") != exported {
        Refusal.finding("document", "export → import → export gave other bytes")
    }
    return 0
}
