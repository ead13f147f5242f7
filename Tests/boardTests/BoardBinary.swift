import Foundation

/// Runs the real `board` executable, built beside the test bundle.
enum BoardBinary {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    static let url: URL = {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [dir, dir.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("board")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        fatalError("the board binary is not beside \(CommandLine.arguments[0]); run through `swift test`")
    }()

    static func run(_ arguments: [String], stdin: String = "", environment: [String: String] = [:]) throws -> Result {
        try run(self.process(arguments, environment: environment), stdin: stdin)
    }

    /// Another program of the machine (`sqlite3`, …), found on the PATH.
    static func runTool(_ arguments: [String], stdin: String = "", environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        return try run(process, stdin: stdin)
    }

    /// Runs `process` to its end with `stdin`, reading its output and errors.
    private static func run(_ process: Process, stdin: String) throws -> Result {
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        // Both pipes at once: a child writing much to stderr while stdout is read would block forever.
        nonisolated(unsafe) var err = Data()
        let stderrRead = DispatchGroup()
        stderrRead.enter()
        DispatchQueue.global().async {
            err = errors.fileHandleForReading.readDataToEndOfFile()
            stderrRead.leave()
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        stderrRead.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                      stderr: String(decoding: err, as: UTF8.self))
    }

    /// A `board` process, not started, at 2026-11-21 10:00 in Paris unless `environment` says otherwise.
    /// `--as-nobody` first runs it as the user nobody (through runuser), to meet permissions root ignores.
    static func process(_ arguments: [String], environment: [String: String] = [:]) -> Process {
        let process = Process()
        if arguments.first == "--as-nobody" {
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            process.arguments = ["-u", "nobody", "--", url.path] + arguments.dropFirst()
        } else {
            process.executableURL = url
            process.arguments = arguments
        }
        var env = ProcessInfo.processInfo.environment
        env["BOARD_NOW"] = "2026-11-21T10:00"
        env["BOARD_TZ"] = "Europe/Paris"
        env["BOARD_DB"] = nil
        env["COLUMNS"] = nil  // the help's width: 80 through a pipe unless a test says
        env["XDG_CONFIG_HOME"] = "/nonexistent/no-board-config"  // the machine's own config.toml must not leak in
        for (k, v) in environment { env[k] = v }
        process.environment = env
        return process
    }
}
