import Foundation
import Testing

/// `scripts/install` into a temporary PREFIX (issue 44: installed like a terminal tool): every
/// piece where its tool looks, working, and `--uninstall` takes each away.
@Suite struct InstallScriptTests {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The script, with the binaries the tests run instead of a release build of its own.
    func script(_ arguments: [String]) throws -> BoardBinary.Result {
        try BoardBinary.runTool([repository.appendingPathComponent("scripts/install").path] + arguments,
                                environment: ["BOARD_INSTALL_FROM": BoardBinary.url.deletingLastPathComponent().path])
    }

    @Test func everyPieceLandsWhereItsToolLooksAndUninstallTakesItAway() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("board-install-\(UUID().uuidString)").path
        let installed = try script([prefix])
        #expect(installed.status == 0, "\(installed.stderr)")
        func file(_ path: String) -> String? { try? String(contentsOfFile: prefix + "/" + path, encoding: .utf8) }
        // The two binaries side by side: board hands sync to the board-sync beside it.
        let version = try BoardBinary.runTool([prefix + "/bin/board", "--version"])
        #expect(version.stdout.hasPrefix("board "), "\(version.stderr)")
        let sync = try BoardBinary.runTool([prefix + "/bin/board", "sync", "--help"])
        #expect(sync.status == 0 && sync.stdout.contains("Sync this board"), "\(sync.stderr)")
        #expect(file("share/man/man1/board.1")?.contains(".TH BOARD 1") == true, "\(file("share/man/man1/board.1")?.prefix(200) ?? "no manual")")
        #expect(file("share/bash-completion/completions/board")?.contains("complete -o default -o nosort -F _board board") == true)
        #expect(file("share/zsh/site-functions/_board")?.hasPrefix("#compdef board") == true)
        #expect(file("share/fish/vendor_completions.d/board.fish")?.contains("complete -c board") == true)
        #expect(file("share/systemd/user/board-remind.service")?.contains("ExecStart=\(prefix)/bin/board remind --watch") == true)
        #expect(file("share/systemd/user/board-sync.service")?.contains("ExecStart=\(prefix)/bin/board sync --watch") == true)
        let removed = try script(["--uninstall", prefix])
        #expect(removed.status == 0)
        let left = FileManager.default.enumerator(atPath: prefix)?.compactMap { $0 as? String }.filter {
            var directory: ObjCBool = false
            return FileManager.default.fileExists(atPath: prefix + "/" + $0, isDirectory: &directory) && !directory.boolValue
        } ?? []
        #expect(left.isEmpty, "\(left)")
        // Issue 52: --uninstall left the empty folders it had made; --help said nothing.
        let folders = FileManager.default.enumerator(atPath: prefix)?.compactMap { $0 as? String } ?? []
        #expect(folders.isEmpty && FileManager.default.fileExists(atPath: prefix), "\(folders)")
        #expect(try script(["a", "b"]).status == 2)
        let help = try script(["--help"])
        #expect(help.status == 0 && help.stdout.contains("BOARD_INSTALL_FROM=DIR installs the binaries already built in DIR"), "\(help.stdout)")
    }
}
