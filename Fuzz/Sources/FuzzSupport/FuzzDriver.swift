import CFuzzerDriver
import Foundation

/// Runs libFuzzer with this process's command line over `target`. SwiftPM gives an executable its
/// own `main`, so a target calls libFuzzer's driver rather than leaving `main` to libFuzzer.
public enum FuzzDriver {
    public static func run(_ target: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, target))
    }
}

/// The bytes libFuzzer hands a target.
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}
