import BoardCLI
import Foundation
import FuzzSupport

/// config.toml's bytes, as every command reads them at its start.
FuzzDriver.run(fuzzConfig)

func fuzzConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    do { _ = try ConfigFile.read(Data(fuzzInput(data, size)), path: "config.toml") } catch {
        // A malformed file stops every command, so its refusal must say where to look.
        guard let line = error.line else { Refusal.finding("config", "a refusal names no line: \(error)") }
        Refusal.check(place: "line \(line)", line: error.description, from: "config")
    }
    return 0
}
