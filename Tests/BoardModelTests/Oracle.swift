import Foundation

/// Runs python-dateutil's rrule (Tests/Oracle/rrule_oracle.py) on a batch of lines.
enum Oracle {
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Oracle/rrule_oracle.py")

    /// Lines `RULE<TAB>START<TAB>N` in, one answer line per input line out.
    static func expand(_ lines: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { throw Unavailable(description: "cannot start python3: \(error)") }
        let writer = Thread {
            input.fileHandleForWriting.write(Data(lines.map { $0 + "\n" }.joined().utf8))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Unavailable(description: "the oracle failed (is python-dateutil installed?): \(errorText)")
        }
        let answer = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard answer.count == lines.count + 1 else {
            throw Unavailable(description: "the oracle answered \(answer.count - 1) lines for \(lines.count): \(errorText)")
        }
        return Array(answer.dropLast())
    }
}
