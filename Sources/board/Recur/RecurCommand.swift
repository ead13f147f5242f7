import BoardCLI

enum RecurCommand {
    static let info = CommandInfo(
        group: "recur",
        abstract: "Expand, parse and step recurrence rules (RRULE text or plain words).",
        subcommands: [RecurExpand.info, RecurParse.info, RecurNext.info]
    )
}
