@testable import BoardCLI
import Testing

/// What a test command was given, read back through the parser's outcome.
private struct Echo: Command {
    static let title = Declared.argument("title", "The title.")
    static let extra = Declared.optionalArgument("extra", "Something more.")
    static let due = Declared.option("due", "A date.", value: "date")
    static let count = Declared.number("count", "How many.")
    static let labels = Declared.repeatedOption("label", "A label (repeat).")
    static let json = Declared.flag("json", "As JSON.")
    static let secret = Declared.flag("secret", "For programs.", hidden: true)
    static let info = CommandInfo("echo", abstract: "Say what was given.", parameters: [title, extra, due, count, labels, json, secret],
                                  runs: Self.self)

    let title: String, extra: String?, due: String?, count: Int?, labels: [String], json: Bool

    init(_ given: ParsedArguments) throws {
        title = try given[Self.title]
        extra = try given[Self.extra]
        due = try given[Self.due]
        count = try given[Self.count]
        labels = try given[Self.labels]
        json = try given[Self.json]
    }

    func run() {}
}

private struct Words: Command {
    static let words = Declared.repeatedArgument("words", "The words.")
    static let after = Declared.requiredOption("after", "A moment.")
    static let info = CommandInfo("words", abstract: "Every word.", parameters: [words, after], runs: Self.self)

    let words: [String], after: String

    init(_ given: ParsedArguments) throws {
        words = try given[Self.words]
        after = try given[Self.after]
    }

    func run() {}
}

private let root = CommandInfo(group: "tool", abstract: "A tool.", subcommands: [
    Echo.info,
    CommandInfo(group: "more", abstract: "More commands.", subcommands: [Words.info]),
], defaultSubcommand: "echo")

private func parse(_ arguments: [String]) throws -> CommandLineParser.Parsed {
    try CommandLineParser.parse(arguments, root: root, executable: "tool", helpWidth: 80)
}

private func echo(_ arguments: [String]) throws -> Echo {
    guard case .run(let command) = try parse(arguments), let echo = command as? Echo else { throw UsageError("not echo") }
    return echo
}

private func refusal(_ arguments: [String]) -> String? {
    do {
        _ = try parse(arguments)
        return nil
    } catch {
        return (error as? UsageError)?.description ?? "\(error)"
    }
}

private func help(_ arguments: [String]) throws -> String? {
    guard case .help(let text) = try parse(arguments) else { return nil }
    return text
}

struct CommandLineParserTests {
    @Test func optionsComeInAnyOrderWithTheirValueAttachedOrNext() throws {
        let e = try echo(["echo", "--due", "2026-11-21", "Call", "--label=home", "--json", "--label", "work", "later", "--count=3"])
        #expect(e.title == "Call" && e.extra == "later" && e.due == "2026-11-21" && e.count == 3 && e.json)
        #expect(e.labels == ["home", "work"], "repeated options keep their order")
    }

    @Test func theLastValueOfAnOptionGivenTwiceCounts() throws {
        #expect(try echo(["echo", "T", "--due", "2026-01-01", "--due=2026-02-02"]).due == "2026-02-02")
    }

    @Test func anOptionTakesTheNextWordWhateverItLooksLike() throws {
        let e = try echo(["echo", "T", "--due", "--json", "--count", "-1"])
        #expect(e.due == "--json" && !e.json && e.count == -1)
    }

    @Test func afterTwoDashesEveryWordIsAnArgumentAndADashAloneIsOne() throws {
        let e = try echo(["echo", "--", "--json", "-"])
        #expect(e.title == "--json" && e.extra == "-" && !e.json)
        #expect(try echo(["echo", "-"]).title == "-")
    }

    @Test func theDefaultSubcommandRunsWhenNoneIsNamed() throws {
        #expect(try echo(["Call", "--json"]).title == "Call")
    }

    @Test func aRepeatedArgumentTakesEveryRemainingWord() throws {
        guard case .run(let command) = try parse(["more", "words", "a", "b", "--after", "x", "c"]), let words = command as? Words else {
            Issue.record("more words did not run")
            return
        }
        #expect(words.words == ["a", "b", "c"] && words.after == "x")
    }

    @Test(arguments: [
        (["echo", "T", "--colour"], "--colour: not an option of 'tool echo' (`tool help echo` lists them)"),
        (["echo", "T", "-x"], "-x: not an option of 'tool echo' (`tool help echo` lists them)"),
        (["echo", "T", "--due"], "--due: needs a value, as in --due <date>"),
        (["echo", "T", "--json=yes"], "--json: takes no value, got '--json=yes'"),
        (["echo", "T", "--count", "many"], "count: must be a whole number, got 'many'"),
        (["echo", "--json"], "title: missing; 'tool echo' needs <title> (`tool help echo` says more)"),
        (["echo", "a", "b", "c"], "'c': unexpected argument; 'tool echo' takes no more (`tool help echo` lists them)"),
        (["more", "words", "a"], "--after: missing; 'tool more words' needs --after <after> (`tool help more words` says more)"),
        (["more", "nothing"], "'nothing': not a command of 'tool more' (`tool help more` lists them)"),
        (["help", "more", "nothing"], "'nothing': not a command of 'tool more' (`tool help more` lists them)"),
    ])
    func badCommandLinesAreRefusedInOneLineNamingTheWord(arguments: [String], message: String) {
        #expect(refusal(arguments) == message)
    }

    @Test func helpIsAskedForAnywhereBeforeTwoDashes() throws {
        #expect(try help(["echo", "T", "--help"])?.hasPrefix("OVERVIEW: Say what was given.") == true)
        #expect(try help(["more", "words", "-h"])?.contains("USAGE: tool more words --after <after> [<words> ...]") == true)
        #expect(try help(["help", "more", "words"]) == help(["more", "words", "--help"]))
        #expect(try help(["more"])?.contains("SUBCOMMANDS:\n  words") == true, "a group named alone shows its commands")
        #expect(try help(["--help"])?.contains("  echo (default)") == true)
        #expect(try echo(["echo", "--", "--help"]).title == "--help")
    }

    @Test func helpListsEveryShownParameterWithinEightyColumns() throws {
        let text = try #require(try help(["echo", "--help"]))
        for label in ["<title>", "<extra>", "--due <date>", "--count <count>", "--label <label>", "--json", "-h, --help"] {
            #expect(text.contains("\n  \(label)"), "\(label)")
        }
        #expect(!text.contains("--secret"), "a hidden flag stays out of the help")
        #expect(text.contains("[--label <label> ...]"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }
}

/// "Did you mean": the nearest known word, only when near enough.
@Suite struct NearMissTests {
    @Test func nearWordsAreSuggestedAndFarOnesAreNot() {
        let commands = ["list", "add", "done", "delete", "template", "habit", "stats"]
        #expect(NearMiss.suggestion(for: "lst", among: commands) == "list")
        #expect(NearMiss.suggestion(for: "lsit", among: commands) == "list", "a swap is one edit")
        #expect(NearMiss.suggestion(for: "templte", among: commands) == "template")
        #expect(NearMiss.suggestion(for: "stat", among: commands) == "stats", "the only word it begins")
        #expect(NearMiss.suggestion(for: "d", among: commands) == nil, "'d' begins two words")
        #expect(NearMiss.suggestion(for: "zebra", among: commands) == nil)
        #expect(NearMiss.suggestion(for: "", among: commands) == nil)
    }
}
