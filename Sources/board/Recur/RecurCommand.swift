import ArgumentParser

struct RecurCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recur",
        abstract: "Expand, parse and step recurrence rules (RRULE text or plain words).",
        subcommands: [RecurExpand.self, RecurParse.self, RecurNext.self]
    )
}
