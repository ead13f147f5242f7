import BoardCLI
import BoardModel
import BoardStore
import Foundation

/// `board export`: the whole board as a Board document by default, or as a calendar.
enum ExportCommand {
    static let info = CommandInfo(
        group: "export",
        abstract: "Write the whole board as one JSON document, or its routines and dated cards as a calendar.",
        subcommands: [ExportDocumentCommand.info, ExportCalendarCommand.info],
        defaultSubcommand: ExportDocumentCommand.info.name)
}

struct ExportDocumentCommand: Command {
    static let info = CommandInfo(
        "document",
        abstract: "Write the whole board as one JSON document (cards, templates with rules and series, habits with entries, settings).",
        discussion: """
            The document is versioned ("format": "board", "version": 1), its keys and rows in a stable order, and streamed: \
            memory stays flat whatever the board's size. `board import` reads it back; export, import into an empty board \
            and export again gives the same bytes. Ticks of routines without a schedule stay out (they are this file's own).
            """,
        parameters: [output] + BoardOptions.parameters, runs: Self.self)
    static let output = Declared.option("output", "Write to this file instead of standard output (replaced only once the whole document is written).", value: "file")

    let output: String?, board: BoardOptions

    init(_ given: ParsedArguments) throws {
        output = try given[Self.output]
        board = try BoardOptions(given)
    }

    func run() throws {
        let (store, clock) = try board.open()
        let sink = try OutputSink(path: output)
        try store.exchange.export(shownBy: store.horizons(clock)) { try sink.write($0) }
        try sink.finish()
    }
}

/// Where a streamed document goes: standard output, or a file written beside its target and
/// moved into place at the end, so a failed export never leaves half a document behind.
final class OutputSink {
    private let handle: FileHandle
    private let target: String?
    private let temporary: String?
    private var buffer = Data()

    init(path: String?) throws {
        guard let path else {
            handle = .standardOutput
            target = nil
            temporary = nil
            return
        }
        let temporary = path + ".partial-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: nil), let handle = FileHandle(forWritingAtPath: temporary) else {
            throw BoardError("output", "can't write '\(path)': the folder is missing or not writable")
        }
        self.handle = handle
        self.target = path
        self.temporary = temporary
    }

    func write(_ text: String) throws {
        // Through the bytes in place: `append(contentsOf: text.utf8)` casts the view at run time,
        // and the first cast scans the runtime's conformances (Benchmarks/README.md, "Start-up").
        var text = text
        text.withUTF8 { buffer.append($0) }
        if buffer.count >= 1 << 16 { try flush() }
    }

    private func flush() throws {
        do { try handle.write(contentsOf: buffer) } catch {
            if let temporary { try? FileManager.default.removeItem(atPath: temporary) }
            throw BoardError("output", "writing failed: \(error.localizedDescription)")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    func finish() throws {
        try flush()
        guard let target, let temporary else { return }
        try handle.close()
        if rename(temporary, target) != 0 {
            try? FileManager.default.removeItem(atPath: temporary)
            throw BoardError("output", "can't write '\(target)': \(String(cString: strerror(errno)))")
        }
    }
}
