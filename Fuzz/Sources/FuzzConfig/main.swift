import BoardCLI
import Foundation
import FuzzSupport

/// config.toml's bytes, as every command reads them at its start.
FuzzDriver.run(fuzzConfig)

func fuzzConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    do { _ = try ConfigFile.read(Data(fuzzInput(data, size)), path: "config.toml") } catch {
        // A malformed file stops every command, so each of its refusals must say where to look.
        if error.faults.isEmpty { Refusal.finding("config", "a refusal names no fault") }
        for (fault, line) in zip(error.faults, error.lines) {
            guard let number = fault.line else { Refusal.finding("config", "a refusal names no line: \(line)") }
            Refusal.check(place: "line \(number)", line: line, from: "config")
        }
        if error.lines.count > ConfigError.shownFaults + 1 { Refusal.finding("config", "\(error.lines.count) lines of refusal for one file") }
    }
    return 0
}
