import BoardModel
import Foundation
import FuzzSupport

/// taskwarrior's `task export` (an array, or one task per line), as `board import taskwarrior` reads it.
FuzzDriver.run(fuzzTaskwarrior)

func fuzzTaskwarrior(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let plan: ImportPlan
    do {
        let tasks = try TaskwarriorTask.tasks(in: Data(fuzzInput(data, size)))
        plan = try TaskwarriorImport.plan(tasks, zone: FuzzBoard.clock.zone, today: FuzzBoard.clock.today)
    } catch {
        Refusal.check(error, from: "taskwarrior")
        return 0
    }
    FuzzBoard.check(plan, target: "taskwarrior")
    return 0
}
