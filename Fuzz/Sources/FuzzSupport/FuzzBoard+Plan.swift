import BoardModel
import BoardStore

extension FuzzBoard {
    /// The board every dry run is written to (and rolled back from).
    nonisolated(unsafe) public static let dryRunBoard = FuzzBoard.empty()

    /// What must hold of a plan another tool's file became (ARCHITECTURE.md §11): the board takes it
    /// or refuses it by its place; what a dry run takes, a real import takes; a second import of the
    /// same plan changes nothing.
    public static func check(_ plan: ImportPlan, target: String) {
        do { _ = try dryRunBoard.exchange.importPlan(plan, dryRun: true, clock: clock) } catch {
            Refusal.check(error, from: target)
            return
        }
        let board = empty()
        do { _ = try board.exchange.importPlan(plan, clock: clock) } catch { Refusal.finding(target, "what a dry run took was refused: \(error)") }
        let again: PlanSummary
        do { again = try board.exchange.importPlan(plan, clock: clock) } catch { Refusal.finding(target, "a second import was refused: \(error)") }
        for counts in [again.templates, again.occurrences, again.cards] where counts.added + counts.updated > 0 {
            Refusal.finding(target, "a second import of the same file changed the board: \(again)")
        }
    }
}
