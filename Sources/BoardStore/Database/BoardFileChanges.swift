import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Wakes a waiting process when the board's file or its WAL is written, by anyone (inotify on the
/// folder, so a file made or replaced later is seen too): a watch sleeps until there is something
/// to look at instead of looking every few milliseconds (ARCHITECTURE.md §7). A wake-up is only a
/// hint — `ChangeWatcher` still asks SQLite whether a commit happened.
public final class BoardFileChanges: @unchecked Sendable {
    /// The inotify descriptor, for a caller that waits on several things at once (`poll`).
    public let descriptor: Int32
    private let names: Set<String>

    /// Nil where inotify is not to be had (too many watches, another OS): the caller then looks on a timer.
    public init?(path: String) {
        let url = URL(fileURLWithPath: path)
        let fd = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE)
        guard inotify_add_watch(fd, url.deletingLastPathComponent().path, mask) >= 0 else {
            close(fd)
            return nil
        }
        descriptor = fd
        names = [url.lastPathComponent, url.lastPathComponent + "-wal"]
    }

    deinit { close(descriptor) }

    /// Waits until the board or its WAL is written or `seconds` pass; whether it was written.
    public func wait(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            let ready = poll(&waiting, 1, Int32(min(left, 3_600) * 1_000) + 1)
            // A signal (a stop asked for) ends the wait: the caller looks at why.
            guard ready > 0 else { return false }
            if drain() { return true }
        }
    }

    /// Reads the pending events; whether one names the board or its WAL.
    public func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        var touched = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return touched }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (length, name) = buffer.withUnsafeBytes { raw -> (Int, String) in
                    let event = raw.load(fromByteOffset: offset, as: inotify_event.self)
                    let start = offset + MemoryLayout<inotify_event>.size, size = Int(event.len)
                    let bytes = raw[start..<min(start + size, count)].prefix { $0 != 0 }
                    return (size, String(decoding: bytes, as: UTF8.self))
                }
                if names.contains(name) { touched = true }
                offset += MemoryLayout<inotify_event>.size + length
            }
        }
    }
}
