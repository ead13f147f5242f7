import BoardModel
import Foundation
import GRDB

/// The board's file can't be used, whatever was typed: it is missing, read-only, on a full disk,
/// under a folder that can't be made. The CLI exits with status 3 for these (bad input is 2),
/// and the screen shows the sentence inline (ARCHITECTURE.md §10).
public enum BoardFileError: Error, Equatable, CustomStringConvertible, Sendable {
    case missing(path: String)
    case readOnly(path: String)
    case diskFull(path: String)
    case folder(path: String, problem: String)
    case unusable(path: String, problem: String)

    public var description: String {
        switch self {
        case .missing(let path): "no board at \(path) yet; `board add TITLE` or `board` creates it"
        case .readOnly(let path): "\(path) is read-only; Board can show it but not change it (nothing was written)"
        case .diskFull(let path): "the disk holding \(path) is full; nothing was written"
        case .folder(let path, let problem): "cannot create the folder \(path): \(problem)"
        case .unusable(let path, let problem): "cannot use \(path): \(problem)"
        }
    }

    /// What a database error means for the user: the file's fault (this type), a rule of the
    /// board refused by the schema (a `BoardError`), or nil for anything else.
    public static func classify(_ error: DatabaseError, path: String) -> Error? {
        switch error.resultCode {
        case .SQLITE_FULL: return BoardFileError.diskFull(path: path)
        case .SQLITE_READONLY: return BoardFileError.readOnly(path: path)
        case .SQLITE_IOERR, .SQLITE_CANTOPEN, .SQLITE_NOTADB, .SQLITE_CORRUPT, .SQLITE_PERM, .SQLITE_AUTH:
            return BoardFileError.unusable(path: path, problem: (error.message ?? "\(error.resultCode)").lowercased())
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return BoardFileError.unusable(path: path, problem: "another process held it locked for 10 seconds; try again")
        case .SQLITE_CONSTRAINT:
            return BoardError("board", "refused by the board's rules (\(error.message ?? "a constraint failed")); nothing was written")
        default: return nil
        }
    }
}
