import Foundation

/// A board process whose commits are heard before they show (`SlowCommit/slow-commit.c`,
/// preloaded): what a loaded machine does by chance, every time.
enum SlowCommit {
    struct BuildFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// The variable that slows a process's commits, for `env`: `LD_PRELOAD=…`.
    static func preload() throws -> String { try built.get() }

    private static let built: Result<String, BuildFailed> = {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("SlowCommit/slow-commit.c")
        let library = FileManager.default.temporaryDirectory.appendingPathComponent("board-slow-commit-\(UUID().uuidString.prefix(8)).so")
        guard let cc = try? BoardBinary.runTool(["cc", "-shared", "-fPIC", "-o", library.path, source.path, "-ldl"]) else {
            return .failure(BuildFailed(description: "cc could not be run"))
        }
        guard cc.status == 0 else { return .failure(BuildFailed(description: "cc could not build \(source.path): \(cc.stderr)")) }
        return .success("LD_PRELOAD=\(library.path)")
    }()
}
