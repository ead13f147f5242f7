import BoardModel
import BoardStore
import Foundation

/// An import's bytes, mapped from its file rather than read into memory, so a file of any size
/// costs only the pages being read: the card reader gives back the pages it has read
/// (`dropPages`), and the kernel reads them again from the file if they are wanted (ARCHITECTURE.md §11).
/// What can't be mapped — a pipe (standard input, `<(task export)`) — is first copied to a
/// temporary file, unlinked at once, and mapped the same way.
final class MappedInput {
    let data: Data
    private let base: UnsafeMutableRawPointer?
    private let count: Int

    /// Maps `path` ("-": standard input); a file that can't be read is refused by its name.
    init(path: String) throws {
        let name = path == "-" ? "standard input" : "'\(path)'"
        let given = path == "-" ? dup(STDIN_FILENO) : open(path, O_RDONLY | O_CLOEXEC)
        guard given >= 0 else { throw BoardError("file", "can't read \(name): \(String(cString: strerror(errno)))") }
        defer { close(given) }
        var status = stat()
        guard fstat(given, &status) == 0 else { throw BoardError("file", "can't read \(name): \(String(cString: strerror(errno)))") }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw BoardError("file", "can't read \(name): it is a folder") }
        let fd = status.st_mode & S_IFMT == S_IFREG ? given : try Self.spooled(given, name: name)
        defer { if fd != given { close(fd) } }
        guard fstat(fd, &status) == 0 else { throw BoardError("file", "can't read \(name): \(String(cString: strerror(errno)))") }
        count = Int(status.st_size)
        guard count > 0 else { base = nil; data = Data(); return }
        guard let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else {
            throw BoardError("file", "can't read \(name): \(String(cString: strerror(errno)))")
        }
        base = mapped
        data = Data(bytesNoCopy: mapped, count: count, deallocator: .none)
    }

    deinit { if let base { munmap(base, count) } }

    /// Lets the pages of `range` go; read again, they come back from the file. Whole pages only.
    func dropPages(_ range: Range<Int>) {
        guard let base else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (range.lowerBound + page - 1) / page * page, end = min(range.upperBound, count) / page * page
        guard end > start else { return }
        madvise(base + start, end - start, MADV_DONTNEED)
    }

    /// What `source` gives, to its end, in a temporary file already unlinked: what can be mapped.
    private static func spooled(_ source: Int32, name: String) throws -> Int32 {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("board-import-\(UUID().uuidString)").path
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw BoardFileError.unusable(path: path, problem: String(cString: strerror(errno))) }
        unlink(path)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = read(source, &buffer, buffer.count)
            if n == 0 { return fd }
            if n < 0 {
                if errno == EINTR { continue }
                let problem = String(cString: strerror(errno))
                close(fd)
                throw BoardError("file", "can't read \(name): \(problem)")
            }
            var written = 0
            while written < n {
                let w = buffer.withUnsafeBytes { write(fd, $0.baseAddress! + written, n - written) }
                if w < 0 {
                    if errno == EINTR { continue }
                    let problem = String(cString: strerror(errno)), full = errno == ENOSPC
                    close(fd)
                    throw full ? BoardFileError.diskFull(path: path) : BoardFileError.unusable(path: path, problem: problem)
                }
                written += w
            }
        }
    }
}
